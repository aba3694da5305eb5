import { nextBucketStartMs, type RollupGranularity } from './periods.ts'

export interface ChunkProgress {
  /** Chunks finished so far, including this one. */
  readonly done: number
  readonly total: number
  readonly fromMs: number
  readonly toMs: number
}

/**
 * Splits the inclusive slot range [fromMs, toMs] at the bucket starts of `g` into inclusive pieces, in
 * time order. Empty when toMs < fromMs.
 */
export function bucketChunks(
  fromMs: number,
  toMs: number,
  g: RollupGranularity,
): { fromMs: number; toMs: number }[] {
  const out: { fromMs: number; toMs: number }[] = []
  for (let a = fromMs; a <= toMs; ) {
    const next = nextBucketStartMs(a, g)
    out.push({ fromMs: a, toMs: Math.min(toMs, next - 1) })
    a = next
  }
  return out
}

/** The range in pieces of at most a month (split at day 1, 01:00 UTC). */
export function monthChunks(fromMs: number, toMs: number): { fromMs: number; toMs: number }[] {
  return bucketChunks(fromMs, toMs, 'month')
}

/** The range in pieces of at most a day (split at 01:00 UTC, the day buckets' start). */
export function dayChunks(fromMs: number, toMs: number): { fromMs: number; toMs: number }[] {
  return bucketChunks(fromMs, toMs, 'day')
}

/**
 * The range in pieces of `days` day buckets at most (split at 01:00 UTC): what one statement reading
 * the raw snapshots covers (rawDaysPerStatement). The raw table is ordered by day first (migration
 * 033), so such a statement reads those days' rows only, whatever else the store holds.
 */
export function rawChunks(fromMs: number, toMs: number, days: number): { fromMs: number; toMs: number }[] {
  const each = dayChunks(fromMs, toMs)
  const out: { fromMs: number; toMs: number }[] = []
  for (let i = 0; i < each.length; i += days) {
    const last = each[Math.min(each.length, i + days) - 1]!
    out.push({ fromMs: each[i]!.fromMs, toMs: last.toMs })
  }
  return out
}
