import { GRANULARITIES, type Granularity, nextPeriodStart, periodStart, periodStartSql } from '@ludex/schemas'

/**
 * Period starts of the spec (part 1 §9), from @ludex/schemas so that the store and the API bucket alike.
 * Every bucket is the half-open range [start, next start): hour buckets start at HH:01 (so the slot at
 * HH:00 closes the hour that started at (HH−1):01), days at 01:00 UTC, weeks on Monday 01:00 UTC,
 * months on day 1 at 01:00 UTC.
 */
export const ROLLUP_GRANULARITIES = GRANULARITIES
export type RollupGranularity = Granularity

/** ClickHouse expression of the bucket start for a DateTime('UTC') column (ours, never user input). */
export function bucketSql(g: RollupGranularity, column: string): string {
  return periodStartSql(g, column)
}

/** Start (epoch ms) of the bucket holding `ms`. */
export function bucketStartMs(ms: number, g: RollupGranularity): number {
  return periodStart(ms, g)
}

/** Start of the bucket after the one holding `ms`. */
export function nextBucketStartMs(ms: number, g: RollupGranularity): number {
  return nextPeriodStart(ms, g)
}

/** The half-open range [from, to) covering every bucket of `g` that holds an instant of [minMs, maxMs]. */
export function bucketSpan(minMs: number, maxMs: number, g: RollupGranularity): { from: number; to: number } {
  return { from: bucketStartMs(minMs, g), to: nextBucketStartMs(maxMs, g) }
}
