import {
  nextPeriodStart,
  PARTIAL_FROM_HEADER,
  periodStart,
  VISITOR_STATS_DAYS_DEFAULT,
  VISITOR_STATS_DAYS_MAX,
  visitorStats,
} from '@ludex/schemas'
import { z } from 'zod'
import { defineRoute } from '../../http/route.ts'
import { visitorCounts } from '../../store/site-data.ts'

const DAY_MS = 86_400_000

/** 1 to 90: whole numbers only, written as digits. */
const daysParam = z
  .string()
  .regex(/^(?:[1-9]|[1-8][0-9]|90)$/, `must be a whole number of days from 1 to ${VISITOR_STATS_DAYS_MAX}`)
  .transform(Number)
  .optional()
  .describe(`How many days, the one in progress included (default ${VISITOR_STATS_DAYS_DEFAULT}).`)

export const visitorStatsRoute = defineRoute({
  method: 'GET',
  path: '/api/analytics/visitors',
  resource: 'analytics',
  summary: 'Page views per day, the most viewed pages and sign-ups (the users page’s Visitors panel)',
  description:
    'Days are the product’s days (from 01:00 UTC), every one listed (0 without views). Each is a whole ' +
    'day except the day in progress, the last, whose start the X-Ludex-Partial-From header names: its ' +
    'count is so far. Page views are kept 3 months. Top pages are paths without their query.',
  query: z.object({ days: daysParam }),
  response: visitorStats,
  requires: 'LIST_USERS',
  responseHeaders: {
    [PARTIAL_FROM_HEADER]: {
      description: 'The start of the day in progress (the last day of the answer): its count is so far.',
      format: 'date-time',
    },
  },
  handler: async ({ query, deps, ctx }) => {
    const days = query.days ?? VISITOR_STATS_DAYS_DEFAULT
    const today = periodStart(deps.now(), 'day')
    const from = today - (days - 1) * DAY_MS
    const counts = await visitorCounts(deps, from, nextPeriodStart(today, 'day'))
    ctx.set(PARTIAL_FROM_HEADER, new Date(today).toISOString())
    const out = []
    for (let day = from; day <= today; day += DAY_MS) {
      out.push({ date: new Date(day).toISOString(), page_views: counts.perDay.get(day) ?? 0 })
    }
    return { days: out, top_pages: [...counts.topPages], sign_ups: counts.signUps }
  },
})
