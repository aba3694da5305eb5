import {
  DEVEX_CURRENT_RATE_SINCE,
  DEVEX_USD_PER_ROBUX_CURRENT,
  ROBUX_PER_USD,
  USD_PER_ROBUX,
} from '@ludex/schemas'

export const ROBUX_TITLE = 'Robux Converter'

const since = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
  new Date(`${DEVEX_CURRENT_RATE_SINCE}T00:00:00Z`),
)

/** The converter's own rate, as the spec fixes it (part 2 §9). */
export const CONVERTER_RATE = `1 Robux = ${USD_PER_ROBUX} USD · 1 USD = ${ROBUX_PER_USD} Robux`

/** The Developer Exchange's current rate, and why both are shown. */
export const DEVEX_RATE = `Developer Exchange: ${DEVEX_USD_PER_ROBUX_CURRENT} USD per Robux earned since ${since}.`
export const DEVEX_SPAN =
  `Robux earned before then cash out at ${USD_PER_ROBUX} USD, and are cashed out first: one balance ` +
  'can span both rates, so its worth lies between the two columns.'
export const DEVEX_SOURCE = 'Developer Exchange Help and Info Page'

/** Said when the day's EUR and SEK rates could not be had: the converter shows USD only. */
export const ratesUnavailable = (why: string) =>
  `Exchange rates are unavailable (${why}), so amounts are shown in USD only.`
