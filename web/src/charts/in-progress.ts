import { type Granularity, isGap } from '@ludex/schemas'
import type { Data } from 'plotly.js'
import { NOT_EXPORTED } from './export/chart-table.ts'
import { type Point, withGaps } from './gaps.ts'

/**
 * The bucket in progress (issue 13): the API names where it starts (X-Ludex-Partial-From) and serves it
 * with the slots polled so far. It is drawn apart, never as a whole period: the line of whole buckets
 * stops at the last whole one, a dotted segment with a lighter fill leads to the bucket in progress,
 * and its hover says so. Records and averages take the whole buckets only (`wholePoints`).
 */
export const IN_PROGRESS = 'in progress'

/** Appended to a hover text of a bucket in progress. */
export const IN_PROGRESS_NOTE = ` (${IN_PROGRESS})`

/** Whether a bucket starting at `time` is in progress. */
export function isInProgress(time: number, partialFrom: number | null): boolean {
  return partialFrom !== null && time >= partialFrom
}

/** The whole buckets of a series: those before the bucket in progress. */
export function wholePoints<T extends readonly [number, ...unknown[]]>(
  points: readonly T[],
  partialFrom: number | null,
): T[] {
  return points.filter((p) => !isInProgress(p[0], partialFrom))
}

export interface LineParts {
  /**
   * The line's points: the whole buckets with explicit nulls at gaps (withGaps), then, after a null,
   * the buckets in progress, which the solid line therefore never reaches.
   */
  readonly main: [number, number | null][]
  /** Per point of `main`: '' or IN_PROGRESS_NOTE, for the hover text (as customdata). */
  readonly notes: string[]
  /**
   * The dotted segment: the last whole bucket (when it is the neighbour of the first one in progress)
   * and the buckets in progress. Empty when nothing is in progress.
   */
  readonly tail: [number, number][]
}

/** Splits a time-ordered series into the solid line of whole buckets and the dotted tail in progress. */
export function lineParts(points: readonly Point[], g: Granularity, partialFrom: number | null): LineParts {
  const whole = wholePoints(points, partialFrom)
  const partial = points.filter(
    (p): p is [number, number] => p[1] !== null && isInProgress(p[0], partialFrom),
  )
  const main = withGaps(whole, g)
  const notes = main.map(() => '')
  const first = partial[0]
  if (!first) return { main, notes, tail: [] }
  const last = whole.at(-1)
  main.push([first[0], null], ...partial.map(([t, v]): [number, number] => [t, v]))
  notes.push('', ...partial.map(() => IN_PROGRESS_NOTE))
  const joined = last && last[1] !== null && !isGap(last[0], first[0], g)
  const tail: [number, number][] = [
    ...(joined ? [[last[0], last[1] as number] as [number, number]] : []),
    ...partial,
  ]
  return { main, notes, tail }
}

/**
 * The dotted trace of a line's buckets in progress, in the colour of its line (the trace sits after the
 * others, so it cannot take the colorway slot of its own line), out of the legend and the hover (the
 * line's own points carry the hover text).
 */
export function inProgressTrace(
  name: string,
  tail: readonly (readonly [number, number])[],
  color: string,
  options: { fill?: boolean } = {},
): Data {
  return {
    type: 'scatter',
    mode: tail.length < 2 ? 'markers' : 'lines',
    name: `${name} (${IN_PROGRESS})`,
    legendgroup: name,
    showlegend: false,
    x: tail.map(([t]) => new Date(t)),
    y: tail.map(([, v]) => v),
    line: { color, width: 2, dash: 'dot' },
    marker: { color, size: 6 },
    ...(options.fill ? { fill: 'tozeroy', fillcolor: translucent(color) } : {}),
    hoverinfo: 'skip',
    // The line itself holds these points (its last whole one and those in progress).
    meta: NOT_EXPORTED,
  } as Data
}

/** A #rrggbb colour at a quarter opacity, for the fill under a segment in progress. */
function translucent(color: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color)
  if (!m?.[1]) return color
  const n = Number.parseInt(m[1], 16)
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, 0.15)`
}
