import { appDatabaseIdParam, populatedPlaceTag } from '@ludex/schemas'
import { z } from 'zod'
import { defineRoute } from '../../http/route.ts'
import { populated, visibleTag } from './support.ts'

export const tagDetailRoute = defineRoute({
  method: 'GET',
  path: '/api/placetag/{id}',
  resource: 'placetag',
  summary: 'One tag, populated: its experiences resolved (the tag page)',
  description: [
    'places: the members Ludex tracks, in the order they were added, each with its latest counters,',
    'play status, canonical name and latest banner thumbnail. untracked_place_ids: members without data',
    'yet (added before Ludex tracked them; they are tracked from then on and move to places once',
    'polled). 404 when the tag does not exist or the caller may not see it (another user’s personal',
    'tag, unless the caller is an editor).',
  ].join(' '),
  params: z.object({ id: appDatabaseIdParam }),
  response: populatedPlaceTag,
  errors: [404],
  handler: async ({ params, viewer, deps }) =>
    populated(deps, await visibleTag(deps, viewer, params.id), viewer),
})
