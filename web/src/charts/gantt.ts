import type { Data, PlotData } from 'plotly.js'

export interface GanttBar {
  /** The row (category) the bar sits on. */
  readonly row: string
  readonly start: number
  readonly end: number
  readonly label?: string
  readonly hover?: string
  /** Where a click on the bar leads (an address inside the app), carried as the point's customdata. */
  readonly href?: string
}

/**
 * A gantt chart as one horizontal bar trace: each bar's length is end − start and its `base` the start,
 * both in ms on a date x-axis (Plotly draws a date bar's length as a duration from base).
 */
export function ganttTrace(bars: readonly GanttBar[], options: { name?: string; color?: string } = {}): Data {
  // `base` and `insidetextanchor` are bar attributes the plotly.js typings do not list.
  const trace: Partial<PlotData> & { base: string[]; insidetextanchor: 'middle' } = {
    type: 'bar',
    orientation: 'h',
    name: options.name ?? '',
    y: bars.map((b) => b.row),
    x: bars.map((b) => b.end - b.start),
    base: bars.map((b) => new Date(b.start).toISOString()),
    text: bars.map((b) => b.label ?? ''),
    textposition: 'inside',
    insidetextanchor: 'middle',
    hovertext: bars.map((b) => b.hover ?? b.label ?? ''),
    hoverinfo: 'text',
    ...(bars.some((b) => b.href) ? { customdata: bars.map((b) => b.href ?? '') } : {}),
    ...(options.color ? { marker: { color: options.color } } : {}),
  }
  return trace
}

/** The address a clicked gantt bar links to (its href), or null for a bar without one. */
export function ganttHref(event: {
  readonly points: readonly { readonly customdata?: unknown }[]
}): string | null {
  const href = event.points[0]?.customdata
  return typeof href === 'string' && href.startsWith('/') ? href : null
}
