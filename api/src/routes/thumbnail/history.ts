import { idParam, THUMBNAILS_START_MS, thumbnailList, timeParam } from '@ludex/schemas'
import { z } from 'zod'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { trackedExperience } from '../../store/experiences.ts'
import { thumbnailHistory } from '../../store/thumbnails.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

export const thumbnailHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/thumbnail',
  resource: 'thumbnail',
  summary: 'Every thumbnail of an experience since a time, both types, oldest first',
  description:
    'startTime defaults to 2022-01-01 (when thumbnail history starts); earlier values read as that. ' +
    'Visitors get the thumbnails observed in the last 30 days (an earlier start moves to the window ' +
    'start, which X-Ludex-History-Start names); the current ones are on /api/thumbnail/bulk and ' +
    '/api/place/{place_id}. 404 when the place is not tracked.',
  query: z.object({
    placeId: idParam,
    startTime: timeParam.optional(),
  }),
  response: thumbnailList,
  errors: [404],
  maxAgeSeconds: 300,
  handler: async ({ query, deps, viewer, ctx }) => {
    // Thumbnails are kept from 2022-01-01 (part 1 §9): the default start and the earliest one.
    const requested = Math.max(query.startTime ?? THUMBNAILS_START_MS, THUMBNAILS_START_MS)
    const startMs = visibleFrom(viewer, ctx, requested, deps.now(), 'instant')
    const [tracked, rows] = await Promise.all([
      trackedExperience(deps, query.placeId),
      thumbnailHistory(deps, query.placeId, startMs),
    ])
    if (!tracked) throw ApiError.notFound(`Place ${query.placeId} is not tracked`)
    return rows
  },
})
