import { idListParam, THUMBNAIL_BULK_MAX, thumbnailList, thumbnailType } from '@ludex/schemas'
import { z } from 'zod'
import { defineRoute } from '../../http/route.ts'
import { latestThumbnails } from '../../store/thumbnails.ts'

export const thumbnailBulkRoute = defineRoute({
  method: 'GET',
  path: '/api/thumbnail/bulk',
  resource: 'thumbnail',
  summary: 'The latest thumbnail of the given type of several experiences',
  description: `Places without a thumbnail of that type are left out. At most ${THUMBNAIL_BULK_MAX} ids.`,
  query: z.object({
    placeIds: idListParam(THUMBNAIL_BULK_MAX).describe('Comma-separated place ids'),
    type: thumbnailType,
  }),
  response: thumbnailList,
  maxAgeSeconds: 300,
  handler: async ({ query, deps }) => latestThumbnails(deps, query.placeIds, query.type),
})
