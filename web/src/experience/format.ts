import { formatDuration, playStatusName } from '@ludex/schemas'

/** Created once (DESIGN §6): whole numbers with thousands separators. */
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})

export function formatInteger(n: number): string {
  return integer.format(n)
}

/** A price in Robux; 0 is shown as Free (part 1 §2). */
export function formatPrice(robux: number): string {
  return robux === 0 ? 'Free' : `${integer.format(robux)} Robux`
}

/** The age rating: null is Not Rated, 0 All Ages, otherwise '{n}+'. */
export function formatAgeLimit(ageLimit: number | null): string {
  if (ageLimit === null) return 'Not Rated'
  return ageLimit === 0 ? 'All Ages' : `${ageLimit}+`
}

/** Play status by its spec name (guest prohibited reads Private); unknown codes read Unknown. */
export function formatPlayStatus(code: number): string {
  return playStatusName(code)
}

/** A date whose year is below 2 is unset (the store writes 0001 for 'no date', part 1 §3). */
export function isSetDate(iso: string): boolean {
  const year = new Date(iso).getUTCFullYear()
  return Number.isFinite(year) && year >= 2
}

/** A calendar date in UTC, or '-' when unset. */
export function formatDate(iso: string): string {
  return isSetDate(iso) ? dateFormat.format(new Date(iso)) : '-'
}

/** Average playtime in seconds as days, hours, min and sec. */
export function formatPlaytime(seconds: number): string {
  return formatDuration(seconds)
}
