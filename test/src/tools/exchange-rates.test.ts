import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  cachedExchangeRates,
  createMemoryAggregateCache,
  createRedisAggregateCache,
  EXCHANGE_RATES_CACHE_KEY,
  ExchangeRatesUnavailable,
  exchangeRatesClient,
} from '@ludex/api'
import { closedPort } from '@ludex/pipelines/testing'
import type { ExchangeRates } from '@ludex/schemas'
import {
  createPlatformModel,
  exchangeRatesAt,
  type SimulatorServer,
  startSimulatorServer,
} from '@ludex/workers'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useRedisServer } from '../harness/redis-fixture.ts'

/**
 * The Robux converter's rates client (api/src/exchange-rates) against the simulated provider over
 * HTTP: what it reads, how long the cache keeps it (until the provider's stated next update), and
 * each way the provider can fail.
 */

const logger = pino({ level: 'silent' })
const model = createPlatformModel({ seed: 77, experiences: 10 })
/** 2026-11-20 22:00 UTC: the day's rates were published at 00:00:02 and the next come at 00:00:02. */
const START = Date.UTC(2026, 10, 20, 22, 0, 0)
const NEXT_UPDATE = Date.UTC(2026, 10, 21, 0, 0, 2)

const redis = useRedisServer()
const clock = { now: START }
let simulator: SimulatorServer
beforeAll(async () => {
  simulator = await startSimulatorServer({ model, clock: () => clock.now, faultRate: 0, logger })
})
afterAll(async () => {
  await simulator.close()
})

/** What the client must have read at `ms`: the simulator's own numbers, as the API serves them. */
function expected(ms: number): ExchangeRates {
  const answer = exchangeRatesAt(model.seed, ms)
  return {
    base: 'USD',
    updated: new Date(answer.time_last_update_unix * 1000).toISOString(),
    expires: new Date(answer.time_next_update_unix * 1000).toISOString(),
    rates: { EUR: answer.rates.EUR, SEK: answer.rates.SEK },
  }
}

/** The real fetch, counting the requests that reach the provider. */
function countingFetch() {
  const counted = Object.assign(
    (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      counted.requests++
      return fetch(input, init)
    },
    { requests: 0 },
  )
  return counted
}

