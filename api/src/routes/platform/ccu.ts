import {
  DEFAULT_GRANULARITY,
  granularityParam,
  platformCcuList,
  snapToSlot,
  snapUpToSlot,
  timeParam,
} from '@ludex/schemas'
import { z } from 'zod'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { platformCcu } from '../../store/platform.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

/** The default range: the last year (the overview chart shows at least 30 days and zooms from there). */
function oneYearBefore(ms: number): number {
  const d = new Date(ms)
  d.setUTCFullYear(d.getUTCFullYear() - 1)
  return d.getTime()
}

export const platformCcuRoute = defineRoute({
  method: 'GET',
  path: '/api/platform/ccu',
  resource: 'platform',
  summary: 'Tracked CCU of the platform per period',
  description:
    'The average CCU over all tracked experiences per period (period starts: hour at minute 1, day at ' +
    '01:00 UTC, week on Monday 01:00 UTC, month on day 1 at 01:00 UTC), floored. Default granularity ' +
    'day and range the last year; a period cut by the range averages the slots inside it; periods ' +
    'without data are absent. Visitors see the last 30 days: every period they get starts inside them ' +
    '(a start whose period began earlier moves to the first period starting inside the window, and ' +
    'X-Ludex-History-Start says where). A startTime after endTime is a 400; an endTime before the ' +
    'default start gives an empty list.',
  query: z.object({
    granularity: granularityParam.default(DEFAULT_GRANULARITY),
    startTime: timeParam.optional(),
    endTime: timeParam.optional(),
  }),
  response: platformCcuList,
  maxAgeSeconds: 60,
  handler: async ({ query, deps, viewer, ctx }) => {
    const now = deps.now()
    const end = snapUpToSlot(Math.min(query.endTime ?? now, now))
    const requestedStart = query.startTime ?? oneYearBefore(now)
    if (query.startTime !== undefined && query.endTime !== undefined && query.endTime < query.startTime) {
      throw ApiError.badRequest([{ field: 'endTime', message: 'must not be before startTime' }])
    }
    // A user's first period may be cut by the start (it averages the slots inside the range); a
    // visitor's first period starts inside the window, so no label lies before it.
    const start = visibleFrom(viewer, ctx, snapToSlot(requestedStart), now, query.granularity)
    if (end < start) return []
    return platformCcu(deps, query.granularity, start, end)
  },
})
