import {
  formatStatValue,
  type Granularity,
  playtimeAxisLabel,
  RATING_AXIS_MAX,
  RATING_AXIS_MIN,
  RATING_AXIS_PADDING,
  STAT_EXPORT_COLUMNS,
  type StatKind,
} from '@ludex/schemas'
import { useQuery } from '@tanstack/react-query'
import type { Annotations, Data, Layout, Shape } from 'plotly.js'
import { useMemo } from 'react'
import { api } from '../api/queries.ts'
import type { ChartExport } from '../charts/export/index.ts'
import {
  Chart,
  IN_PROGRESS,
  inProgressTrace,
  isInProgress,
  lineParts,
  useSeriesColors,
  wholePoints,
} from '../charts/index.ts'
import { type Annotation, markersSummary } from './annotations.ts'
import type { ChartView } from './chart-view.ts'
import { seriesSummary } from './summary.ts'

type Row = readonly number[]

const likeCount = (v: number) => formatStatValue('likes', v)

/** The likes chart's own colours (green up, red down), kept for the bars in progress. */
const LIKES_COLOR = '#12b886'
const DISLIKES_COLOR = '#fa5252'
/** Used only before the theme's colorway is known (it always is in the app). */
const LINE_FALLBACK = '#4c6ef5'

const NO_ROWS: readonly Row[] = []

/**
 * One stat series of the experience for the chart's view, and where its bucket in progress starts
 * (null: none); a failed fetch reads as no data.
 */
export function useStatRows(kind: StatKind, placeId: number, view: ChartView) {
  const q = useQuery({
    ...api.stats(kind, {
      placeIds: [placeId],
      granularity: view.granularity,
      ...(view.startTime !== undefined ? { startTime: new Date(view.startTime).toISOString() } : {}),
    }),
    select: (r) => ({
      rows: (r.body.series[0]?.data ?? NO_ROWS) as readonly Row[],
      partialFrom: r.partialFrom,
    }),
  })
  return {
    rows: q.isError ? NO_ROWS : (q.data?.rows ?? NO_ROWS),
    partialFrom: q.isError ? null : (q.data?.partialFrom ?? null),
    loading: q.isPending && !q.isError,
  }
}

export function timeLayout(
  view: ChartView,
  shapes: Partial<Shape>[],
  extra: Partial<Layout> = {},
): Partial<Layout> {
  return {
    ...extra,
    xaxis: {
      type: 'date',
      ...(view.target
        ? { range: [view.target.min, view.target.max], autorange: false }
        : { autorange: true }),
      ...(extra.xaxis ?? {}),
    },
    shapes,
    uirevision: view.uirevision,
    showlegend: extra.showlegend ?? false,
    hovermode: 'x unified',
  }
}

export const pairs = (rows: readonly Row[]): [number, number][] => rows.map((r) => [r[0] ?? 0, r[1] ?? 0])

/**
 * A stat line: the whole buckets solid, with gaps as breaks, and the bucket in progress (at or after
 * `partialFrom`) as a dotted segment in the line's colour whose hover says so (`hovertemplate` may use
 * %{customdata}, the note of a point in progress). The line's hover texts come from `text`, per row.
 */
export function lineTraces(
  name: string,
  rows: readonly Row[],
  g: Granularity,
  partialFrom: number | null,
  color: string,
  options: { hovertemplate: string; fill?: boolean; text?: (v: number) => string },
): Data[] {
  const parts = lineParts(pairs(rows), g, partialFrom)
  const main = {
    type: 'scatter',
    mode: rows.length < 60 ? 'lines+markers' : 'lines',
    name,
    x: parts.main.map((p) => p[0]),
    y: parts.main.map((p) => p[1]),
    customdata: parts.notes,
    ...(options.text ? { text: parts.main.map((p) => (p[1] === null ? '' : options.text?.(p[1]))) } : {}),
    connectgaps: false,
    line: { width: 2 },
    marker: { size: 4 },
    fill: options.fill ? 'tozeroy' : 'none',
    hovertemplate: options.hovertemplate,
  } as Data
  if (parts.tail.length === 0) return [main]
  return [main, inProgressTrace(name, parts.tail, color, { fill: options.fill ?? false })]
}

/** The rows that are whole periods, and a sentence naming the one in progress, for the summaries. */
export function wholeForSummary(rows: readonly Row[], partialFrom: number | null, g: Granularity) {
  const whole = wholePoints(rows as readonly (readonly [number, ...number[]])[], partialFrom)
  const inProgress = rows.length > whole.length ? ` The last ${g} is ${IN_PROGRESS}.` : ''
  return { whole: whole as readonly Row[], inProgress }
}

