import { z } from 'zod'
import { isoTime } from './primitives.ts'

/*
 * The staff tools' calls (part 2 §2.10, §3, §7): the exchange rates of the Robux converter and the
 * address of the code library. Also the answer of the exchange-rate provider the API reads (the
 * ExchangeRate-API "open access" shape, `GET <provider>/v6/latest/USD`), which the simulator serves in
 * the embedded shape: one schema for both sides.
 */

const rate = z.number().positive().finite()

/** The currencies the converter shows besides USD (part 2 §9: EUR and SEK via daily rates). */
export const CONVERTER_CURRENCIES = ['EUR', 'SEK'] as const
export type ConverterCurrency = (typeof CONVERTER_CURRENCIES)[number]

/**
 * What the provider answers for the USD base: when the rates were published, when the next ones will
 * be, and the rates (units of each currency per 1 USD). Other currencies and fields are allowed and
 * ignored; EUR and SEK must be there.
 */
export const exchangeRatesProviderAnswer = z.looseObject({
  result: z.literal('success'),
  base_code: z.literal('USD'),
  time_last_update_unix: z.number().int().nonnegative(),
  time_next_update_unix: z.number().int().nonnegative(),
  rates: z.looseObject({ EUR: rate, SEK: rate }),
})
export type ExchangeRatesProviderAnswer = z.infer<typeof exchangeRatesProviderAnswer>

/** The exchange rates object (part 2 §3): when it expires and the SEK and EUR rates per 1 USD. */
export const exchangeRates = z.object({
  base: z.literal('USD'),
  /** When the provider published these rates. */
  updated: isoTime,
  /** When the provider publishes the next ones: the cached copy is kept until then. */
  expires: isoTime,
  rates: z.object({ EUR: rate, SEK: rate }),
})
export type ExchangeRates = z.infer<typeof exchangeRates>

/** The code library's page (CODE_LIBRARY_URL), or null when none is configured. */
export const codeLibrary = z.object({ url: z.url().nullable() })
export type CodeLibrary = z.infer<typeof codeLibrary>
