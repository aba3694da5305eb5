import {
  EVENT_STATS_START_DATE,
  eventStatList,
  eventStatsTable,
  periodStart,
  timeParam,
} from '@ludex/schemas'
import { z } from 'zod'
import { accountsOf } from '../../accounts/route-support.ts'
import { DATED_SERIES_HEADERS } from '../../http/response-headers.ts'
import { defineRoute } from '../../http/route.ts'
import { eventDailyCounts } from '../../store/events.ts'
import { resolveBucketRange } from './stats-range.ts'

const EVENT_STATS_START_MS = Date.parse(`${EVENT_STATS_START_DATE}T00:00:00Z`)

export const eventStatsRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/events',
  resource: 'stats',
  summary: 'Game events per experience and day, for the event credentials (staff)',
  description: [
    'Rows {place_id, num_events, date} for every experience that has an event credential (enabled or',
    'not), one per day with events, by date then place; each event counted once however often it was',
    `sent. Only granularity=day exists. A day is the product's day period, 01:00 to 01:00 UTC, labelled`,
    `by its date; startTime (default ${EVENT_STATS_START_DATE}) snaps down to its day, the day holding`,
    'endTime (default now) is read whole. The day in progress is counted so far, and',
    'X-Ludex-Partial-From names its start whenever the range reaches it. A startTime after endTime is a',
    '400.',
    'Counts come from the daily materialisation, a few seconds behind the events.',
  ].join(' '),
  query: z.object({
    granularity: z.enum(['day'], { message: "must be 'day'" }).default('day'),
    startTime: timeParam.optional(),
    endTime: timeParam.optional(),
  }),
  response: eventStatList,
  csv: eventStatsTable,
  responseHeaders: DATED_SERIES_HEADERS,
  requires: 'EDIT_GAME_CREDENTIALS',
  errors: [503],
  // Staff watch their games' counts move: never a cached answer.
  maxAgeSeconds: 0,
  handler: async ({ query, viewer, deps, ctx }) => {
    const range = resolveBucketRange({
      viewer,
      nowMs: deps.now(),
      granularity: 'day',
      startMs: query.startTime,
      endMs: query.endTime,
      defaultStartMs: EVENT_STATS_START_MS,
      ctx,
    })
    const stored = await accountsOf(deps).store.credentials.list()
    const placeIds = [...new Set(stored.map((c) => c.placeId))]
    return eventDailyCounts(deps, {
      placeIds,
      fromMs: range.fromMs,
      toMs: periodStart(range.toMs, 'day'),
    })
  },
})