/** A loopback provider answering every request with `reply` (the failure shapes the simulator has not). */
async function provider(
  reply: (res: import('node:http').ServerResponse) => void,
): Promise<Server & { url: string }> {
  const server = createServer((_req, res) => reply(res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(server, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v6/latest/USD`,
  })
}

async function unavailable(read: () => Promise<unknown>): Promise<string> {
  const err = await read().then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ExchangeRatesUnavailable)
  return (err as Error).message
}

describe('the exchange rates client against the simulated provider', () => {
  it('reads the USD rates of EUR and SEK and when they expire', async () => {
    clock.now = START
    const read = exchangeRatesClient({ url: simulator.exchangeRatesUrl })
    const rates = await read()
    expect(rates).toEqual(expected(START))
    expect(rates.expires).toBe(new Date(NEXT_UPDATE).toISOString())
  })

  it('keeps them until the expiry the provider states, then asks again and gets the new day’s', async () => {
    clock.now = START
    const http = countingFetch()
    const rates = cachedExchangeRates({
      source: exchangeRatesClient({ url: simulator.exchangeRatesUrl, fetch: http }),
      cache: createMemoryAggregateCache(() => clock.now),
      now: () => clock.now,
    })
    const first = await rates()
    expect(http.requests).toBe(1)
    // Two hours later, a second before the next update: still the cached copy, nothing asked.
    clock.now = NEXT_UPDATE - 1000
    expect(await rates()).toEqual(first)
    expect(http.requests).toBe(1)
    // The update is out: the cache lets go and the new rates are read.
    clock.now = NEXT_UPDATE + 1000
    const next = await rates()
    expect(http.requests).toBe(2)
    expect(next).toEqual(expected(NEXT_UPDATE + 1000))
    expect(next.rates).not.toEqual(first.rates)
    expect(await rates()).toEqual(next)
    expect(http.requests).toBe(2)
  })

  it('keeps them in Redis for every replica, with the stated expiry as the entry’s TTL', async () => {
    clock.now = START
    const prefix = redis.prefix('rates')
    const replica = async () =>
      createRedisAggregateCache({ redis: await redis.connect(), prefix, logger, localTtlMs: 0 })
    const http = countingFetch()
    const source = exchangeRatesClient({ url: simulator.exchangeRatesUrl, fetch: http })
    const [a, b] = [await replica(), await replica()]
    const onA = cachedExchangeRates({ source, cache: a, now: () => clock.now })
    const onB = cachedExchangeRates({ source, cache: b, now: () => clock.now })
    const read = await onA()
    expect(await onB()).toEqual(read)
    expect(http.requests).toBe(1)
    const conn = await redis.connect()
    const pttl = await conn.pttl(`${prefix}:cache:v:${EXCHANGE_RATES_CACHE_KEY}`)
    // Two hours and two seconds, less the moments the test took.
    expect(pttl).toBeGreaterThan(NEXT_UPDATE - START - 60_000)
    expect(pttl).toBeLessThanOrEqual(NEXT_UPDATE - START)
  })

  it('asks again a minute later when the provider states an expiry already past', async () => {
    // The provider's clock is behind: at 00:00:01 it still serves yesterday's rates, expiring at 00:00:02.
    clock.now = NEXT_UPDATE - 1000
    let now = NEXT_UPDATE + 3_600_000
    const http = countingFetch()
    const rates = cachedExchangeRates({
      source: exchangeRatesClient({ url: simulator.exchangeRatesUrl, fetch: http }),
      cache: createMemoryAggregateCache(() => now),
      now: () => now,
    })
    await rates()
    now += 59_000
    await rates()
    expect(http.requests).toBe(1)
    now += 2_000
    await rates()
    expect(http.requests).toBe(2)
  })

  it('says why when the provider cannot be reached, answers with an error status or the wrong shape', async () => {
    clock.now = START
    const closed = `http://127.0.0.1:${await closedPort()}/v6/latest/USD`
    expect(await unavailable(exchangeRatesClient({ url: closed }))).toBe(
      'The exchange-rate provider could not be reached',
    )
    // The simulated provider has only the USD base: another is its 404.
    const eur = simulator.exchangeRatesUrl.replace(/USD$/, 'EUR')
    expect(await unavailable(exchangeRatesClient({ url: eur }))).toBe(
      'The exchange-rate provider answered with status 404',
    )
    const servers = [
      await provider((res) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>maintenance</h1>'),
      ),
      await provider((res) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ result: 'success', base_code: 'USD', rates: { EUR: 0.9 } })),
      ),
      // Accepts the request and never answers.
      await provider(() => {}),
    ]
    try {
      const [html, partial, silent] = servers
      expect(await unavailable(exchangeRatesClient({ url: html!.url }))).toBe(
        'The exchange-rate provider answered with something other than JSON',
      )
      expect(await unavailable(exchangeRatesClient({ url: partial!.url }))).toBe(
        'The exchange-rate provider answered without the USD rates of EUR and SEK',
      )
      expect(await unavailable(exchangeRatesClient({ url: silent!.url, timeoutMs: 300 }))).toBe(
        'The exchange-rate provider did not answer within 0.3 s',
      )
    } finally {
      for (const s of servers) {
        s.closeAllConnections()
        s.close()
      }
    }
  })

  it('caches no failure: the next request asks the provider again', async () => {
    clock.now = START
    let failing = true
    const flaky = await provider((res) => {
      if (failing) {
        res.writeHead(503).end()
        return
      }
      void fetch(simulator.exchangeRatesUrl)
        .then((r) => r.text())
        .then((text) => res.writeHead(200, { 'content-type': 'application/json' }).end(text))
    })
    try {
      const http = countingFetch()
      const rates = cachedExchangeRates({
        source: exchangeRatesClient({ url: flaky.url, fetch: http }),
        cache: createMemoryAggregateCache(() => clock.now),
        now: () => clock.now,
      })
      expect(await unavailable(rates)).toBe('The exchange-rate provider answered with status 503')
      failing = false
      expect(await rates()).toEqual(expected(START))
      expect(http.requests).toBe(2)
    } finally {
      flaky.closeAllConnections()
      flaky.close()
    }
  })
})
