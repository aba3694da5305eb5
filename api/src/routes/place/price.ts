import { idParam, priceHistory } from '@ludex/schemas'
import { z } from 'zod'
import { hotAnswer } from '../../cache/hot-reads.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { trackedExperience } from '../../store/experiences.ts'
import { priceHistory as readPriceHistory } from '../../store/prices.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

export const placePriceRoute = defineRoute({
  method: 'GET',
  path: '/api/place/{placeId}/price',
  resource: 'place',
  summary: 'Price history of an experience (Robux), one entry per change',
  description:
    'Oldest first; `change` is the price minus the previous price (0 for the first entry). Visitors get ' +
    'the last 30 days, from the first 10-minute slot inside them: X-Ludex-History-Start names that ' +
    'start, and when the experience was seen before it the list opens there with the price then in ' +
    'effect (change 0), followed by the changes after it. The current price is also on ' +
    '/api/place/{place_id}. 404 when the place is not tracked.',
  params: z.object({ placeId: idParam }),
  response: priceHistory,
  errors: [404],
  maxAgeSeconds: 300,
  handler: async ({ params, deps, viewer, ctx }) => {
    // The history asked for is all of it: a visitor's start always moves to the window, snapped up to
    // its first slot so the answer holds for the slot (hot reads) and still starts inside the window.
    const fromMs = visibleFrom(viewer, ctx, 0, deps.now(), 'slot')
    return hotAnswer(deps, viewer, ['price', params.placeId, fromMs], async (store) => {
      const [tracked, history] = await Promise.all([
        trackedExperience(store, params.placeId),
        readPriceHistory(store, params.placeId, fromMs),
      ])
      if (!tracked) throw ApiError.notFound(`Place ${params.placeId} is not tracked`)
      return history
    })
  },
})
