import { Paper, Stack, Title } from '@mantine/core'
import type { Data } from 'plotly.js'
import { useMemo } from 'react'
import { Chart, IN_PROGRESS, IN_PROGRESS_NOTE, isInProgress } from '../../charts/index.ts'

const TITLE = 'Total Events'
const DAY_MS = 86_400_000
/** The chart spans at least two weeks, so a credential's first days are bars, not one wide block. */
const MIN_SPAN_DAYS = 14
/** A day period (01:00 UTC) drawn on its date, as the API labels it. */
const dateOf = (dayStart: number) => new Date(dayStart - 3_600_000).toISOString().slice(0, 10)
const integer = new Intl.NumberFormat('en-US')
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/**
 * Events per day of the credentials on show (the search narrows it), as bars. The day in progress is
 * a faint bar whose hover says so: its count is not a whole day's (X-Ludex-Partial-From).
 */
export function TotalEventsChart({
  points,
  partialFrom,
  loading,
}: {
  points: readonly [number, number][]
  partialFrom: number | null
  loading: boolean
}) {
  const { data, summary, range, span } = useMemo(() => {
    if (points.length === 0)
      return { data: [] as Data[], summary: 'No events yet.', range: undefined, span: [] }
    const whole = points.filter(([t]) => !isInProgress(t, partialFrom))
    const current = points.filter(([t]) => isInProgress(t, partialFrom))
    const data: Data[] = [
      {
        type: 'bar',
        name: 'Events',
        x: whole.map(([t]) => dateOf(t)),
        y: whole.map(([, v]) => v),
        width: whole.map(() => DAY_MS * 0.8),
        hovertemplate: '%{x|%b %d, %Y}: %{y:,} events<extra></extra>',
      } as Data,
    ]
    if (current.length > 0) {
      data.push({
        type: 'bar',
        name: `Events (${IN_PROGRESS})`,
        x: current.map(([t]) => dateOf(t)),
        y: current.map(([, v]) => v),
        width: current.map(() => DAY_MS * 0.8),
        opacity: 0.45,
        hovertemplate: `%{x|%b %d, %Y}: %{y:,} events${IN_PROGRESS_NOTE}<extra></extra>`,
      } as Data)
    }
    const total = whole.reduce((n, [, v]) => n + v, 0)
    const busiest = whole.reduce<[number, number] | null>((m, p) => (!m || p[1] > m[1] ? p : m), null)
    const first = points[0]!
    const last = points.at(-1)!
    const summary = [
      `Events per day from ${day.format(first[0])} to ${day.format(last[0])}: ${integer.format(total)} on whole days`,
      busiest ? `, most on ${day.format(busiest[0])} (${integer.format(busiest[1])}).` : '.',
      current[0]
        ? ` ${day.format(current[0][0])} is ${IN_PROGRESS}: ${integer.format(current[0][1])} so far.`
        : '',
    ].join('')
    // Bars stand on their dates' midnights (day start − 1 hour), half a day either side.
    const lastBar = last[0] - 3_600_000
    const firstBar = Math.min(first[0] - 3_600_000, lastBar - MIN_SPAN_DAYS * DAY_MS)
    const range = [
      new Date(firstBar - DAY_MS / 2).toISOString(),
      new Date(lastBar + DAY_MS / 2).toISOString(),
    ]
    return { data, summary, range, span: [dateOf(first[0]), dateOf(last[0])] }
  }, [points, partialFrom])

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="total-events-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="total-events-title">
          {TITLE}
        </Title>
        <Chart
          title={TITLE}
          summary={summary}
          loading={loading}
          data={data}
          height={300}
          export={{ name: [TITLE, ...span], value: { name: 'events', unit: 'count' } }}
          layout={{
            barmode: 'overlay',
            bargap: 0.15,
            showlegend: false,
            xaxis: { type: 'date', ...(range && { range }) },
            yaxis: { rangemode: 'tozero' },
            uirevision: 'total-events',
          }}
        />
      </Stack>
    </Paper>
  )
}
