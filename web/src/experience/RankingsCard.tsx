import { type AnchorZoom, formatDuration } from '@ludex/schemas'
import { Anchor, Center, Loader, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Data, Layout } from 'plotly.js'
import { useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { api } from '../api/queries.ts'
import { Chart, ganttHref, ganttTrace } from '../charts/index.ts'
import { rankingPath } from '../rankings/address.ts'
import { useViewer } from '../shell/viewer.ts'
import { useHashParams } from '../ui/hash-params.ts'
import { ScrollTable } from '../ui/ScrollTable.tsx'
import { zoomFromRelayout } from './anchor.ts'
import { ChartCard } from './ChartCard.tsx'
import { useChartView } from './chart-view.ts'
import { categoryTitle, minLabelledBarMs, rankingMilestones, rankingsSummary } from './rankings.ts'
import { useHashTab } from './use-hash-tab.ts'

const TABS = [
  { value: 'rankings', label: 'Chart Rankings' },
  { value: 'milestones', label: 'Chart Ranking Milestones' },
] as const
type Tab = (typeof TABS)[number]['value']
const TAB_VALUES = TABS.map((t) => t.value)

export const NOT_IN_CHARTS = 'The experience has not appeared in any Roblox chart category'

/**
 * Chart Rankings gantt and milestones; only when the experience has been in a chart category. A bar
 * links to its category's ranking at the bar's start with the experience highlighted (part 2 §2.9);
 * the milestones' categories link to their latest peak, the keyboard's way to the same pages.
 */
export function RankingsCard({ placeId, name, now }: { placeId: number; name: string; now: number }) {
  const viewer = useViewer()
  const navigate = useNavigate()
  const [hash] = useHashParams()
  const [tab, setTab] = useHashTab<Tab>(hash, TAB_VALUES, 'rankings')
  const title = TABS.find((t) => t.value === tab)?.label ?? 'Chart Rankings'
  const view = useChartView('Chart Rankings', now, { granularities: [] })
  const q = useQuery(api.rankingSeries(placeId))
  const periods = q.isError ? [] : (q.data ?? [])
  // What the chart shows: the view's range, until the user zooms (null: everything, after a reset).
  const [zoom, setZoom] = useState<{ of: AnchorZoom | null; to: AnchorZoom | null } | null>(null)
  const visible = zoom && zoom.of === view.target ? zoom.to : view.target
  const span = visible ? visible.max - visible.min : null

  const data = useMemo<Data[]>(() => {
    if (periods.length === 0) return []
    const minBar = minLabelledBarMs(span ?? Number.POSITIVE_INFINITY)
    return [
      ganttTrace(
        periods.map((p) => {
          const start = Date.parse(p.start)
          const end = Date.parse(p.end)
          return {
            row: categoryTitle(p.y),
            start,
            end,
            label: end - start >= minBar ? p.name : '',
            hover: `${categoryTitle(p.y)}: peak ${p.name}, ${formatDuration((end - start) / 1000)}<br>Click to open the ranking`,
            href: rankingPath(p.y, { time: start, exp: placeId }),
          }
        }),
        { name: 'Chart Rankings' },
      ),
    ]
  }, [periods, span, placeId])

  const rows = new Set(periods.map((p) => p.y)).size
  const layout = useMemo<Partial<Layout>>(
    () => ({
      xaxis: {
        type: 'date',
        ...(view.target
          ? { range: [view.target.min, view.target.max], autorange: false }
          : { autorange: true }),
      },
      yaxis: { type: 'category', automargin: true, rangemode: 'normal' },
      uirevision: view.uirevision,
      showlegend: false,
      bargap: 0.3,
    }),
    [view.target, view.uirevision],
  )
  const milestones = useMemo(() => rankingMilestones(periods), [periods])

  if (q.isPending) {
    return (
      <ChartCard title="Chart Rankings">
        <Center h={160}>
          <Loader aria-label="Loading chart rankings" />
        </Center>
      </ChartCard>
    )
  }
  if (periods.length === 0) {
    return (
      <ChartCard title="Chart Rankings">
        <Text c="dimmed">
          {NOT_IN_CHARTS}
          {viewer.kind === 'visitor' ? ' recently' : ''}
        </Text>
      </ChartCard>
    )
  }

  const summary = rankingsSummary(name, periods, visible)

  return (
    <ChartCard
      title={title}
      view={tab === 'rankings' ? view : undefined}
      granularities={[]}
      tabs={{ items: TABS, value: tab, onChange: (v) => setTab(v as Tab) }}
    >
      {tab === 'rankings' ? (
        <Chart
          title="Chart Rankings"
          export={{ name: [name, 'Chart Rankings', view.range ?? 'custom'], category: { name: 'chart' } }}
          data={data}
          layout={layout}
          height={Math.max(220, 80 + rows * 44)}
          onRelayout={(e) => {
            view.onRelayout(e as Record<string, unknown>)
            const z = zoomFromRelayout(e as Record<string, unknown>)
            // Kept with the range it zoomed from: a range button sets a new view, and the zoom gives way.
            if (z === 'autorange') setZoom({ of: view.target, to: null })
            else if (z) setZoom({ of: view.target, to: z })
          }}
          onClick={(e) => {
            const href = ganttHref(e)
            if (href) navigate(href)
          }}
          summary={summary}
        />
      ) : (
        <ScrollTable label="Chart Ranking Milestones" widerThanPhones>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Category</Table.Th>
                <Table.Th ta="right">Peak Rank</Table.Th>
                <Table.Th ta="right">Last Peak Duration</Table.Th>
                <Table.Th ta="right">Times at Peak</Table.Th>
                <Table.Th ta="right">Total Time at Peak</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {milestones.map((m) => (
                <Table.Tr key={m.categoryId}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={rankingPath(m.categoryId, { time: m.lastPeakStart, exp: placeId })}
                      size="sm"
                    >
                      {m.category}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">#{m.peakRank}</Table.Td>
                  <Table.Td ta="right">{formatDuration(m.lastPeakMs / 1000)}</Table.Td>
                  <Table.Td ta="right">{m.timesAtPeak}</Table.Td>
                  <Table.Td ta="right">{formatDuration(m.totalAtPeakMs / 1000)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </ChartCard>
  )
}
