import { displayGenreName, formatStatValue, type GenreChartGranularity } from '@ludex/schemas'
import { SegmentedControl, useComputedColorScheme, useMantineTheme } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Data, Layout } from 'plotly.js'
import { useMemo } from 'react'
import { api } from '../../api/queries.ts'
import {
  Chart,
  chartColors,
  inProgressTrace,
  lineParts,
  toXY,
  useSmallChart,
  wholePoints,
} from '../../charts/index.ts'
import { useViewer } from '../../shell/viewer.ts'
import { useHashParams } from '../../ui/hash-params.ts'
import { rangeOf } from './export-range.ts'
import { GENRE_CCU_TITLE, genreGranularityHash, genreGranularityView } from './genre-granularity.ts'
import { OverviewCard } from './OverviewCard.tsx'

const TITLE = GENRE_CCU_TITLE

/**
 * Average CCU per genre over time, one line per genre, with a day/week/month switch kept in the address
 * as an anchor link to the chart (genre-granularity.ts), offering only what can show two points.
 */
export function GenreCcuChart() {
  const [hash, setHash] = useHashParams()
  const viewer = useViewer()
  const { granularity, options } = genreGranularityView(hash, {
    visitor: viewer.kind === 'visitor',
    nowMs: Date.now(),
  })
  // At 300 px high the legend of ~15 genres would take the plot's place; hover names the lines.
  const small = useSmallChart()
  const theme = useMantineTheme()
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false })
  const palette = chartColors(theme, scheme).series
  const layout = useMemo<Partial<Layout>>(
    () => ({
      showlegend: !small,
      hovermode: 'x unified',
      yaxis: { title: { text: 'Average CCU' } },
      xaxis: { type: 'date' },
    }),
    [small],
  )
  const stats = useQuery({
    ...api.genreStats(granularity),
    select: (r) => ({ series: r.body.series, partialFrom: r.partialFrom }),
  })
  const partialFrom = stats.data?.partialFrom ?? null

  const traces = useMemo<Data[]>(() => {
    const shown = (stats.data?.series ?? []).filter((s) => s.data.length > 0)
    // The period in progress: each genre's dotted segment, after all the lines so that every line
    // keeps its colorway slot; it takes its line's colour and legend entry.
    const tails: Data[] = []
    const lines = shown.map((s, i): Data => {
      const name = displayGenreName(s.name)
      const parts = lineParts(
        s.data.map(([t, avg]) => [t, avg] as const),
        granularity,
        partialFrom,
      )
      if (parts.tail.length > 0) {
        tails.push(inProgressTrace(name, parts.tail, palette[i % palette.length] ?? '#868e96'))
      }
      return {
        type: 'scatter',
        mode: 'lines',
        name,
        legendgroup: name,
        ...toXY(parts.main),
        customdata: parts.notes,
        connectgaps: false,
        // Past the palette the colours repeat; a dotted line keeps those genres apart.
        line: { dash: i >= palette.length ? 'dot' : 'solid' },
        hovertemplate: '%{y:,.1f}%{customdata}',
      } as Data
    })
    return [...lines, ...tails]
  }, [stats.data, granularity, palette, partialFrom])

  const summary = useMemo(() => {
    // The latest whole period: the one in progress is no comparison of genres yet.
    const shown = (stats.data?.series ?? []).filter((s) => s.data.length > 0)
    const latest = shown
      .map((s) => ({ name: displayGenreName(s.name), v: wholePoints(s.data, partialFrom).at(-1)?.[1] }))
      .filter((x): x is { name: string; v: number } => x.v !== undefined)
      .sort((a, b) => b.v - a.v)
      .slice(0, 3)
    if (latest.length === 0) return 'No data.'
    return `Average CCU per experience of ${shown.length} genres by ${granularity}. Highest in the latest whole period: ${latest
      .map((x) => `${x.name} ${formatStatValue('ccus', x.v)}`)
      .join(', ')}.`
  }, [stats.data, granularity, partialFrom])

  return (
    <OverviewCard
      title={TITLE}
      action={
        <SegmentedControl
          size="xs"
          aria-label="Granularity"
          data={options}
          value={granularity}
          onChange={(v) => setHash((cur) => genreGranularityHash(cur, v as GenreChartGranularity))}
        />
      }
    >
      <Chart
        title={TITLE}
        summary={summary}
        loading={stats.isPending}
        data={traces}
        layout={layout}
        export={{
          name: [
            'Overview',
            TITLE,
            ...rangeOf(stats.data?.series.flatMap((s) => s.data.map((r) => r[0])) ?? []),
            granularity,
          ],
          value: { name: 'average ccu', unit: 'players per experience' },
        }}
      />
    </OverviewCard>
  )
}
