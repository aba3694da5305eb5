import { LIKE_RATE_BUCKET_PERCENT } from '../constants/limits.ts'

/** One bucket of a percentage histogram. */
export interface PercentBucket {
  /** Lower edge, inclusive (percent). */
  readonly from: number
  /** Upper edge, exclusive except for the last bucket, which includes 100. */
  readonly to: number
  readonly count: number
}

/**
 * Counts of percentages (0 to 100) in buckets `width` wide: [0, 5), [5, 10), … [95, 100]. Every bucket
 * is present, empty ones with 0, so the bars tile the whole axis. Values outside 0 to 100 and
 * non-finite values are ignored. The overview's Like Rate histogram (part 1 §2, §9), counted by the
 * API over every tracked experience.
 */
export function percentBuckets(
  percents: Iterable<number>,
  width: number = LIKE_RATE_BUCKET_PERCENT,
): PercentBucket[] {
  const n = Math.ceil(100 / width)
  const counts = new Array<number>(n).fill(0)
  for (const p of percents) {
    if (!Number.isFinite(p) || p < 0 || p > 100) continue
    const i = Math.min(n - 1, Math.floor(p / width))
    counts[i] = (counts[i] ?? 0) + 1
  }
  return counts.map((count, i) => ({ from: i * width, to: Math.min(100, (i + 1) * width), count }))
}
