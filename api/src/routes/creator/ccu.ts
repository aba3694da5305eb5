import {
  DEFAULT_CREATOR_GRANULARITY,
  granularityParam,
  idParam,
  statsResponse,
  tagCcuScope,
  timeParam,
} from '@ludex/schemas'
import { z } from 'zod'
import { ApiError } from '../../http/api-error.ts'
import { DATED_SERIES_HEADERS } from '../../http/response-headers.ts'
import { defineRoute } from '../../http/route.ts'
import { averageStatRows, trackedPlaces } from '../../store/stats.ts'
import { membersInScope } from '../../tags/tag-scope.ts'
import { earliestStart } from '../stats/stats-kind.ts'
import { resolveBucketRange } from '../stats/stats-range.ts'
import { averageRow } from '../stats/stats-rows.ts'
import { findCreator } from './cached.ts'
import { creatorTypeParam } from './detail.ts'

export const creatorCcuRoute = defineRoute({
  method: 'GET',
  path: '/api/creator/{creatorId}/ccu',
  resource: 'creator',
  summary: "Average CCU of a creator's experiences (the creator page's chart)",
  description: [
    'One series (place_id 0, named after the creator) of [time, average CCU to 1 decimal] over the',
    "creator's tracked experiences, per bucket: scope=active (default) averages the experiences with",
    'players in the bucket; top_five the five with the most players online now, a bucket without',
    'players counting as 0; all every experience, likewise. Granularity week by default (part 2 §9).',
    'The start (default: the earliest creation date of the experiences) snaps to its period start, the',
    'end (default now) up to 10 minutes, and the bucket holding it is read whole. Only whole periods, as',
    '/api/stats/{kind}: an experience’s period that began before its stored history did is left out of',
    'the average; the period in progress is the one exception, named by X-Ludex-Partial-From. Visitors',
    'get the last 30 days, as every series: the first bucket starts inside them and',
    'X-Ludex-History-Start says where when the start was moved. A creator with no tracked experience is',
    'a 404; a startTime after endTime a 400.',
  ].join(' '),
  params: z.object({ creatorId: idParam }),
  query: z.object({
    type: creatorTypeParam,
    scope: tagCcuScope.default('active'),
    granularity: granularityParam.default(DEFAULT_CREATOR_GRANULARITY),
    startTime: timeParam.optional(),
    endTime: timeParam.optional(),
  }),
  response: statsResponse,
  responseHeaders: DATED_SERIES_HEADERS,
  errors: [404],
  maxAgeSeconds: 60,
  handler: async ({ params, query: q, viewer, deps, ctx }) => {
    // Checked before the lookup, so that a bad request is a 400 whatever the creator.
    if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime) {
      throw ApiError.badRequest([{ field: 'startTime', message: 'must not be after endTime' }])
    }
    const found = await findCreator(deps, params.creatorId, q.type)
    if (!found) throw ApiError.notFound(`Creator ${params.creatorId} has no tracked experience`)
    const nowMs = deps.now()
    const tracked = [...(await trackedPlaces(deps, found.place_ids)).values()]
    // Top Five is the tags' rule (players online now); Active is per bucket here, so all places go in.
    const places = q.scope === 'top_five' ? membersInScope(tracked, 'top_five') : tracked
    if (places.length === 0) throw ApiError.notFound(`Creator ${params.creatorId} has no tracked experience`)
    const range = resolveBucketRange({
      viewer,
      nowMs,
      granularity: q.granularity,
      startMs: q.startTime,
      endMs: q.endTime,
      defaultStartMs: earliestStart(places, nowMs),
      ctx,
    })
    const rows = await averageStatRows(deps, 'ccus', {
      granularity: q.granularity,
      placeIds: places.map((p) => p.placeId),
      ...range,
      includeZeros: q.scope !== 'active',
      withPercentiles: false,
    })
    return {
      stat: 'ccus' as const,
      series: [{ place_id: 0, name: found.name, data: rows.map((r) => averageRow('ccus', r)) }],
    }
  },
})
