import { expectedSpacingMs, type Granularity, isGap } from '@ludex/schemas'

/** A chart point: [time in epoch ms, value]; a null value is a break in the line. */
export type Point = readonly [number, number | null]

/**
 * The points with an explicit null inserted between two consecutive points that lie farther apart than
 * the expected spacing of the granularity plus half a step (isGap). Plotly then draws a visible break
 * there (connectgaps is off) instead of a line across missing data; a gap is never drawn as a zero.
 * The null sits one expected step after the earlier point, inside the gap.
 */
export function withGaps(points: readonly Point[], granularity: Granularity): [number, number | null][] {
  const out: [number, number | null][] = []
  let prev: number | undefined
  for (const [t, v] of points) {
    if (prev !== undefined && isGap(prev, t, granularity))
      out.push([prev + expectedSpacingMs(granularity), null])
    out.push([t, v])
    prev = t
  }
  return out
}

/** Split points into Plotly's x (as Dates, so the axis is a date axis) and y arrays. */
export function toXY(points: readonly Point[]): { x: Date[]; y: (number | null)[] } {
  return { x: points.map(([t]) => new Date(t)), y: points.map(([, v]) => v) }
}
