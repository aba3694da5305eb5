import { formatStatValue } from '@ludex/schemas'
import type { Data } from 'plotly.js'
import { useCallback, useMemo, useState } from 'react'
import { Chart, IN_PROGRESS, inProgressTrace, lineParts, toXY, useSeriesColors } from '../../charts/index.ts'
import { zoomFromRelayout } from '../../experience/anchor.ts'
import { rangeOf } from './export-range.ts'
import { OverviewCard } from './OverviewCard.tsx'
import { type CcuPoint, trackedCcuAxes, widenedZoom } from './tracked-ccu.ts'

const TITLE = 'Tracked Games CCU'
export const NO_ROBLOX_CCU_DATA = 'No Roblox CCU data'
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/**
 * Daily CCU of all tracked experiences as an area chart; missing days are breaks, never zeros. The day
 * in progress (from `partialFrom`) is a dotted segment whose hover says so, never drawn as a whole day.
 * A zoom narrower than the chart's 30-day minimum range is widened to it.
 */
export function TrackedCcuChart({
  points,
  partialFrom,
  loading,
}: {
  points: readonly CcuPoint[]
  partialFrom: number | null
  loading: boolean
}) {
  const colors = useSeriesColors()
  const [zoom, setZoom] = useState<{ min: number; max: number; revision: number } | null>(null)
  const { traces, layout, summary } = useMemo(() => {
    const first = points[0]
    const last = points.at(-1)
    if (!first || !last) return { traces: [] as Data[], layout: {}, summary: '' }
    const parts = lineParts(
      points.map((p) => [p.time, p.ccu] as const),
      'day',
      partialFrom,
    )
    const traces: Data[] = [
      {
        type: 'scatter',
        mode: 'lines',
        name: 'CCU',
        ...toXY(parts.main),
        customdata: parts.notes,
        fill: 'tozeroy',
        connectgaps: false,
        line: { width: 2 },
        hovertemplate: '%{x|%b %d, %Y}: %{y:,}%{customdata}<extra></extra>',
      } as Data,
    ]
    if (parts.tail.length > 0)
      traces.push(inProgressTrace('CCU', parts.tail, colors[0] ?? '#4c6ef5', { fill: true }))
    const whole = points.filter((p) => partialFrom === null || p.time < partialFrom)
    const max = whole.reduce<CcuPoint | undefined>((m, p) => (!m || p.ccu > m.ccu ? p : m), undefined)
    const lastWhole = whole.at(-1)
    const ccu = (v: number) => formatStatValue('ccus', v)
    const summary = [
      `Daily CCU of tracked games from ${day.format(first.time)} to ${day.format(last.time)}`,
      lastWhole && max
        ? `: latest whole day ${ccu(lastWhole.ccu)}, highest ${ccu(max.ccu)} on ${day.format(max.time)}.`
        : '.',
      parts.tail.length > 0 ? ` ${day.format(last.time)} is ${IN_PROGRESS}: ${ccu(last.ccu)} so far.` : '',
    ].join('')
    const axes = trackedCcuAxes(points)
    return {
      traces,
      layout: {
        ...axes,
        ...(zoom
          ? {
              xaxis: {
                ...axes.xaxis,
                range: [new Date(zoom.min).toISOString(), new Date(zoom.max).toISOString()],
              },
            }
          : {}),
        showlegend: false,
        hovermode: 'x' as const,
        uirevision: `tracked-ccu-${zoom?.revision ?? 0}`,
      },
      summary,
    }
  }, [points, partialFrom, colors, zoom])

  const onRelayout = useCallback((event: Readonly<Record<string, unknown>>) => {
    const z = zoomFromRelayout(event)
    const wide = widenedZoom(z === 'autorange' ? null : z)
    if (wide) setZoom((cur) => ({ ...wide, revision: (cur?.revision ?? 0) + 1 }))
  }, [])

  return (
    <OverviewCard title={TITLE}>
      <Chart
        title={TITLE}
        summary={summary}
        loading={loading}
        data={traces}
        layout={layout}
        emptyText={NO_ROBLOX_CCU_DATA}
        export={{
          name: ['Overview', TITLE, ...rangeOf(points.map((p) => p.time)), 'day'],
          value: { name: 'ccu', unit: 'players' },
        }}
        onRelayout={(e) => onRelayout(e as Record<string, unknown>)}
      />
    </OverviewCard>
  )
}
