import {
  type Granularity,
  playtimeAxisLabel,
  RATING_AXIS_MAX,
  RATING_AXIS_MIN,
  RATING_AXIS_PADDING,
  type StatKind,
} from '@ludex/schemas'
import { useQuery } from '@tanstack/react-query'
import type { Data, Layout, Shape } from 'plotly.js'
import { useMemo } from 'react'
import { api } from '../api/queries.ts'
import { Chart, withGaps } from '../charts/index.ts'
import type { ChartView } from './chart-view.ts'
import { formatInteger } from './format.ts'
import { seriesSummary } from './summary.ts'

type Row = readonly number[]

/** One stat series of the experience for the chart's view; a failed fetch reads as no data. */
export function useStatRows(kind: StatKind, placeId: number, view: ChartView) {
  const q = useQuery({
    ...api.stats(kind, {
      placeIds: [placeId],
      granularity: view.granularity,
      ...(view.startTime !== undefined ? { startTime: new Date(view.startTime).toISOString() } : {}),
    }),
    select: (r) => (r.series[0]?.data ?? []) as readonly Row[],
  })
  return { rows: q.isError ? [] : (q.data ?? []), loading: q.isPending && !q.isError }
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

export function lineTrace(
  name: string,
  rows: readonly Row[],
  g: Granularity,
  options: Partial<Data> = {},
): Data {
  const pts = withGaps(pairs(rows), g)
  return {
    type: 'scatter',
    mode: rows.length < 60 ? 'lines+markers' : 'lines',
    name,
    x: pts.map((p) => p[0]),
    y: pts.map((p) => p[1]),
    connectgaps: false,
    line: { width: 2 },
    marker: { size: 4 },
    ...options,
  } as Data
}

export interface StatChartProps {
  readonly placeId: number
  readonly name: string
  readonly title: string
  readonly view: ChartView
  readonly shapes: Partial<Shape>[]
}

/** CCU, visits, favorites or playtime as a line over time, with gaps where data is missing. */
export function LineStatChart({
  kind,
  ...p
}: StatChartProps & { kind: 'ccus' | 'visits' | 'favorites' | 'playtime' }) {
  const { rows, loading } = useStatRows(kind, p.placeId, p.view)
  const g = p.view.granularity
  const isPlaytime = kind === 'playtime'
  const data = useMemo<Data[]>(
    () =>
      rows.length === 0
        ? []
        : [
            lineTrace(p.title, rows, g, {
              fill: kind === 'ccus' ? 'tozeroy' : 'none',
              ...(isPlaytime
                ? {
                    hovertemplate: '%{x|%b %d, %Y %H:%M} UTC<br>%{text}<extra></extra>',
                    text: withGaps(pairs(rows), g).map((pt) =>
                      pt[1] === null ? '' : playtimeAxisLabel(pt[1]),
                    ),
                  }
                : { hovertemplate: '%{x|%b %d, %Y %H:%M} UTC<br>%{y:,}<extra></extra>' }),
            } as Partial<Data>),
          ],
    [rows, g, kind, isPlaytime, p.title],
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
    return timeLayout(p.view, p.shapes, extra)
  }, [p.view, p.shapes, isPlaytime, rows, kind])
  const fmt = isPlaytime ? playtimeAxisLabel : kind === 'ccus' ? (v: number) => String(v) : formatInteger
  return (
    <Chart
      title={p.title}
      data={data}
      layout={layout}
      loading={loading}
      onRelayout={(e) => p.view.onRelayout(e as Record<string, unknown>)}
      summary={seriesSummary(`${p.title} of ${p.name} by ${g}`, pairs(rows), fmt)}
    />
  )
}

/** Likes above the axis and dislikes below it (rows carry dislikes negative), stacked per bucket. */
export function LikesChart(p: StatChartProps) {
  const { rows, loading } = useStatRows('likes', p.placeId, p.view)
  const data = useMemo<Data[]>(
    () =>
      rows.length === 0
        ? []
        : [
            {
              type: 'bar',
              name: 'Likes',
              x: rows.map((r) => r[0] ?? 0),
              y: rows.map((r) => r[1] ?? 0),
              marker: { color: '#12b886' },
            },
            {
              type: 'bar',
              name: 'Dislikes',
              x: rows.map((r) => r[0] ?? 0),
              y: rows.map((r) => -Math.abs(r[2] ?? 0)),
              marker: { color: '#fa5252' },
            },
          ],
    [rows],
  )
  const layout = useMemo(
    () =>
      timeLayout(p.view, p.shapes, {
        barmode: 'relative',
        bargap: 0.1,
        showlegend: true,
        yaxis: { rangemode: 'normal' },
      }),
    [p.view, p.shapes],
  )
  const likes = pairs(rows)
  const dislikes = rows.map((r): [number, number] => [r[0] ?? 0, Math.abs(r[2] ?? 0)])
  return (
    <Chart
      title={p.title}
      data={data}
      layout={layout}
      loading={loading}
      onRelayout={(e) => p.view.onRelayout(e as Record<string, unknown>)}
      summary={`${seriesSummary(`Likes of ${p.name} by ${p.view.granularity}`, likes, formatInteger)} ${seriesSummary('Dislikes', dislikes, formatInteger)}`}
    />
  )
}

/** The like percentage (rating rows are ×100) on an axis padded by 0.5 and kept within 0 to 100. */
export function LikePercentageChart(p: StatChartProps) {
  const { rows, loading } = useStatRows('rating', p.placeId, p.view)
  const g = p.view.granularity
  const data = useMemo<Data[]>(
    () =>
      rows.length === 0
        ? []
        : [
            lineTrace(p.title, rows, g, {
              hovertemplate: '%{x|%b %d, %Y %H:%M} UTC<br>%{y:.2f}%<extra></extra>',
            } as Partial<Data>),
          ],
    [rows, g, p.title],
  )
  const layout = useMemo(() => {
    const values = rows.map((r) => r[1] ?? 0)
    const lo = values.length
      ? Math.max(RATING_AXIS_MIN, Math.min(...values) - RATING_AXIS_PADDING)
      : RATING_AXIS_MIN
    const hi = values.length
      ? Math.min(RATING_AXIS_MAX, Math.max(...values) + RATING_AXIS_PADDING)
      : RATING_AXIS_MAX
    return timeLayout(p.view, p.shapes, { yaxis: { range: [lo, hi], rangemode: 'normal', ticksuffix: '%' } })
  }, [rows, p.view, p.shapes])
  return (
    <Chart
      title={p.title}
      data={data}
      layout={layout}
      loading={loading}
      onRelayout={(e) => p.view.onRelayout(e as Record<string, unknown>)}
      summary={seriesSummary(`${p.title} of ${p.name} by ${g}`, pairs(rows), (v) => `${v.toFixed(2)}%`)}
    />
  )
}

/** About five round tick values from 0 to max (seconds: 1, 2, 5 × 10^n). */
function niceTicks(max: number): number[] {
  if (max <= 0) return [0]
  const raw = max / 5
  const mag = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw
  const out: number[] = []
  for (let v = 0; v <= max + step / 2; v += step) out.push(v)
  return out
}
