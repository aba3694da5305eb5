import { exchangeRates } from '@ludex/schemas'
import { ExchangeRatesUnavailable } from '../../exchange-rates/provider.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'

/**
 * The Robux converter's daily rates (part 2 §3, §7, §9). For editors and admins, as the converter is:
 * the call makes the server ask a third party on a miss, which nobody else needs to be able to make
 * it do, and a staff-only page has no use for a public copy.
 */
export const exchangeRatesRoute = defineRoute({
  method: 'GET',
  path: '/api/exchange-rates',
  resource: 'tools',
  summary: 'The USD rates of EUR and SEK for the Robux converter, and when they expire',
  description:
    'Read from the exchange-rate provider (EXCHANGE_RATES_URL; the simulator in the embedded shape) for ' +
    'the USD base and kept, shared by every replica, until the next update it states (`expires`). ' +
    '`rates` are units per 1 USD. 502 when the provider cannot be reached or answers otherwise than with ' +
    'those rates (the message says which; the converter then shows USD only), 503 when no provider is ' +
    'configured.',
  response: exchangeRates,
  requires: 'staff',
  errors: [502, 503],
  handler: async ({ deps }) => {
    if (!deps.exchangeRates) {
      throw new ApiError(503, 'not_configured', 'No exchange-rate provider is configured')
    }
    try {
      return await deps.exchangeRates()
    } catch (err) {
      if (!(err instanceof ExchangeRatesUnavailable)) throw err
      deps.logger.warn({ err }, 'exchange rates unavailable')
      throw new ApiError(502, 'upstream_unavailable', err.message, undefined, { cause: err })
    }
  },
})
