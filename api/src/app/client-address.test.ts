import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineRoute } from '../http/route.ts'
import type { RunningServer } from './server.ts'
import { listenWithoutStore } from './store-free-app.ts'

const logger = pino({ level: 'silent' })

/** Answers the address the app holds the request to come from: the one the rate limits count. */
const whoAmI = defineRoute({
  method: 'GET',
  path: '/api/test/address',
  resource: 'test',
  summary: 'The client address as the app sees it',
  response: z.object({ ip: z.string() }),
  handler: async ({ ctx }) => ({ ip: ctx.ip }),
})

/**
 * TRUST_PROXY is the number of reverse proxies in front of the app. Each appends the address it saw to
 * X-Forwarded-For, so only that many entries from the right were written by someone trusted; whatever
 * the client itself sent stands left of them and must never be taken as its address.
 */
describe('client address behind reverse proxies', () => {
  const servers: RunningServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
  })

  const addressSeen = async (trustProxy: number, forwardedFor?: string) => {
    const server = await listenWithoutStore({ logger, trustProxy, routes: [whoAmI] })
    servers.push(server)
    const res = await fetch(`${server.url}/api/test/address`, {
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
    return ((await res.json()) as { ip: string }).ip
  }

  // The client wrote 6.6.6.6; the first proxy saw the client at 203.0.113.7, the second saw the first
  // proxy at 10.0.0.2.
  const chain = '6.6.6.6, 203.0.113.7, 10.0.0.2'

  it('ignores X-Forwarded-For without proxies (0)', async () => {
    expect(await addressSeen(0, chain)).toBe('127.0.0.1')
  })

  it('takes the entry the one proxy appended (1), never what the client wrote', async () => {
    expect(await addressSeen(1, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7')
    expect(await addressSeen(1, chain)).toBe('10.0.0.2')
  })

  it('takes the entry the outer proxy appended with two hops (2)', async () => {
    expect(await addressSeen(2, chain)).toBe('203.0.113.7')
    // Fewer entries than hops (a request that reached the inner proxy directly): the entry it wrote.
    expect(await addressSeen(2, '203.0.113.9')).toBe('203.0.113.9')
  })

  it('falls back to the socket address when a proxy sent no header', async () => {
    expect(await addressSeen(1)).toBe('127.0.0.1')
  })
})
