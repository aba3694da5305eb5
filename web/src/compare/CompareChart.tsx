import { formatStatValue, playtimeAxisLabel, STAT_EXPORT_COLUMNS, TAG_STATS_START } from '@ludex/schemas'
import { useQueries, useQuery } from '@tanstack/react-query'
import type { Data, Layout } from 'plotly.js'
import { useMemo } from 'react'
import { api } from '../api/queries.ts'
import { bandTraces } from '../charts/band.ts'
import { Chart } from '../charts/index.ts'
import type { ChartView } from '../experience/chart-view.ts'
import { lineTraces, niceTicks, pairs, timeLayout, wholeForSummary } from '../experience/StatCharts.tsx'
import { seriesSummary } from '../experience/summary.ts'
import { alignedX, type LaunchAlignment } from './align.ts'
import { COMPARE_TEXT } from './texts.ts'

type Row = readonly number[]
const NO_ROWS: readonly Row[] = []

export type CompareKind = 'ccus' | 'playtime' | 'visits' | 'rating'

/** One line of a compare chart: an experience, or a tag's average (with its band). */
export interface ExperienceLine {
  readonly placeId: number
  readonly name: string
  readonly color: string
}
export interface TagLine {
  readonly tagId: number
  readonly name: string
  readonly color: string
}

export interface CompareChartProps {
  readonly title: string
  readonly kind: CompareKind
  readonly experiences: readonly ExperienceLine[]
  /** Tag averages drawn with their interquartile band behind the experiences (ccus and playtime only). */
  readonly tags?: readonly TagLine[]
  readonly view: ChartView
  /** Align by launch: each experience against days since its launch instead of calendar time. */
  readonly alignment?: LaunchAlignment | null
  /** Still waiting on what the lines need (the launch dates): drawn as loading. */
  readonly pending?: boolean
}

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString())

/** Moves every x of a trace (epoch ms) to days since the line's launch. */
function shiftTrace(trace: Data, launchMs: number): Data {
  const t = trace as { x?: readonly (number | null)[] }
  if (!t.x) return trace
  return { ...trace, x: t.x.map((x) => (x === null ? null : alignedX(x, launchMs))) } as Data
}

/**
 * A chart of the compare pages: one line per experience in its swatch colour (the same in every chart
 * and in the table), tag averages with their band, weekly by default over 7 days (the view's). One
 * request for all the experiences, one per tag.
 */
