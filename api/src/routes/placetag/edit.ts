import { appDatabaseIdParam, placeTag, placeTagUpdate, TAG_MAX_PLACES } from '@ludex/schemas'
import { z } from 'zod'
import { accountsOf } from '../../accounts/route-support.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { editRefusal } from '../../tags/tag-access.ts'
import { answerMembersChange, auditTag, forbidden, tagStore, toPlaceTag, visibleTag } from './support.ts'

const PERMISSIONS =
  'Owners change their own personal tags; editors (EDIT_TAG) change curated tags; nobody changes ' +
  'another user’s personal tag, admins included (403). 404 when the tag does not exist or the caller ' +
  'may not see it.'

export const tagUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/api/placetag/{id}',
  resource: 'placetag',
  summary: 'Save a tag: rename it and/or set its whole list of experiences',
  description: [
    'The client sends the tag; name and place_ids are read, a field left out stays as it is. place_ids',
    `is the whole list (at most ${TAG_MAX_PLACES}; repeats count once): experiences kept stay in their`,
    'place, new ones are appended in the order sent, missing ones are removed. An id Ludex does not',
    'track yet is kept and tracked from then on. id, when sent, must be the path’s; global, when sent,',
    'must be the tag’s (a tag stays curated or personal). A taken name is a 409 (duplicate_name). A',
    'change moves updated and clears the tag’s cached averages; an unchanged tag is answered as is.',
    `Written to the audit log. ${PERMISSIONS}`,
  ].join(' '),
  params: z.object({ id: appDatabaseIdParam }),
  body: placeTagUpdate,
  response: placeTag,
  requires: 'user',
  errors: [404, 409],
  handler: async ({ params, body, viewer, deps, ctx }) => {
    const tag = await visibleTag(deps, viewer, params.id)
    const refusal = editRefusal(viewer, tag)
    if (refusal) throw forbidden(refusal)
    if (body.id !== undefined && body.id !== tag.id) {
      throw ApiError.badRequest([{ field: 'body.id', message: `must be ${tag.id}, the tag of the path` }])
    }
    if (body.global !== undefined && body.global !== tag.global) {
      throw ApiError.badRequest([
        { field: 'body.global', message: `must be ${tag.global}: a tag stays curated or personal` },
      ])
    }
    const write = tagStore(deps).update(
      tag.id,
      {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.place_ids !== undefined && { placeIds: body.place_ids }),
      },
      new Date(accountsOf(deps).now()),
    )
    return answerMembersChange(deps, ctx, viewer, params.id, write)
  },
})

export const tagDeleteRoute = defineRoute({
  method: 'DELETE',
  path: '/api/placetag/{id}',
  resource: 'placetag',
  summary: 'Delete a tag (irreversible)',
  description: `Answers the deleted tag. Written to the audit log, with its experiences. ${PERMISSIONS}`,
  params: z.object({ id: appDatabaseIdParam }),
  response: placeTag,
  requires: 'user',
  errors: [404],
  handler: async ({ params, viewer, deps, ctx }) => {
    const tag = await visibleTag(deps, viewer, params.id)
    const refusal = editRefusal(viewer, tag)
    if (refusal) throw forbidden(refusal)
    if (!(await tagStore(deps).delete(tag.id))) throw ApiError.notFound(`Tag ${params.id} does not exist`)
    await auditTag(deps, ctx, viewer, 'tag.delete', tag, { place_ids: tag.placeIds })
    return toPlaceTag(tag, viewer)
  },
})
