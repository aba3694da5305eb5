import { formatStatValue, STAT_EXPORT_COLUMNS, type TagExperience } from '@ludex/schemas'
import { useQuery } from '@tanstack/react-query'
import type { Data, Layout } from 'plotly.js'
import { useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { Chart, useSeriesColors } from '../../charts/index.ts'
import type { ChartView } from '../../experience/chart-view.ts'
import { lineTraces, pairs, timeLayout, wholeForSummary } from '../../experience/StatCharts.tsx'
import { seriesSummary } from '../../experience/summary.ts'

const LINE_FALLBACK = '#4c6ef5'

/** The CCU of the tag's current top five experiences, one line each (part 2 §2.4; weekly by default). */
export function TopFiveChart({
  title,
  tagName,
  top,
  view,
}: {
  title: string
  tagName: string
  top: readonly TagExperience[]
  view: ChartView
}) {
  const placeIds = useMemo(() => top.map((e) => e.place_id), [top])
  const q = useQuery({
    ...api.stats('ccus', {
      placeIds,
      granularity: view.granularity,
      ...(view.startTime !== undefined ? { startTime: new Date(view.startTime).toISOString() } : {}),
    }),
    enabled: placeIds.length > 0,
  })
  const series = q.isError ? [] : (q.data?.body.series ?? [])
  const partialFrom = q.isError ? null : (q.data?.partialFrom ?? null)
  const g = view.granularity
  const colors = useSeriesColors()
  const names = useMemo(() => new Map(top.map((e) => [e.place_id, e.name])), [top])
  const data = useMemo<Data[]>(
    () =>
      series.flatMap((s, i) =>
        s.data.length === 0
          ? []
          : lineTraces(names.get(s.place_id) ?? s.name, s.data, g, partialFrom, colors[i] ?? LINE_FALLBACK, {
              hovertemplate: '%{fullData.name}: %{y:,}%{customdata}<extra></extra>',
            }).map(
              (t, j) =>
                ({
                  ...t,
                  ...(colors[i] ? { line: { width: 2, color: colors[i] } } : {}),
                  showlegend: j === 0,
                }) as Data,
            ),
      ),
    [series, g, partialFrom, colors, names],
  )
  const layout = useMemo<Partial<Layout>>(
    () => timeLayout(view, [], { showlegend: true, legend: { orientation: 'h', y: -0.2 } }),
    [view],
  )
  const summary = series
    .map((s) => {
      const summed = wholeForSummary(s.data, partialFrom, g)
      return `${seriesSummary(`CCU of ${names.get(s.place_id) ?? s.name} by ${g}`, pairs(summed.whole), (v) => formatStatValue('ccus', v))}${summed.inProgress}`
    })
    .join(' ')
  return (
    <Chart
      title={title}
      data={data}
      layout={layout}
      loading={placeIds.length > 0 && q.isPending && !q.isError}
      export={{ name: [tagName, title, view.range ?? 'custom', g], value: STAT_EXPORT_COLUMNS.ccus[0] }}
      onRelayout={(e) => view.onRelayout(e as Record<string, unknown>)}
      summary={summary}
    />
  )
}