export interface StatChartProps {
  readonly placeId: number
  readonly name: string
  readonly title: string
  readonly view: ChartView
  readonly shapes: Partial<Shape>[]
  /** The markers' hover flags (annotationNotes), drawn with the shapes. */
  readonly notes?: Partial<Annotations>[]
  /** The markers shown (the picker's enabled kinds), read out in the summary where the chart draws them. */
  readonly markers?: readonly Annotation[]
}

/**
 * The markers drawn in a chart's range (its zoom, else the span of its rows), as summary sentences.
 */
export function chartMarkersSummary(p: StatChartProps, rows: readonly Row[]): string {
  const first = rows[0]?.[0]
  const last = rows.at(-1)?.[0]
  const range =
    p.view.target ?? (first !== undefined && last !== undefined ? { min: first, max: last } : null)
  return markersSummary(p.markers ?? [], range)
}

/**
 * What a stat chart's export is named and its value column: the experience, the stat, the range button
 * (or 'custom' for a linked zoom) and the granularity drawn, e.g. `Rainbow Hunters-ccu-month-day.csv`.
 */
export function statExport(
  kind: StatKind,
  p: StatChartProps,
  value = STAT_EXPORT_COLUMNS[kind][0],
): ChartExport {
  return {
    name: [p.name, STAT_EXPORT_COLUMNS[kind][0]?.name ?? kind, p.view.range ?? 'custom', p.view.granularity],
    ...(value && { value }),
  }
}

/** CCU, visits, favorites or playtime as a line over time, with gaps where data is missing. */
export function LineStatChart({
  kind,
  ...p
}: StatChartProps & { kind: 'ccus' | 'visits' | 'favorites' | 'playtime' }) {
  const { rows, partialFrom, loading } = useStatRows(kind, p.placeId, p.view)
  const g = p.view.granularity
  const isPlaytime = kind === 'playtime'
  const colors = useSeriesColors()
  const data = useMemo<Data[]>(
    () =>
      rows.length === 0
        ? []
        : lineTraces(p.title, rows, g, partialFrom, colors[0] ?? LINE_FALLBACK, {
            fill: kind === 'ccus',
            ...(isPlaytime
              ? {
                  hovertemplate: '%{x|%b %d, %Y %H:%M} UTC<br>%{text}%{customdata}<extra></extra>',
                  text: playtimeAxisLabel,
                }
              : { hovertemplate: '%{x|%b %d, %Y %H:%M} UTC<br>%{y:,}%{customdata}<extra></extra>' }),
          }),
    [rows, g, kind, isPlaytime, p.title, partialFrom, colors],
  )
  const layout = useMemo<Partial<Layout>>(() => {
    // Visits and favorites are running totals: an axis from zero would flatten their growth.
    const extra: Partial<Layout> =
      kind === 'visits' || kind === 'favorites' ? { yaxis: { rangemode: 'normal' } } : {}
    if (isPlaytime && rows.length > 0) {
      const max = Math.max(...rows.map((r) => r[1] ?? 0))
      const ticks = niceTicks(max)
      extra.yaxis = { tickvals: ticks, ticktext: ticks.map(playtimeAxisLabel) }
    }
    return timeLayout(p.view, p.shapes, { ...extra, annotations: p.notes ?? [] })
  }, [p.view, p.shapes, p.notes, isPlaytime, rows, kind])
  const summed = wholeForSummary(rows, partialFrom, g)
  return (
    <Chart
      title={p.title}
      data={data}
      layout={layout}
      loading={loading}
      onRelayout={(e) => p.view.onRelayout(e as Record<string, unknown>)}
      summary={`${seriesSummary(`${p.title} of ${p.name} by ${g}`, pairs(summed.whole), (v) => formatStatValue(kind, v))}${summed.inProgress}${chartMarkersSummary(p, rows)}`}
      export={statExport(kind, p)}
    />
  )
}

