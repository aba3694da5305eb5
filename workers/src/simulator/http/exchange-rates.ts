import { exchangeRatesAt, type PlatformModel } from '../model/index.ts'
import type { Reply } from './wire.ts'

/** The simulated exchange-rate provider's service name: `/{service}/v6/latest/USD`. */
export const EXCHANGE_RATES_SERVICE = 'exchange-rates'
export const EXCHANGE_RATES_PATH = '/v6/latest/USD'

/**
 * The exchange-rate provider of the embedded shape, in the real one's shape (ExchangeRate-API open
 * access): the USD base only (the converter asks for nothing else); any other base answers as the
 * real provider does for a code it does not support. Never subject to the simulator's injected faults,
 * which model Roblox's hosts, not this provider.
 */
export function exchangeRatesReply(model: PlatformModel, method: string, path: string, nowMs: number): Reply {
  if (method === 'GET' && path === EXCHANGE_RATES_PATH) {
    return { status: 200, body: exchangeRatesAt(model.seed, nowMs) }
  }
  return { status: 404, body: { result: 'error', 'error-type': 'unsupported-code' } }
}
