import { LIKE_RATE_BUCKET_PERCENT } from '@ludex/schemas'
import type { Data, Layout } from 'plotly.js'

export interface Bucket {
  /** Lower edge, inclusive (percent). */
  readonly from: number
  /** Upper edge, exclusive except for the last bucket, which includes 100. */
  readonly to: number
  readonly count: number
}

/**
 * Counts of percentages (0 to 100) in buckets `width` wide: [0, 5), [5, 10), … [95, 100]. Every bucket
 * is present, empty ones with 0, so the bars tile the whole axis. Values outside 0 to 100 and
 * non-finite values are ignored.
 */
export function percentBuckets(percents: readonly number[], width = LIKE_RATE_BUCKET_PERCENT): Bucket[] {
  const n = Math.ceil(100 / width)
  const counts = new Array<number>(n).fill(0)
  for (const p of percents) {
    if (!Number.isFinite(p) || p < 0 || p > 100) continue
    counts[Math.min(n - 1, Math.floor(p / width))] = (counts[Math.min(n - 1, Math.floor(p / width))] ?? 0) + 1
  }
  return counts.map((count, i) => ({ from: i * width, to: Math.min(100, (i + 1) * width), count }))
}

/** A histogram as bars centred in their buckets; pair with histogramLayout (bargap 0). */
export function histogramTrace(buckets: readonly Bucket[], name: string): Data {
  return {
    type: 'bar',
    name,
    x: buckets.map((b) => (b.from + b.to) / 2),
    y: buckets.map((b) => b.count),
    width: buckets.map((b) => b.to - b.from),
    customdata: buckets.map((b) => `${b.from}–${b.to}%`),
    hovertemplate: '%{customdata}: %{y}<extra></extra>',
  }
}

/** Touching bars: a histogram has no gap between its buckets. */
export const histogramLayout: Partial<Layout> = { bargap: 0 }
