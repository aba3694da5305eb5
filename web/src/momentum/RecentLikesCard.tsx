import {
  RECENT_LIKES_CARD_DAYS,
  RECENT_LIKES_MIN_VOTES,
  type RecentLikesResponse,
  STAT_EXPORT_COLUMNS,
} from '@ludex/schemas'
import { Anchor, Group, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Data, Layout } from 'plotly.js'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { api } from '../api/queries.ts'
import { Chart, useSeriesColors, withGaps } from '../charts/index.ts'
import { ChartCard } from '../experience/ChartCard.tsx'
import { methodologyLink } from '../methodology/paths.ts'

export const RECENT_LIKES_TITLE = 'Recent Like %'
const DAY_MS = 86_400_000

type Series = RecentLikesResponse['series'][number]

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(1)} %`)
const latest = (s: Series | undefined) => s?.data.at(-1)

/** The card's headline: lifetime, then each window's latest figure (or why it is not shown). */
export function recentLikesHeadline(r: RecentLikesResponse): string {
  const parts = [`Lifetime ${pct(r.lifetime)}`]
  for (const s of r.series) {
    const p = latest(s)
    const value =
      p === undefined
        ? 'no data yet'
        : p.like_percentage === null
          ? `under ${r.min_votes} votes`
          : pct(p.like_percentage)
    parts.push(`last ${s.window_days} days ${value}`)
  }
  return parts.join(' · ')
}

/**
 * The card's call: from the loader's minute, so the loader's prefetch, the server render and the
 * hydration ask for the same days.
 */
export const recentLikesQuery = (placeId: number, now: number) =>
  api.recentLikes(placeId, new Date(now - RECENT_LIKES_CARD_DAYS * DAY_MS).toISOString())

/**
 * The like % of the votes cast in the last 7 and 30 days, beside the lifetime figure (issue 20.4): one
 * line per window, a day whose window has too few votes drawn as a gap, the lifetime % as a dashed line.
 */
export function RecentLikesCard({ placeId, name, now }: { placeId: number; name: string; now: number }) {
  const q = useQuery(recentLikesQuery(placeId, now))
  const colors = useSeriesColors()
  const r = q.data
  const data = useMemo<Data[]>(
    () =>
      (r?.series ?? []).map((s, i) => {
        const points = withGaps(
          s.data.map((p) => [p.time, p.like_percentage] as const),
          'day',
        )
        return {
          type: 'scatter',
          mode: points.length < 60 ? 'lines+markers' : 'lines',
          name: `Last ${s.window_days} days`,
          x: points.map(([t]) => new Date(t)),
          y: points.map(([, v]) => v),
          connectgaps: false,
          line: { width: 2, color: colors[i] },
          marker: { size: 4 },
          hovertemplate: `%{x|%b %d, %Y} · last ${s.window_days} days: %{y:.1f}%<extra></extra>`,
        } as Data
      }),
    [r, colors],
  )
  const layout = useMemo<Partial<Layout>>(
    () => ({
      xaxis: { type: 'date' },
      yaxis: { ticksuffix: '%', rangemode: 'normal' },
      showlegend: true,
      hovermode: 'x unified',
      shapes:
        r?.lifetime == null
          ? []
          : [
              {
                type: 'line',
                xref: 'paper',
                x0: 0,
                x1: 1,
                y0: r.lifetime,
                y1: r.lifetime,
                line: { dash: 'dash', width: 1, color: '#868e96' },
              },
            ],
    }),
    [r],
  )
  const empty = !r || r.series.every((s) => s.data.every((p) => p.like_percentage === null))
  return (
    <ChartCard title={RECENT_LIKES_TITLE}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" data-testid="recent-likes-headline">
          {r ? recentLikesHeadline(r) : 'Loading…'}
        </Text>
        <Anchor component={Link} to={methodologyLink('recent-likes')} size="sm">
          How it is computed
        </Anchor>
      </Group>
      <Chart
        title={RECENT_LIKES_TITLE}
        data={data}
        layout={layout}
        loading={q.isPending && !q.isError}
        export={{
          name: [name, RECENT_LIKES_TITLE, `${RECENT_LIKES_CARD_DAYS}d`, 'day'],
          value: STAT_EXPORT_COLUMNS.rating[0],
        }}
        empty={!q.isPending && empty}
        emptyText={`Not enough votes yet (a window needs ${RECENT_LIKES_MIN_VOTES})`}
        summary={`Like percentage of the votes cast in the last 7 and 30 days for ${name}, by day; the dashed line is the lifetime like percentage. ${r ? recentLikesHeadline(r) : ''}`}
      />
    </ChartCard>
  )
}
