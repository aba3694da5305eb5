import { type ExchangeRates, exchangeRatesProviderAnswer } from '@ludex/schemas'
import type { AggregateCache } from '../cache/aggregate-cache.ts'

/** The exchange rates of the Robux converter, as the API serves them (cached until they expire). */
export type ExchangeRatesSource = () => Promise<ExchangeRates>

/** Why the provider's rates could not be had, in words the converter shows its users. */
export class ExchangeRatesUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ExchangeRatesUnavailable'
  }
}

/** A provider slower than this is taken as down: the converter then shows USD only. */
export const EXCHANGE_RATES_TIMEOUT_MS = 5_000

/**
 * Reads the provider's rates for the USD base (part 2 §7: the next-update time and the SEK and EUR
 * rates), checked against the provider's schema. Every way it can fail is an ExchangeRatesUnavailable
 * that says which.
 */
export function exchangeRatesClient(options: {
  readonly url: string
  readonly timeoutMs?: number
  /** The HTTP client (the platform's fetch unless a test counts the requests it makes). */
  readonly fetch?: typeof fetch
}): ExchangeRatesSource {
  const send = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? EXCHANGE_RATES_TIMEOUT_MS
  return async () => {
    let res: Response
    try {
      res = await send(options.url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError'
      throw new ExchangeRatesUnavailable(
        timedOut
          ? `The exchange-rate provider did not answer within ${timeoutMs / 1000} s`
          : 'The exchange-rate provider could not be reached',
        { cause },
      )
    }
    if (!res.ok) {
      await res.body?.cancel()
      throw new ExchangeRatesUnavailable(`The exchange-rate provider answered with status ${res.status}`)
    }
    let body: unknown
    try {
      body = await res.json()
    } catch (cause) {
      throw new ExchangeRatesUnavailable(
        'The exchange-rate provider answered with something other than JSON',
        {
          cause,
        },
      )
    }
    const parsed = exchangeRatesProviderAnswer.safeParse(body)
    if (!parsed.success) {
      throw new ExchangeRatesUnavailable(
        'The exchange-rate provider answered without the USD rates of EUR and SEK',
        {
          cause: parsed.error,
        },
      )
    }
    const answer = parsed.data
    return {
      base: 'USD',
      updated: new Date(answer.time_last_update_unix * 1000).toISOString(),
      expires: new Date(answer.time_next_update_unix * 1000).toISOString(),
      rates: { EUR: answer.rates.EUR, SEK: answer.rates.SEK },
    }
  }
}

/** Rates whose stated expiry has passed (a late provider) are asked for again after this long. */
export const EXPIRED_RATES_RETRY_MS = 60_000
/** No copy is kept longer than this, whatever expiry the provider states. */
export const RATES_MAX_TTL_MS = 2 * 86_400_000

/** The cache key of the USD rates (shared by every replica through the aggregate cache). */
export const EXCHANGE_RATES_CACHE_KEY = 'exchange-rates:USD'

/**
 * The provider's rates, kept in the aggregate cache (Redis with REDIS_URL) until the next update the
 * provider states, so it is asked about once a day whatever the traffic. A failure is not cached.
 */
export function cachedExchangeRates(options: {
  readonly source: ExchangeRatesSource
  readonly cache: AggregateCache
  readonly now: () => number
}): ExchangeRatesSource {
  const { source, cache, now } = options
  const ttl = (rates: ExchangeRates) =>
    Math.min(Math.max(Date.parse(rates.expires) - now(), EXPIRED_RATES_RETRY_MS), RATES_MAX_TTL_MS)
  return () => cache.get(EXCHANGE_RATES_CACHE_KEY, ttl, source)
}
