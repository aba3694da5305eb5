/**
 * Period starts of the spec (part 1 §9) as the materialisers bucket them. Every bucket is the half-open
 * range [start, next start): hour buckets start at HH:01 (so the slot at HH:00 closes the hour that
 * started at (HH−1):01), days at 01:00 UTC, weeks on Monday 01:00 UTC, months on day 1 at 01:00 UTC.
 *
 * The SQL and the millisecond forms must agree (the tests check both against the same instants);
 * the API reads the rollups with the same rule.
 */
export const ROLLUP_GRANULARITIES = ['hour', 'day', 'week', 'month'] as const
export type RollupGranularity = (typeof ROLLUP_GRANULARITIES)[number]

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

/** ClickHouse expression of the bucket start for a DateTime('UTC') column (ours, never user input). */
export function bucketSql(g: RollupGranularity, column: string): string {
  switch (g) {
    case 'hour':
      return `toStartOfHour(${column} - INTERVAL 1 MINUTE) + INTERVAL 1 MINUTE`
    case 'day':
      return `toDateTime(toDate(${column} - INTERVAL 1 HOUR), 'UTC') + INTERVAL 1 HOUR`
    case 'week':
      // toMonday, never toStartOfWeek: its default mode starts weeks on Sunday.
      return `toDateTime(toMonday(${column} - INTERVAL 1 HOUR), 'UTC') + INTERVAL 1 HOUR`
    case 'month':
      return `toDateTime(toStartOfMonth(${column} - INTERVAL 1 HOUR), 'UTC') + INTERVAL 1 HOUR`
  }
}

/** Start (epoch ms) of the bucket holding `ms`. */
export function bucketStartMs(ms: number, g: RollupGranularity): number {
  switch (g) {
    case 'hour':
      return floorTo(ms - MINUTE_MS, HOUR_MS) + MINUTE_MS
    case 'day':
      return floorTo(ms - HOUR_MS, DAY_MS) + HOUR_MS
    case 'week': {
      const day = Math.floor((ms - HOUR_MS) / DAY_MS)
      // 1970-01-01 was a Thursday: (day + 3) mod 7 counts the days since Monday.
      return (day - mod(day + 3, 7)) * DAY_MS + HOUR_MS
    }
    case 'month': {
      const d = new Date(ms - HOUR_MS)
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1, 1)
    }
  }
}

/** Start of the bucket after the one holding `ms`. */
export function nextBucketStartMs(ms: number, g: RollupGranularity): number {
  const start = bucketStartMs(ms, g)
  switch (g) {
    case 'hour':
      return start + HOUR_MS
    case 'day':
      return start + DAY_MS
    case 'week':
      return start + 7 * DAY_MS
    case 'month': {
      const d = new Date(start)
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 1)
    }
  }
}

/** The half-open range [from, to) covering every bucket of `g` that holds an instant of [minMs, maxMs]. */
export function bucketSpan(minMs: number, maxMs: number, g: RollupGranularity): { from: number; to: number } {
  return { from: bucketStartMs(minMs, g), to: nextBucketStartMs(maxMs, g) }
}

/** The UTC date (YYYY-MM-DD) a day bucket is named by: the date of its 01:00 start. */
export function dayOfBucket(dayBucketMs: number): string {
  return new Date(dayBucketMs).toISOString().slice(0, 10)
}

function floorTo(v: number, step: number): number {
  return Math.floor(v / step) * step
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n
}
