import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { createRedisHostPacer, createRobloxClient, RateLimiterError } from '@ludex/workers'
import { hostPacerContract } from '@ludex/workers/testing'
import { Redis } from 'ioredis'
import pino from 'pino'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { useRedisServer } from '../harness/redis-fixture.ts'

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })

const shared = useRedisServer()

// Each pacer on a connection of its own: a poller process, as far as Redis can tell.
hostPacerContract('Redis', () => {
  const prefix = shared.prefix()
  const connections: Redis[] = []
  return {
    pacer: (egress, o) => {
      const redis = new Redis(shared.server.url)
      connections.push(redis)
      return createRedisHostPacer({ redis, prefix, egress, ...o, logger })
    },
    settle: async () => {
      await Promise.all(connections.map((c) => c.ping()))
    },
    close: async () => {
      for (const c of connections) c.disconnect()
    },
  }
})

/** A games host on loopback recording when each request arrived; the first `throttle` answer 429. */
async function gamesHost(throttle = 0, retryAfterS = 0) {
  const arrivals: number[] = []
  const server: Server = createServer((req, res) => {
    arrivals.push(performance.now())
    if (arrivals.length <= throttle) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfterS) })
      res.end(JSON.stringify({ errors: [{ code: 0, message: 'Too many requests' }] }))
      return
    }
    const ids = new URL(req.url ?? '/', 'http://x').searchParams.get('universeIds') ?? ''
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({ data: ids.split(',').map((id) => ({ id: Number(id), upVotes: 1, downVotes: 0 })) }),
    )
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return { arrivals, server, baseTemplate: `http://127.0.0.1:${port}/{service}` }
}

describe('per-host pacing shared through Redis', () => {
  const connections: Redis[] = []
  const servers: Server[] = []
  let prefixes = 0
  const connect = () => {
    const c = new Redis(shared.server.url)
    connections.push(c)
    return c
  }

  afterEach(() => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections()
      s.close()
    }
  })
  afterAll(() => {
    for (const c of connections.splice(0)) c.disconnect()
  })

  it('spaces the requests of two poller processes to one host as one budget', async () => {
    const host = await gamesHost()
    servers.push(host.server)
    const intervalMs = 80
    const prefix = `p${++prefixes}`
    // Two clients, each with its own Redis connection: two processes as far as pacing can tell.
    const clients = [0, 1].map(() =>
      createRobloxClient({
        baseTemplate: host.baseTemplate,
        userAgent: 'ludex-test',
        hostIntervalMs: intervalMs,
        timeoutMs: 5_000,
        maxRetries: 0,
        logger,
        pacer: createRedisHostPacer({ redis: connect(), prefix, intervalMs, jitter: 0, logger }),
      }),
    )
    // One request each first, so the measured ones reuse open connections instead of timing a handshake.
    await Promise.all(clients.map((client) => client.getVotes([99])))
    host.arrivals.length = 0
    const perClient = 5
    await Promise.all(
      clients.flatMap((client) => Array.from({ length: perClient }, (_, i) => client.getVotes([i + 1]))),
    )
    const arrivals = [...host.arrivals].sort((a, b) => a - b)
    expect(arrivals).toHaveLength(2 * perClient)
    const gaps = arrivals.slice(1).map((t, i) => t - (arrivals[i] ?? t))
    // Each process alone would send its five within 4 intervals (320 ms); sharing one budget, the ten
    // span 9 (720 ms). The margin of half an interval covers a late first arrival on a busy machine.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual((2 * perClient - 1.5) * intervalMs)
    // Single pairs are only checked loosely, for the same reason; the span above is the strict measure.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(intervalMs / 2)
  })

  it("a throttle seen by one process holds back the other's next request and widens the spacing", async () => {
    const prefix = `p${++prefixes}`
    const a = createRedisHostPacer({ redis: connect(), prefix, intervalMs: 10, jitter: 0, logger })
    const b = createRedisHostPacer({ redis: connect(), prefix, intervalMs: 10, jitter: 0, logger })
    await b.acquire('games')
    expect(b.slowdown('games')).toBe(1)
    const penalizedAt = performance.now()
    a.penalize('games', 300)
    // Lets the fire-and-forget penalty reach Redis before b asks (one connection each).
    await connections.at(-2)!.ping()
    await b.acquire('games')
    expect(performance.now() - penalizedAt).toBeGreaterThanOrEqual(290)
    expect(b.slowdown('games')).toBe(2)
    a.relax('games')
    await connections.at(-2)!.ping()
    await b.acquire('games')
    expect(b.slowdown('games')).toBeCloseTo(1.8, 5)
  })

  it('passes a 429 and its retry-after from one client to the other', async () => {
    const host = await gamesHost(1, 1)
    servers.push(host.server)
    const prefix = `p${++prefixes}`
    const clientOf = () =>
      createRobloxClient({
        baseTemplate: host.baseTemplate,
        userAgent: 'ludex-test',
        hostIntervalMs: 0,
        timeoutMs: 5_000,
        maxRetries: 2,
        logger,
        pacer: createRedisHostPacer({ redis: connect(), prefix, intervalMs: 0, jitter: 0, logger }),
      })
    const [first, second] = [clientOf(), clientOf()]
    await first.getVotes([1]) // 429 with retry-after 1 s, then retried
    const penalizedAt = host.arrivals[0]!
    await second.getVotes([2])
    // The second process never asked before the retry-after the first one was told.
    expect(host.arrivals).toHaveLength(3)
    expect(Math.min(host.arrivals[1]!, host.arrivals[2]!) - penalizedAt).toBeGreaterThanOrEqual(950)
  })

  it('stops waiting when the request is aborted, and the host stays usable', async () => {
    const prefix = `p${++prefixes}`
    const pacer = createRedisHostPacer({ redis: connect(), prefix, intervalMs: 10, jitter: 0, logger })
    await pacer.acquire('thumbnails')
    pacer.penalize('thumbnails', 5_000)
    const controller = new AbortController()
    const waiting = pacer.acquire('thumbnails', controller.signal)
    setTimeout(() => controller.abort(new Error('poll cancelled')), 50)
    await expect(waiting).rejects.toThrow('poll cancelled')
    // Another host is not held up by the throttled one.
    await pacer.acquire('games')
  })

  it('fails with RateLimiterError when Redis cannot be reached', async () => {
    const down = new Redis(shared.server.url, { lazyConnect: true, enableOfflineQueue: false })
    connections.push(down)
    const pacer = createRedisHostPacer({ redis: down, intervalMs: 10, jitter: 0, logger })
    await expect(pacer.acquire('games')).rejects.toBeInstanceOf(RateLimiterError)
  })
})
