import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type CodeLibrary, codeLibrary, type ExchangeRates, exchangeRates } from '@ludex/schemas'
import {
  createPlatformModel,
  exchangeRatesAt,
  type SimulatorServer,
  startSimulatorServer,
} from '@ludex/workers'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiFixture,
  asUser,
  type ErrorBody,
  FIXTURE,
  getJson,
  sendJson,
  startApiFixture,
} from './fixture.ts'

/**
 * The staff tools' calls: GET /api/exchange-rates (editors and admins) and GET /api/code-library
 * (VIEW_CODE_LIBRARY), and the frame the Content-Security-Policy opens for the library.
 */

const LIBRARY = 'https://library.example.com/snippets/index.html'
const logger = pino({ level: 'silent' })

/**
 * The provider the fixture is configured with: the simulated provider, relayed, unless a test makes it
 * fail (`mode`). It counts the requests that reach it.
 */
interface Provider {
  mode: 'relay' | 'status' | 'hang-up'
  requests: number
  readonly url: string
  readonly server: Server
}

async function startProvider(simulator: SimulatorServer): Promise<Provider> {
  const state = { mode: 'relay' as Provider['mode'], requests: 0 }
  const server = createServer((_req, res) => {
    state.requests++
    if (state.mode === 'status') {
      res.writeHead(503).end()
      return
    }
    if (state.mode === 'hang-up') {
      res.socket?.destroy()
      return
    }
    void fetch(simulator.exchangeRatesUrl)
      .then((r) => r.text())
      .then((text) => res.writeHead(200, { 'content-type': 'application/json' }).end(text))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v6/latest/USD`
  return Object.assign(state, { url, server })
}

describe('the staff tools’ calls', () => {
  const clock = { now: FIXTURE.now }
  const model = createPlatformModel({ seed: FIXTURE.seed, experiences: 10 })
  let simulator: SimulatorServer
  let provider: Provider
  let f: ApiFixture
  let viewer: ApiFixture
  let editor: ApiFixture
  let admin: ApiFixture
  beforeAll(async () => {
    simulator = await startSimulatorServer({ model, clock: () => clock.now, faultRate: 0, logger })
    provider = await startProvider(simulator)
    f = await startApiFixture({
      env: { EXCHANGE_RATES_URL: provider.url, CODE_LIBRARY_URL: LIBRARY },
      now: () => clock.now,
    })
    ;[viewer, editor, admin] = [
      await asUser(f, 'viewer'),
      await asUser(f, 'editor'),
      await asUser(f, 'admin'),
    ]
  })
  afterAll(async () => {
    await f?.close()
    provider?.server.closeAllConnections()
    provider?.server.close()
    await simulator?.close()
  })

  const rates = (who: ApiFixture) => getJson<ExchangeRates & ErrorBody>(who, '/api/exchange-rates')
  const expected = (ms: number): ExchangeRates => {
    const answer = exchangeRatesAt(model.seed, ms)
    return {
      base: 'USD',
      updated: new Date(answer.time_last_update_unix * 1000).toISOString(),
      expires: new Date(answer.time_next_update_unix * 1000).toISOString(),
      rates: { EUR: answer.rates.EUR, SEK: answer.rates.SEK },
    }
  }

  it('GET /api/exchange-rates is for editors and admins: 401 for visitors, 403 for viewers', async () => {
    expect((await rates(f)).status).toBe(401)
    const denied = await rates(viewer)
    expect(denied.status).toBe(403)
    expect(denied.body.error.message).toBe('This call is for editors and admins')
    for (const staff of [editor, admin]) {
      const res = await rates(staff)
      expect(res.status).toBe(200)
      expect(exchangeRates.parse(res.body)).toEqual(expected(clock.now))
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    // The role in effect decides: an admin simulating a viewer is refused too.
    await sendJson(admin, 'POST', '/api/auth/simulate-role')
    await sendJson(admin, 'POST', '/api/auth/simulate-role')
    expect((await rates(admin)).status).toBe(403)
    await sendJson(admin, 'POST', '/api/auth/simulate-role')
    expect((await rates(admin)).status).toBe(200)
  })

  it('asks the provider once until the expiry it states, then says why it failed (502)', async () => {
    const before = provider.requests
    // Cached by the first test's calls: the provider is not asked.
    const first = await rates(editor)
    expect(first.status).toBe(200)
    // Served from the cache even while the provider is down, up to its expiry.
    provider.mode = 'status'
    const expiry = Date.parse(first.body.expires)
    clock.now = expiry - 60_000
    expect((await rates(admin)).body).toEqual(first.body)
    expect(provider.requests).toBe(before)
    // Past it: asked again, and the failure is the converter's reason to show USD only.
    clock.now = expiry + 60_000
    const down = await rates(editor)
    expect(down.status).toBe(502)
    expect(down.body.error).toEqual({
      code: 'upstream_unavailable',
      message: 'The exchange-rate provider answered with status 503',
    })
    provider.mode = 'hang-up'
    const gone = await rates(editor)
    expect(gone.status).toBe(502)
    expect(gone.body.error.message).toBe('The exchange-rate provider could not be reached')
    // No failure is cached: back up, the next request gets the new day's rates.
    provider.mode = 'relay'
    const next = await rates(editor)
    expect(next.status).toBe(200)
    expect(next.body).toEqual(expected(clock.now))
    expect(next.body.rates).not.toEqual(first.body.rates)
    // The 503, the hang-up and the new day's rates; nothing else reached it.
    expect(provider.requests).toBe(before + 3)
  })

  it('GET /api/code-library needs VIEW_CODE_LIBRARY and names the configured page', async () => {
    expect((await getJson(f, '/api/code-library')).status).toBe(401)
    const denied = await getJson<ErrorBody>(viewer, '/api/code-library')
    expect(denied.status).toBe(403)
    expect(denied.body.error.message).toContain('VIEW_CODE_LIBRARY')
    for (const staff of [editor, admin]) {
      const res = await getJson<CodeLibrary>(staff, '/api/code-library')
      expect(res.status).toBe(200)
      expect(codeLibrary.parse(res.body)).toEqual({ url: LIBRARY })
    }
  })

  it('opens the CSP’s frame-src to the library’s origin only, on every answer', async () => {
    for (const path of ['/api/code-library', '/healthz', '/api/place?slim']) {
      const csp = (await getJson(editor, path)).headers.get('content-security-policy') ?? ''
      const frame = csp.split('; ').find((d) => d.startsWith('frame-src'))
      expect(frame, path).toBe("frame-src 'self' https://library.example.com")
      expect(csp).toContain("frame-ancestors 'none'")
    }
  })
})
