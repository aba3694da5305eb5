import { displayGenreName, type TagExperience } from '@ludex/schemas'
import { useComputedColorScheme, useMantineTheme } from '@mantine/core'
import type { Data, Layout } from 'plotly.js'
import { useMemo } from 'react'
import { Chart, chartColors, useSmallChart } from '../../charts/index.ts'
import { tagGenres } from './tag-summary.ts'

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 })

/**
 * Tag Genre Distribution (part 2 §2.4): the share of the tag's players online per genre, as the
 * overview's Platform Genre Distribution shares players; a tag whose experiences have no players now
 * shares its experiences instead, and the summary says which.
 */
export function TagGenreChart({
  title,
  tagName,
  places,
}: {
  title: string
  tagName: string
  places: readonly TagExperience[]
}) {
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
  const { data, summary, byPlayers } = useMemo(() => {
    const genres = tagGenres(places)
    const byPlayers = genres.some((g) => g.playersOnline > 0)
    const kept = byPlayers ? genres.filter((g) => g.playersOnline > 0) : genres
    if (kept.length === 0) return { data: [] as Data[], summary: '', byPlayers }
    const values = kept.map((g) => (byPlayers ? g.playersOnline : g.experiences))
    const labels = kept.map((g) => displayGenreName(g.genre))
    const palette = chartColors(theme, scheme).series
    const separator = scheme === 'dark' ? theme.colors.dark[7] : theme.white
    const unit = byPlayers ? 'players online' : 'experiences'
    const trace = {
      type: 'pie',
      name: 'Genre',
      labels,
      values,
      customdata: kept.map((g) => g.experiences),
      sort: false,
      direction: 'clockwise',
      hole: 0.45,
      textinfo: 'percent',
      textposition: 'inside',
      insidetextorientation: 'horizontal',
      marker: {
        colors: kept.map((_, i) => palette[i % palette.length] ?? '#888'),
        line: { color: separator, width: 1 },
      },
      hovertemplate: `%{label}<br>%{value:,} ${unit} (%{percent})<br>%{customdata} experiences<extra></extra>`,
    } as Data
    const total = values.reduce((a, b) => a + b, 0)
    const parts = kept.map(
      (g, i) => `${labels[i]} ${percent.format((values[i] ?? 0) / total)} (${g.experiences} experiences)`,
    )
    return { data: [trace], summary: `Share of the tag’s ${unit} by genre: ${parts.join(', ')}.`, byPlayers }
  }, [places, theme, scheme])
  return (
    <Chart
      title={title}
      summary={summary}
      data={data}
      layout={layout}
      export={{
        name: [tagName, title],
        category: { name: 'genre' },
        value: byPlayers
          ? { name: 'players online', unit: 'players' }
          : { name: 'experiences', unit: 'count' },
      }}
    />
  )
}
