import type { PercentBucket } from '@ludex/schemas'
import type { Data, Layout } from 'plotly.js'

/** A histogram as bars centred in their buckets; pair with histogramLayout (bargap 0). */
export function histogramTrace(buckets: readonly PercentBucket[], name: string): Data {
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
