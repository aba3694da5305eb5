import type { ExchangeRatesProviderAnswer } from '@ludex/schemas'
import { DAY_MS } from './constants.ts'
import { unit } from './prng.ts'

/** Where the simulated rates sit (units per 1 USD); each day's rate is within ±2 % of it. */
const CENTRES = { EUR: 0.92, SEK: 10.6, GBP: 0.79 } as const
/** The provider publishes once a day, a couple of seconds after midnight UTC. */
const PUBLISH_OFFSET_S = 2
const STREAM = 0x0e8a7e

/**
 * The rates the simulated provider publishes for the UTC day holding `ms`, in the shape of the real
 * provider's answer for the USD base (ExchangeRate-API open access): a pure function of seed and day,
 * so the API's client can be checked against the numbers it must have read.
 */
export function exchangeRatesAt(seed: number, ms: number): ExchangeRatesProviderAnswer {
  const day = Math.floor(ms / DAY_MS)
  const published = day * 86_400 + PUBLISH_OFFSET_S
  // A time before that day's publication still reads the previous day's rates.
  const current = ms / 1000 < published ? day - 1 : day
  const lastUpdate = current * 86_400 + PUBLISH_OFFSET_S
  const rateOf = (code: keyof typeof CENTRES, n: number) => {
    const drift = (unit(seed, current, STREAM, n) - 0.5) * 0.04
    return Math.round(CENTRES[code] * (1 + drift) * 1e6) / 1e6
  }
  return {
    result: 'success',
    provider: 'Ludex platform simulator',
    time_last_update_unix: lastUpdate,
    time_last_update_utc: new Date(lastUpdate * 1000).toUTCString(),
    time_next_update_unix: lastUpdate + 86_400,
    time_next_update_utc: new Date((lastUpdate + 86_400) * 1000).toUTCString(),
    time_eol_unix: 0,
    base_code: 'USD',
    rates: { USD: 1, EUR: rateOf('EUR', 1), GBP: rateOf('GBP', 2), SEK: rateOf('SEK', 3) },
  }
}