export function CompareChart({
  title,
  kind,
  experiences,
  tags = [],
  view,
  alignment,
  pending = false,
}: CompareChartProps) {
  const placeIds = useMemo(() => experiences.map((e) => e.placeId), [experiences])
  const g = view.granularity
  const aligned = alignment ?? null
  // Aligned, each line starts at its own launch: the data runs from the earliest one, and as far past
  // the latest one as the range's length (All: to now).
  const startTime = aligned ? aligned.fromMs : view.startTime
  const endTime = aligned ? aligned.toMs(view.target) : undefined
  const q = useQuery({
    ...api.stats(kind, {
      placeIds,
      granularity: g,
      ...(startTime !== undefined ? { startTime: iso(startTime) } : {}),
      ...(endTime !== undefined ? { endTime: iso(endTime) } : {}),
    }),
    enabled: placeIds.length > 0,
  })
  const tagKind = kind === 'ccus' || kind === 'playtime' ? kind : null
  const tagQueries = useQueries({
    queries: (tagKind ? tags : []).map((t) =>
      api.tagStats(tagKind ?? 'ccus', t.tagId, {
        granularity: g,
        startTime: iso(view.startTime) ?? TAG_STATS_START,
      }),
    ),
  })
  const series = q.isError ? [] : (q.data?.body.series ?? [])
  const partialFrom = q.isError ? null : (q.data?.partialFrom ?? null)
  const isPlaytime = kind === 'playtime'
  const text = isPlaytime ? playtimeAxisLabel : undefined
  const valueHover = isPlaytime ? '%{text}' : kind === 'ccus' ? '%{y:,.1f}' : '%{y:,}'

  const tagRows = tagQueries.map((tq) => ({
    rows: (tq.isError ? NO_ROWS : (tq.data?.body.series[0]?.data ?? NO_ROWS)) as readonly Row[],
    partialFrom: tq.isError ? null : (tq.data?.partialFrom ?? null),
    loading: tq.isPending && !tq.isError,
  }))
  const tagKey = tagRows.map((t) => `${t.rows.length}:${t.partialFrom}`).join('|')

  // tagRows is rebuilt each render; tagKey names what it holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tagKey stands for tagRows
  const data = useMemo<Data[]>(() => {
    const byId = new Map(series.map((s) => [s.place_id, s]))
    const bands: Data[] = []
    const tagLines: Data[] = []
    tags.forEach((t, i) => {
      const { rows, partialFrom: tagPartial } = tagRows[i] ?? { rows: NO_ROWS, partialFrom: null }
      if (rows.length === 0) return
      bands.push(...bandTraces(rows, tagPartial, t.color, text, t.name))
      tagLines.push(
        ...lineTraces(t.name, rows, g, tagPartial, t.color, {
          hovertemplate: `%{fullData.name} (average): ${valueHover}%{customdata}<extra></extra>`,
          ...(text ? { text } : {}),
        }).map(
          (tr, j) =>
            ({ ...tr, line: { width: 2, color: t.color, dash: 'dash' }, showlegend: j === 0 }) as Data,
        ),
      )
    })
    const lines = experiences.flatMap((e) => {
      const rows = (byId.get(e.placeId)?.data ?? NO_ROWS) as readonly Row[]
      if (rows.length === 0) return []
      const launch = aligned?.launchMs.get(e.placeId)
      if (aligned && launch === undefined) return []
      return lineTraces(e.name, rows, g, partialFrom, e.color, {
        hovertemplate: `%{fullData.name}: ${valueHover}%{customdata}<extra></extra>`,
        ...(text ? { text } : {}),
      }).map((tr, j) => {
        const styled = { ...tr, line: { width: 2, color: e.color }, showlegend: j === 0 } as Data
        return launch === undefined ? styled : shiftTrace(styled, launch)
      })
    })
    // Bands first: drawn behind the experiences (issue 16.2).
    return [...bands, ...tagLines, ...lines]
  }, [series, experiences, tags, tagKey, g, partialFrom, aligned, text, valueHover])

  // biome-ignore lint/correctness/useExhaustiveDependencies: tagKey stands for tagRows
  const layout = useMemo<Partial<Layout>>(() => {
    const extra: Partial<Layout> = { showlegend: true, legend: { orientation: 'h', y: -0.2 } }
    if (isPlaytime) {
      const all = [...series.flatMap((s) => s.data), ...tagRows.flatMap((t) => t.rows)]
      if (all.length > 0) {
        const ticks = niceTicks(Math.max(...all.map((r) => r[3] ?? r[1] ?? 0)))
        extra.yaxis = { tickvals: ticks, ticktext: ticks.map(playtimeAxisLabel) }
      }
    }
    if (kind === 'visits') extra.yaxis = { rangemode: 'normal' }
    const base = timeLayout(view, [], extra)
    if (!aligned) return base
    const days = aligned.windowDays(view.target)
    return {
      ...base,
      xaxis: {
        type: 'linear',
        title: { text: COMPARE_TEXT.daysSinceLaunch },
        ...(days !== null ? { range: [0, days], autorange: false } : { autorange: true }),
      },
      hovermode: 'x unified',
    }
  }, [view, isPlaytime, series, tagKey, kind, aligned])

  const summary = [
    ...tags.map((t, i) => {
      const rows = tagRows[i]?.rows ?? NO_ROWS
      const summed = wholeForSummary(rows, tagRows[i]?.partialFrom ?? null, g)
      return `${seriesSummary(`${title}: average of ${t.name} by ${g}, with the interquartile range`, pairs(summed.whole), (v) => formatStatValue(kind, v))}${summed.inProgress}`
    }),
    ...experiences.map((e) => {
      const rows = (series.find((s) => s.place_id === e.placeId)?.data ?? NO_ROWS) as readonly Row[]
      const summed = wholeForSummary(rows, partialFrom, g)
      const when = aligned ? ' (aligned by launch)' : ''
      return `${seriesSummary(`${title} of ${e.name} by ${g}${when}`, pairs(summed.whole), (v) => formatStatValue(kind, v))}${summed.inProgress}`
    }),
  ].join(' ')
  const loading =
    pending || (placeIds.length > 0 && q.isPending && !q.isError) || tagRows.some((t) => t.loading)
  return (
    <Chart
      title={title}
      data={data}
      layout={layout}
      loading={loading}
      onRelayout={(e) => view.onRelayout(e as Record<string, unknown>)}
      summary={summary}
      export={{ name: ['Compare', title, view.range ?? 'custom', g], value: STAT_EXPORT_COLUMNS[kind][0] }}
    />
  )
}
