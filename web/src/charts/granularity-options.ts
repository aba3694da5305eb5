import {
  GRANULARITIES,
  type Granularity,
  nextPeriodStart,
  periodStart,
  periodStartAtOrAfter,
  visitorHistoryStartMs,
} from '@ludex/schemas'

/** A granularity is offered where it can show at least this many points (issue 13, point 6). */
export const MIN_POINTS = 2

export interface SeriesView {
  /** Where the chart's data starts (undefined: the whole history, no limit). */
  readonly startMs: number | undefined
  readonly nowMs: number
  /** A visitor's answers start at the first period inside the last 30 days. */
  readonly visitor: boolean
}

/**
 * How many buckets of `g` a series answer can hold for the view, by the API's rule
 * (resolveBucketRange): from the period holding the start (for a visitor, no earlier than the first
 * period that starts inside the last 30 days) to the period in progress at `now`, that one included.
 */
export function bucketsInView(g: Granularity, view: SeriesView & { startMs: number }): number {
  let first = periodStart(view.startMs, g)
  const window = visitorHistoryStartMs(view.nowMs)
  if (view.visitor && first < window) first = periodStartAtOrAfter(window, g)
  const last = periodStart(view.nowMs, g)
  let n = 0
  for (let p = first; p <= last && n < MIN_POINTS; p = nextPeriodStart(p, g)) n++
  return n
}

/**
 * The granularities worth offering for the view: those that can show at least two points. A visitor's
 * 30 days hold at most one whole month, so Month is not offered there, nor Week over the last day.
 * The finest of `all` always stays, so the control is never empty.
 */
export function offeredGranularities<G extends Granularity>(all: readonly G[], view: SeriesView): G[] {
  const { startMs } = view
  if (startMs === undefined) return [...all]
  const offered = all.filter((g) => bucketsInView(g, { ...view, startMs }) >= MIN_POINTS)
  return offered.length > 0 ? offered : all.slice(0, 1)
}

/**
 * The granularity a chart draws: the chosen one when offered, else the coarsest offered one finer
 * than it (Month over 30 days becomes Week), else the finest offered.
 */
export function effectiveGranularity(chosen: Granularity, offered: readonly Granularity[]): Granularity {
  if (offered.includes(chosen)) return chosen
  const finer = GRANULARITIES.slice(0, GRANULARITIES.indexOf(chosen)).reverse()
  return finer.find((g) => offered.includes(g)) ?? offered[0] ?? chosen
}