/** Likes above the axis and dislikes below it (rows carry dislikes negative), stacked per bucket. */
export function LikesChart(p: StatChartProps) {
  const { rows, partialFrom, loading } = useStatRows('likes', p.placeId, p.view)
  const data = useMemo<Data[]>(() => {
    if (rows.length === 0) return []
    // The bucket in progress is drawn as its own faint bars, named so in the legend and the hover.
    const whole = rows.filter((r) => !isInProgress(r[0] ?? 0, partialFrom))
    const partial = rows.filter((r) => isInProgress(r[0] ?? 0, partialFrom))
    const bars = (name: string, list: readonly Row[], color: string, faint: boolean): Data =>
      ({
        type: 'bar',
        name: faint ? `${name} (${IN_PROGRESS})` : name,
        x: list.map((r) => r[0] ?? 0),
        y: list.map((r) => (name === 'Likes' ? (r[1] ?? 0) : -Math.abs(r[2] ?? 0))),
        marker: { color },
        ...(faint ? { opacity: 0.4 } : {}),
      }) as Data
    return [
      bars('Likes', whole, LIKES_COLOR, false),
      bars('Dislikes', whole, DISLIKES_COLOR, false),
      ...(partial.length > 0
        ? [bars('Likes', partial, LIKES_COLOR, true), bars('Dislikes', partial, DISLIKES_COLOR, true)]
        : []),
    ]
  }, [rows, partialFrom])
  const layout = useMemo(
    () =>
      timeLayout(p.view, p.shapes, {
        barmode: 'relative',
        bargap: 0.1,
        showlegend: true,
        yaxis: { rangemode: 'normal' },
        annotations: p.notes ?? [],
      }),
    [p.view, p.shapes, p.notes],
  )
  const summed = wholeForSummary(rows, partialFrom, p.view.granularity)
  const likes = pairs(summed.whole)
  const dislikes = summed.whole.map((r): [number, number] => [r[0] ?? 0, Math.abs(r[2] ?? 0)])
  return (
    <Chart
      title={p.title}
      data={data}
      layout={layout}
      loading={loading}
      onRelayout={(e) => p.view.onRelayout(e as Record<string, unknown>)}
      summary={`${seriesSummary(`Likes of ${p.name} by ${p.view.granularity}`, likes, likeCount)} ${seriesSummary('Dislikes', dislikes, likeCount)}${summed.inProgress}${chartMarkersSummary(p, rows)}`}
      export={statExport('likes', p, { name: 'likes or dislikes', unit: 'count' })}
    />
  )
}

/** The like percentage (rating rows are ×100) on an axis padded by 0.5 and kept within 0 to 100. */
export function LikePercentageChart(p: StatChartProps) {
  const { rows, partialFrom, loading } = useStatRows('rating', p.placeId, p.view)
  const g = p.view.granularity
  const colors = useSeriesColors()
  const data = useMemo<Data[]>(
    () =>
      rows.length === 0
        ? []
        : lineTraces(p.title, rows, g, partialFrom, colors[0] ?? LINE_FALLBACK, {
            hovertemplate: '%{x|%b %d, %Y %H:%M} UTC<br>%{y:.2f}%%{customdata}<extra></extra>',
          }),
    [rows, g, p.title, partialFrom, colors],
  )
  const summed = wholeForSummary(rows, partialFrom, g)
  const layout = useMemo(() => {
    const values = rows.map((r) => r[1] ?? 0)
    const lo = values.length
      ? Math.max(RATING_AXIS_MIN, Math.min(...values) - RATING_AXIS_PADDING)
      : RATING_AXIS_MIN
    const hi = values.length
      ? Math.min(RATING_AXIS_MAX, Math.max(...values) + RATING_AXIS_PADDING)
      : RATING_AXIS_MAX
    return timeLayout(p.view, p.shapes, {
      yaxis: { range: [lo, hi], rangemode: 'normal', ticksuffix: '%' },
      annotations: p.notes ?? [],
    })
  }, [rows, p.view, p.shapes, p.notes])
  return (
    <Chart
      title={p.title}
      data={data}
      layout={layout}
      loading={loading}
      onRelayout={(e) => p.view.onRelayout(e as Record<string, unknown>)}
      summary={`${seriesSummary(`${p.title} of ${p.name} by ${g}`, pairs(summed.whole), (v) => formatStatValue('rating', v))}${summed.inProgress}${chartMarkersSummary(p, rows)}`}
      export={statExport('rating', p)}
    />
  )
}

/** About five round tick values from 0 to max (seconds: 1, 2, 5 × 10^n). */
export function niceTicks(max: number): number[] {
  if (max <= 0) return [0]
  const raw = max / 5
  const mag = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw
  const out: number[] = []
  for (let v = 0; v <= max + step / 2; v += step) out.push(v)
  return out
}
