import { embedBadgeQuery, idParam } from '@ludex/schemas'
import { z } from 'zod'
import { badgeSvg } from '../../embed/badge-svg.ts'
import { EMBED_RESPONSE_HEADERS, slotCachedSvg } from '../../embed/slot-cache.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { trackedPlaces } from '../../store/stats.ts'

export const embedBadgeRoute = defineRoute({
  method: 'GET',
  path: '/embed/{place_id}/badge.svg',
  resource: 'embed',
  summary: 'A live badge of an experience: its name and players online now (SVG, for embedding)',
  description:
    'An SVG image for READMEs, wikis and forums: the name on the left (cut to 40 characters), the players ' +
    'online in the latest 10-minute slot on the right; style flat, flat-square or plastic, theme light or ' +
    'dark. The image has a <title> and an aria-label with its text alternative. The same for everyone ' +
    '(the session is not read): built once per place, options and slot, answered from memory, with ' +
    'Cache-Control max-age to the end of the slot and a strong ETag (304 on If-None-Match). 404 (a JSON ' +
    'error, no image) when the place is not tracked; 400 naming the parameter for an unknown option.',
  params: z.object({ place_id: idParam }),
  query: embedBadgeQuery,
  response: z.string().describe('The SVG document (image/svg+xml)'),
  alternativeContentTypes: ['image/svg+xml'],
  responseHeaders: EMBED_RESPONSE_HEADERS,
  errors: [404],
  handler: async ({ params, query, deps, ctx }) =>
    slotCachedSvg(deps, ctx, `badge:${params.place_id}:${query.style}:${query.theme}`, async () => {
      const place = (await trackedPlaces(deps, [params.place_id])).get(params.place_id)
      if (!place) throw ApiError.notFound(`Place ${params.place_id} is not tracked`)
      return badgeSvg({ name: place.name, playersOnline: place.playersOnline, ...query })
    }),
})
