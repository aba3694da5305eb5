import { formatStatValue, playtimeAxisLabel, STAT_EXPORT_COLUMNS, type TagCcuScope } from '@ludex/schemas'
import { useQuery } from '@tanstack/react-query'
import type { Data, Layout } from 'plotly.js'
import { useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { bandTraces } from '../../charts/band.ts'
import { Chart, useSeriesColors } from '../../charts/index.ts'
import type { ChartView } from '../../experience/chart-view.ts'
import { lineTraces, niceTicks, pairs, timeLayout, wholeForSummary } from '../../experience/StatCharts.tsx'
import { seriesSummary } from '../../experience/summary.ts'

type Row = readonly number[]
const NO_ROWS: readonly Row[] = []
/** Used only before the theme's colorway is known (as the experience charts do). */
const LINE_FALLBACK = '#4c6ef5'

const SCOPE_WORDS: Record<TagCcuScope, string> = {
  active: 'its experiences with players',
  top_five: 'its five experiences with the most players online now',
  all: 'all its experiences',
}

export interface TagAverageChartProps {
  readonly tagId: number
  readonly tagName: string
  readonly kind: 'ccus' | 'playtime'
  readonly title: string
  /** The CCU tab's scope; playtime averages all the tag's experiences. */
  readonly scope?: TagCcuScope
  readonly view: ChartView
}

/** A tag's average CCU (per tab scope) or playtime, with its interquartile band (part 2 §2.4, §3). */
export function TagAverageChart({ tagId, tagName, kind, title, scope, view }: TagAverageChartProps) {
  const q = useQuery({
    ...api.tagStats(kind, tagId, {
      ...(scope ? { scope } : {}),
      granularity: view.granularity,
      ...(view.startTime !== undefined ? { startTime: new Date(view.startTime).toISOString() } : {}),
    }),
    select: (r) => ({
      rows: (r.body.series[0]?.data ?? NO_ROWS) as readonly Row[],
      partialFrom: r.partialFrom,
    }),
  })
  // A failed fetch reads as no data (part 2 §8: a playtime load that fails is silent).
  const rows = q.isError ? NO_ROWS : (q.data?.rows ?? NO_ROWS)
  const partialFrom = q.isError ? null : (q.data?.partialFrom ?? null)
  const g = view.granularity
  const colors = useSeriesColors()
  const isPlaytime = kind === 'playtime'
  const data = useMemo<Data[]>(() => {
    if (rows.length === 0) return []
    const color = colors[0] ?? LINE_FALLBACK
    const line = lineTraces(title, rows, g, partialFrom, color, {
      fill: false,
      ...(isPlaytime
        ? {
            hovertemplate: '%{x|%b %d, %Y %H:%M} UTC<br>Average: %{text}%{customdata}<extra></extra>',
            text: playtimeAxisLabel,
          }
        : { hovertemplate: '%{x|%b %d, %Y %H:%M} UTC<br>Average: %{y:,.1f}%{customdata}<extra></extra>' }),
    })
    // The line's own colour: drawn after the band, the colorway's first would not be its.
    const [main, ...tail] = line
    return [
      ...bandTraces(rows, partialFrom, color, isPlaytime ? playtimeAxisLabel : undefined),
      ...(main ? [{ ...main, line: { width: 2, color } } as Data] : []),
      ...tail,
    ]
  }, [rows, g, partialFrom, colors, title, isPlaytime])
  const layout = useMemo<Partial<Layout>>(() => {
    const extra: Partial<Layout> = {}
    if (isPlaytime && rows.length > 0) {
      const ticks = niceTicks(Math.max(...rows.map((r) => r[3] ?? r[1] ?? 0)))
      extra.yaxis = { tickvals: ticks, ticktext: ticks.map(playtimeAxisLabel) }
    }
    return timeLayout(view, [], extra)
  }, [view, isPlaytime, rows])
  const summed = wholeForSummary(rows, partialFrom, g)
  const whose = scope ? SCOPE_WORDS[scope] : 'its experiences'
  return (
    <Chart
      title={title}
      data={data}
      layout={layout}
      loading={q.isPending && !q.isError}
      export={{
        name: [tagName, title, scope, view.range ?? 'custom', g],
        value: STAT_EXPORT_COLUMNS[kind][0],
      }}
      onRelayout={(e) => view.onRelayout(e as Record<string, unknown>)}
      summary={`${seriesSummary(`${title} of ${whose} (${tagName}) by ${g}, with the interquartile range`, pairs(summed.whole), (v) => formatStatValue(kind, v))}${summed.inProgress}`}
    />
  )
}
