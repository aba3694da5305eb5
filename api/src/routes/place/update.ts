import { experience, experienceUpdate, idParam } from '@ludex/schemas'
import { z } from 'zod'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'

/**
 * Editors change the canonical name and release date (part 1 §5). The call exists now so clients and the
 * OpenAPI document see it; it answers 401 to visitors and 403 to anyone signed in until the accounts
 * issue brings permissions (EDIT_PLACE) and the store for edits.
 */
export const placeUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/api/place/{place_id}',
  resource: 'place',
  summary: 'Edit the canonical name or release date of an experience (editors)',
  description: 'Needs a session with the EDIT_PLACE permission: visitors get 401.',
  params: z.object({ place_id: idParam }),
  body: experienceUpdate,
  response: experience,
  requires: 'user',
  errors: [403, 404],
  handler: async () => {
    throw new ApiError(403, 'forbidden', 'Editing experiences is not available yet')
  },
})
