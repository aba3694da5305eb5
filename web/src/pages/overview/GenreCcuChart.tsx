import {
  displayGenreName,
  formatStatValue,
  GENRE_CHART_GRANULARITIES,
  type GenreChartGranularity,
} from '@ludex/schemas'
import { SegmentedControl, useComputedColorScheme, useMantineTheme } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Data, Layout } from 'plotly.js'
import { useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { Chart, chartColors, granularityOptions, toXY, useSmallChart, withGaps } from '../../charts/index.ts'
import { useHashParams } from '../../ui/hash-params.ts'
import { GENRE_CCU_TITLE, genreGranularityFromHash, genreGranularityHash } from './genre-granularity.ts'
import { OverviewCard } from './OverviewCard.tsx'

const TITLE = GENRE_CCU_TITLE

/**
 * Average CCU per genre over time, one line per genre, with a day/week/month switch kept in the address
 * as an anchor link to the chart (genre-granularity.ts).
 */
export function GenreCcuChart() {
  const [hash, setHash] = useHashParams()
  const granularity = genreGranularityFromHash(hash)
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
  const stats = useQuery({ ...api.genreStats(granularity), select: (r) => r.series })

  const traces = useMemo<Data[]>(
    () =>
      (stats.data ?? [])
        .filter((s) => s.data.length > 0)
        .map((s, i) => {
          const pts = withGaps(
            s.data.map(([t, avg]) => [t, avg] as const),
            granularity,
          )
          return {
            type: 'scatter',
            mode: 'lines',
            name: displayGenreName(s.name),
            ...toXY(pts),
            connectgaps: false,
            // Past the palette the colours repeat; a dotted line keeps those genres apart.
            line: { dash: i >= palette.length ? 'dot' : 'solid' },
            hovertemplate: '%{y:,.1f}',
          }
        }),
    [stats.data, granularity, palette.length],
  )

  const summary = useMemo(() => {
    const latest = (stats.data ?? [])
      .map((s) => ({ name: displayGenreName(s.name), v: s.data.at(-1)?.[1] }))
      .filter((x): x is { name: string; v: number } => x.v !== undefined)
      .sort((a, b) => b.v - a.v)
      .slice(0, 3)
    if (latest.length === 0) return 'No data.'
    return `Average CCU per experience of ${traces.length} genres by ${granularity}. Highest in the latest period: ${latest
      .map((x) => `${x.name} ${formatStatValue('ccus', x.v)}`)
      .join(', ')}.`
  }, [stats.data, traces.length, granularity])

  return (
    <OverviewCard
      title={TITLE}
      action={
        <SegmentedControl
          size="xs"
          aria-label="Granularity"
          data={granularityOptions(GENRE_CHART_GRANULARITIES)}
          value={granularity}
          onChange={(v) => setHash((cur) => genreGranularityHash(cur, v as GenreChartGranularity))}
        />
      }
    >
      <Chart title={TITLE} summary={summary} loading={stats.isPending} data={traces} layout={layout} />
    </OverviewCard>
  )
}
