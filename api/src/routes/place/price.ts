import { idParam, priceHistory } from '@ludex/schemas'
import { z } from 'zod'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { trackedExperience } from '../../store/experiences.ts'
import { priceHistory as readPriceHistory } from '../../store/prices.ts'

export const placePriceRoute = defineRoute({
  method: 'GET',
  path: '/api/place/{placeId}/price',
  resource: 'place',
  summary: 'Price history of an experience (Robux), one entry per change',
  description:
    'Oldest first; `change` is the price minus the previous price (0 for the first entry). 404 when the ' +
    'place is not tracked.',
  params: z.object({ placeId: idParam }),
  response: priceHistory,
  errors: [404],
  maxAgeSeconds: 300,
  handler: async ({ params, deps }) => {
    const [tracked, history] = await Promise.all([
      trackedExperience(deps, params.placeId),
      readPriceHistory(deps, params.placeId),
    ])
    if (!tracked) throw ApiError.notFound(`Place ${params.placeId} is not tracked`)
    return history
  },
})
