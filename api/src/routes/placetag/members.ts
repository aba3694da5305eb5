import { appDatabaseIdParam, idParam, placeTag, placeTagAddPlaces, TAG_MAX_PLACES } from '@ludex/schemas'
import { z } from 'zod'
import { accountsOf } from '../../accounts/route-support.ts'
import { defineRoute } from '../../http/route.ts'
import { addRefusal, editRefusal } from '../../tags/tag-access.ts'
import { answerMembersChange, forbidden, tagStore, visibleTag } from './support.ts'

export const tagAddPlacesRoute = defineRoute({
  method: 'POST',
  path: '/api/placetag/{id}/places',
  resource: 'placetag',
  summary: 'Add experiences to a tag (the add-experiences dialog, Bulk Add, curated tags of an experience)',
  description: [
    'Appends the ids that are not members yet, in the order sent; members already there stay where they',
    'are, so concurrent additions never overwrite each other (PUT sends the whole list). An id Ludex',
    'does not track yet is added and tracked from then on. A tag holds at most',
    `${TAG_MAX_PLACES} experiences: an addition past that is a 400 naming body.place_ids and changes`,
    'nothing. Owners add to their personal tags; EDIT_TAG or EDIT_PLACE (an experience’s curated tags)',
    'add to curated tags; 403 otherwise, 404 when the tag does not exist or the caller may not see it.',
    'Answers the tag. Written to the audit log when something was added.',
  ].join(' '),
  params: z.object({ id: appDatabaseIdParam }),
  body: placeTagAddPlaces,
  response: placeTag,
  requires: 'user',
  errors: [404],
  handler: async ({ params, body, viewer, deps, ctx }) => {
    const tag = await visibleTag(deps, viewer, params.id)
    const refusal = addRefusal(viewer, tag)
    if (refusal) throw forbidden(refusal)
    const write = tagStore(deps).addPlaces(tag.id, body.place_ids, new Date(accountsOf(deps).now()))
    return answerMembersChange(deps, ctx, viewer, params.id, write)
  },
})

export const tagRemovePlaceRoute = defineRoute({
  method: 'DELETE',
  path: '/api/placetag/{id}/places/{placeId}',
  resource: 'placetag',
  summary: 'Remove one experience from a tag',
  description: [
    'Answers the tag without it; an experience that is not in the tag leaves it as it is (200, like a',
    'second DELETE). 404 when the tag does not exist or the caller may not see it. Owners change their',
    'personal tags, editors (EDIT_TAG) curated ones; 403 otherwise. Written to the audit log when an',
    'experience was removed.',
  ].join(' '),
  params: z.object({ id: appDatabaseIdParam, placeId: idParam }),
  response: placeTag,
  requires: 'user',
  errors: [404],
  handler: async ({ params, viewer, deps, ctx }) => {
    const tag = await visibleTag(deps, viewer, params.id)
    const refusal = editRefusal(viewer, tag)
    if (refusal) throw forbidden(refusal)
    const write = tagStore(deps).removePlace(tag.id, params.placeId, new Date(accountsOf(deps).now()))
    return answerMembersChange(deps, ctx, viewer, params.id, write)
  },
})
