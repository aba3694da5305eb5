/**
 * Response headers of dated series (`/api/stats/{kind}`, `/api/stats/genres`, `/api/platform/ccu`)
 * that say what the fixed body shapes cannot.
 *
 * PARTIAL_FROM_HEADER: the start (ISO 8601) of the period in progress at the time of the answer. A
 * bucket labelled at or after it holds only the slots polled so far (an average of part of a day, the
 * latest value of a month not yet over): it is not a whole period, so a record, an average of periods
 * or a comparison leaves it out, and a chart marks it as in progress. Absent when the answer's range
 * does not reach the current period. Every other bucket of an answer is a whole period.
 */
export const PARTIAL_FROM_HEADER = 'X-Ludex-Partial-From'

/** Reads PARTIAL_FROM_HEADER's value as epoch ms; null when absent or not a time. */
export function partialFromMs(value: string | null | undefined): number | null {
  if (!value) return null
  const ms = Date.parse(value)
  return Number.isFinite(ms) ? ms : null
}
