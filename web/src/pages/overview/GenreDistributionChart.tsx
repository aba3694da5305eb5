import { useComputedColorScheme, useMantineTheme } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Data, Layout } from 'plotly.js'
import { useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { Chart, chartColors, useSmallChart } from '../../charts/index.ts'
import { genreRings } from './genre-distribution.ts'
import { OverviewCard } from './OverviewCard.tsx'

const TITLE = 'Platform Genre Distribution'
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 })

/** Current CCU by genre (inner ring) and sub-genre (outer ring): two pie traces with holes. */
export function GenreDistributionChart() {
  const theme = useMantineTheme()
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false })
  const small = useSmallChart()
  const layout = useMemo<Partial<Layout>>(
    () => ({
      margin: { l: 8, r: 8, t: 8, b: 8 },
      legend: { orientation: 'v', x: 1, y: 0.5, yanchor: 'middle' },
      showlegend: !small,
      hovermode: 'closest',
    }),
    [small],
  )
  const dist = useQuery(api.genreDistribution())

  const { traces, summary } = useMemo(() => {
    const genres = dist.data?.genres ?? []
    const { inner, outer } = genreRings(genres)
    if (inner.values.length === 0) return { traces: [] as Data[], summary: '' }
    const colors = chartColors(theme, scheme)
    const palette = colors.series
    const innerColors = inner.parent.map((p) => palette[p % palette.length] ?? '#888')
    // Sub-genres take their genre's colour; the separating lines tell them apart.
    const outerColors = outer.parent.map((p) => palette[p % palette.length] ?? '#888')
    const separator = scheme === 'dark' ? theme.colors.dark[7] : theme.white
    const traces: Data[] = [
      {
        type: 'pie',
        name: 'Genre',
        labels: inner.labels,
        values: inner.values,
        sort: false,
        direction: 'clockwise',
        rotation: 0,
        hole: 0.35,
        domain: { x: [0.18, 0.82], y: [0.18, 0.82] },
        textinfo: 'percent',
        textposition: 'inside',
        insidetextorientation: 'horizontal',
        marker: { colors: innerColors, line: { color: separator, width: 1 } },
        hovertemplate: '%{label}<br>%{value:,} CCU (%{percent})<extra></extra>',
      },
      {
        type: 'pie',
        name: 'Sub-genre',
        labels: outer.labels,
        values: outer.values,
        sort: false,
        direction: 'clockwise',
        rotation: 0,
        hole: 0.78,
        textinfo: 'none',
        showlegend: false,
        opacity: 0.75,
        marker: { colors: outerColors, line: { color: separator, width: 1 } },
        hovertemplate: '%{label}<br>%{value:,} CCU (%{percent})<extra></extra>',
      },
    ]
    const total = inner.values.reduce((a, b) => a + b, 0)
    const top = inner.labels
      .slice(0, 3)
      .map((l, i) => `${l} ${percent.format((inner.values[i] ?? 0) / total)}`)
      .join(', ')
    return {
      traces,
      summary: `Share of current players by genre across ${inner.labels.length} genres. Largest: ${top}.`,
    }
  }, [dist.data, theme, scheme])

  return (
    <OverviewCard title={TITLE}>
      <Chart
        title={TITLE}
        summary={summary}
        loading={dist.isPending}
        data={traces}
        layout={layout}
        export={{
          name: ['Overview', TITLE, dist.data?.time?.slice(0, 16).replace(':', '')],
          category: { name: 'genre' },
          value: { name: 'ccu', unit: 'players' },
        }}
      />
    </OverviewCard>
  )
}
