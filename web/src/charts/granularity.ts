import type { Granularity } from '@ludex/schemas'

/** The granularity switch's labels, the same on every chart. */
export const GRANULARITY_LABELS: Readonly<Record<Granularity, string>> = {
  hour: 'Hour',
  day: 'Day',
  week: 'Week',
  month: 'Month',
}

/** A granularity switch's options for the granularities a chart offers. */
export function granularityOptions<G extends Granularity>(
  granularities: readonly G[],
): { value: G; label: string }[] {
  return granularities.map((g) => ({ value: g, label: GRANULARITY_LABELS[g] }))
}
