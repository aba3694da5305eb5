import { EVENT_STATS_START_DATE, eventStatList, timeParam } from '@ludex/schemas'
import { z } from 'zod'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'

export const eventStatsRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/events',
  resource: 'stats',
  summary: 'Custom game events per experience and day (event credentials)',
  description:
    `Events sent with event credentials, counted per experience per day from ${EVENT_STATS_START_DATE}. ` +
    'Only granularity=day exists. The shape is served now and the list is empty: events arrive with ' +
    'the event-credentials work. A startTime after endTime is a 400.',
  query: z.object({
    granularity: z.enum(['day'], { message: "must be 'day'" }).default('day'),
    startTime: timeParam.optional(),
    endTime: timeParam.optional(),
  }),
  response: eventStatList,
  maxAgeSeconds: 60,
  handler: async ({ query }) => {
    if (query.startTime !== undefined && query.endTime !== undefined && query.endTime < query.startTime) {
      throw ApiError.badRequest([{ field: 'endTime', message: 'must not be before startTime' }])
    }
    // Nothing is stored yet, so nothing predates a visitor's window. The rows, when they come, are
    // read over resolveBucketRange (day buckets), which keeps visitors inside it like every stats call.
    return []
  },
})
