import {
  DEFAULT_GRANULARITY,
  granularityParam,
  platformCcuList,
  platformCcuTable,
  timeParam,
} from '@ludex/schemas'
import { z } from 'zod'
import { hotReader } from '../../cache/hot-reads.ts'
import { ApiError } from '../../http/api-error.ts'
import { DATED_SERIES_HEADERS } from '../../http/response-headers.ts'
import { defineRoute } from '../../http/route.ts'
import { platformCcu, platformHistoryStartMs } from '../../store/platform.ts'
import { resolveBucketRange, wholeFrom } from '../stats/stats-range.ts'

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
    'day and range the last year. Only whole periods: the start snaps down to its period start and the ' +
    'period holding the end is read whole, so a range never cuts a period short; a period that began ' +
    'before the stored history did is left out. The period in progress at the time of the answer is ' +
    'the one exception: it averages the slots polled so far, and X-Ludex-Partial-From names its start ' +
    'whenever the range reaches it (leave it out of records and averages). Periods without data are ' +
    'absent. Visitors see the last 30 days: every period they get starts inside them (a start whose ' +
    'period began earlier moves to the first period starting inside the window, and ' +
    'X-Ludex-History-Start says where). A startTime after endTime is a 400; an endTime before the ' +
    'default start gives an empty list.',
  query: z.object({
    granularity: granularityParam.default(DEFAULT_GRANULARITY),
    startTime: timeParam.optional(),
    endTime: timeParam.optional(),
  }),
  response: platformCcuList,
  csv: platformCcuTable,
  responseHeaders: DATED_SERIES_HEADERS,
  maxAgeSeconds: 60,
  handler: async ({ query, deps, viewer, ctx }) => {
    if (query.startTime !== undefined && query.endTime !== undefined && query.endTime < query.startTime) {
      throw ApiError.badRequest([{ field: 'endTime', message: 'must not be before startTime' }])
    }
    const now = deps.now()
    const g = query.granularity
    const range = resolveBucketRange({
      viewer,
      nowMs: now,
      granularity: g,
      startMs: query.startTime,
      endMs: query.endTime,
      defaultStartMs: oneYearBefore(now),
      ctx,
    })
    const store = hotReader(deps, viewer)
    const from = wholeFrom(range.fromMs, await platformHistoryStartMs(store), now, g)
    return platformCcu(store, g, from, range.toMs)
  },
})
