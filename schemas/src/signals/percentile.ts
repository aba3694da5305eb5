import { STANDING_MIN_PLACES } from './constants.ts'

/**
 * The percentile of `value` among `peers` (which hold it too): the share of peers below it, ties counted
 * half (the mid-rank rule), × 100, so the lowest of many is near 0, the highest near 100 and a value
 * equal to all others exactly 50. Null below STANDING_MIN_PLACES peers, where a rank says little.
 */
export function percentileOf(value: number, peers: readonly number[]): number | null {
  if (peers.length < STANDING_MIN_PLACES) return null
  let below = 0
  let equal = 0
  for (const p of peers) {
    if (p < value) below += 1
    else if (p === value) equal += 1
  }
  return (100 * (below + equal / 2)) / peers.length
}

/**
 * The q-quantile (0 to 1) of a list, linear between order statistics (the spreadsheet PERCENTILE.INC
 * rule, ClickHouse's quantileExactInclusive: what the genre benchmarks are materialised with); null for
 * an empty list.
 */
export function quantileInclusive(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const lo = Math.floor(at)
  const hi = Math.min(sorted.length - 1, lo + 1)
  const a = sorted[lo] as number
  const b = sorted[hi] as number
  return a + (b - a) * (at - lo)
}
