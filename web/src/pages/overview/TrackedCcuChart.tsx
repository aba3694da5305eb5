import { formatStatValue } from '@ludex/schemas'
import type { Data } from 'plotly.js'
import { useMemo } from 'react'
import { Chart, toXY, withGaps } from '../../charts/index.ts'
import { OverviewCard } from './OverviewCard.tsx'
import { type CcuPoint, trackedCcuAxes } from './tracked-ccu.ts'

const TITLE = 'Tracked Games CCU'
export const NO_ROBLOX_CCU_DATA = 'No Roblox CCU data'
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** Daily CCU of all tracked experiences as an area chart; missing days are breaks, never zeros. */
export function TrackedCcuChart({ points, loading }: { points: readonly CcuPoint[]; loading: boolean }) {
  const { traces, layout, summary } = useMemo(() => {
    const first = points[0]
    const last = points.at(-1)
    if (!first || !last) return { traces: [] as Data[], layout: {}, summary: '' }
    const xy = toXY(
      withGaps(
        points.map((p) => [p.time, p.ccu] as const),
        'day',
      ),
    )
    const traces: Data[] = [
      {
        type: 'scatter',
        mode: 'lines',
        name: 'CCU',
        ...xy,
        fill: 'tozeroy',
        connectgaps: false,
        line: { width: 2 },
        hovertemplate: '%{x|%b %d, %Y}: %{y:,}<extra></extra>',
      },
    ]
    const max = points.reduce((m, p) => (p.ccu > m.ccu ? p : m), first)
    const summary = `Daily CCU of tracked games from ${day.format(first.time)} to ${day.format(last.time)}: latest ${formatStatValue('ccus', last.ccu)}, highest ${formatStatValue('ccus', max.ccu)} on ${day.format(max.time)}.`
    return {
      traces,
      layout: { ...trackedCcuAxes(points), showlegend: false, hovermode: 'x' as const },
      summary,
    }
  }, [points])

  return (
    <OverviewCard title={TITLE}>
      <Chart
        title={TITLE}
        summary={summary}
        loading={loading}
        data={traces}
        layout={layout}
        emptyText={NO_ROBLOX_CCU_DATA}
      />
    </OverviewCard>
  )
}
