import { type Creator, formatStatValue, STAT_EXPORT_COLUMNS, type TagCcuScope } from '@ludex/schemas'
import { useQuery } from '@tanstack/react-query'
import type { Data, Layout } from 'plotly.js'
import { useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { Chart, useSeriesColors } from '../../charts/index.ts'
import type { ChartView } from '../../experience/chart-view.ts'
import { lineTraces, pairs, timeLayout, wholeForSummary } from '../../experience/StatCharts.tsx'
import { seriesSummary } from '../../experience/summary.ts'

/** The chart's tabs (part 2 §2.6: Active / Top Five / All), as the scopes of the API call. */
export const CREATOR_CCU_TABS = [
  { value: 'active', label: 'Active' },
  { value: 'top_five', label: 'Top Five' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: TagCcuScope; label: string }[]
export const CREATOR_CCU_DEFAULT_SCOPE: TagCcuScope = 'active'
export const CREATOR_CCU_TITLE = 'Average CCU'
const NO_ROWS: readonly (readonly number[])[] = []
/** Used only before the theme's colorway is known (as the experience charts do). */
const LINE_FALLBACK = '#4c6ef5'

const SCOPE_WORDS: Record<TagCcuScope, string> = {
  active: 'its experiences with players',
  top_five: 'its five experiences with the most players online now',
  all: 'all its experiences',
}

export interface CreatorCcuChartProps {
  readonly creatorId: number
  readonly type: Creator['type'] | undefined
  readonly name: string
  readonly scope: TagCcuScope
  readonly view: ChartView
}

/** The average CCU of a creator's experiences for the tab's scope, with gaps where data is missing. */
export function CreatorCcuChart({ creatorId, type, name, scope, view }: CreatorCcuChartProps) {
  const q = useQuery({
    ...api.creatorCcu(creatorId, {
      ...(type ? { type } : {}),
      scope,
      granularity: view.granularity,
      ...(view.startTime !== undefined ? { startTime: new Date(view.startTime).toISOString() } : {}),
    }),
    select: (r) => ({ rows: r.body.series[0]?.data ?? NO_ROWS, partialFrom: r.partialFrom }),
  })
  // A failed fetch reads as no data (part 1 §8).
  const rows = q.isError ? NO_ROWS : (q.data?.rows ?? NO_ROWS)
  const partialFrom = q.isError ? null : (q.data?.partialFrom ?? null)
  const g = view.granularity
  const colors = useSeriesColors()
  const data = useMemo<Data[]>(
    () =>
      rows.length === 0
        ? []
        : lineTraces(CREATOR_CCU_TITLE, rows, g, partialFrom, colors[0] ?? LINE_FALLBACK, {
            fill: true,
            hovertemplate: '%{x|%b %d, %Y %H:%M} UTC<br>%{y:,}%{customdata}<extra></extra>',
          }),
    [rows, g, partialFrom, colors],
  )
  const layout = useMemo<Partial<Layout>>(() => timeLayout(view, []), [view])
  // Summaries take whole periods only; the one in progress is named.
  const summed = wholeForSummary(rows, partialFrom, g)
  return (
    <Chart
      title={CREATOR_CCU_TITLE}
      export={{ name: [name, 'ccu', scope, view.range ?? 'custom', g], value: STAT_EXPORT_COLUMNS.ccus[0] }}
      data={data}
      layout={layout}
      loading={q.isPending && !q.isError}
      onRelayout={(e) => view.onRelayout(e as Record<string, unknown>)}
      summary={`${seriesSummary(`Average CCU of ${SCOPE_WORDS[scope]} (${name}) by ${g}`, pairs(summed.whole), (v) => formatStatValue('ccus', v))}${summed.inProgress}`}
    />
  )
}
