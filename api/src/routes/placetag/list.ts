import { placeTagCreate, placeTagList, populatedPlaceTag, TAG_NAME_MAX_LENGTH } from '@ludex/schemas'
import { accountOf, accountsOf } from '../../accounts/route-support.ts'
import { defineRoute } from '../../http/route.ts'
import { tagReaderOf } from '../../tags/tag-access.ts'
import { auditTag, forbidden, populated, tagStore, tagWriteError, toPlaceTag } from './support.ts'

export const tagListRoute = defineRoute({
  method: 'GET',
  path: '/api/placetag',
  resource: 'placetag',
  summary: 'The tags the caller may see: curated ones, their own, and for editors every user’s',
  description: [
    'Visitors get the curated tags (global: true), which everyone may view. A signed-in user also gets',
    'their own personal tags; editors (EDIT_TAG) every user’s personal tags too (the Other Users Tags',
    'tab: owner_id is not theirs). Admins (LIST_USERS) get owner_email on each tag, for the Owner',
    'column. place_ids are in the order the experiences were added. Oldest tag first. Not cached: the',
    'list changes with the caller’s own edits.',
  ].join(' '),
  response: placeTagList,
  handler: async ({ viewer, deps }) => {
    const tags = await tagStore(deps).list(tagReaderOf(viewer))
    return tags.map((t) => toPlaceTag(t, viewer))
  },
})

export const tagCreateRoute = defineRoute({
  method: 'POST',
  path: '/api/placetag',
  resource: 'placetag',
  summary: 'Create a tag: a personal one, or a curated one (editors)',
  description: [
    `The name is trimmed and must hold 1 to ${TAG_NAME_MAX_LENGTH} characters and no control character.`,
    'Names are unique among the caller’s personal tags and among curated tags, whatever the case: a',
    'taken one is a 409 (code duplicate_name) whose message says which. global: true (a curated tag,',
    'visible to everyone and edited by every editor) needs EDIT_TAG, else 403. The tag starts without',
    'experiences; the answer is the populated tag (places and place_ids empty). Written to the audit log.',
  ].join(' '),
  body: placeTagCreate,
  response: populatedPlaceTag,
  requires: 'user',
  errors: [409],
  handler: async ({ body, viewer, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const user = accountOf(viewer).user
    if (body.global && !(viewer.kind === 'user' && viewer.permissions.includes('EDIT_TAG'))) {
      throw forbidden('Creating a curated tag needs the EDIT_TAG permission')
    }
    const tag = await tagStore(deps)
      .create({ name: body.name, global: body.global, ownerId: user.id }, new Date(accounts.now()))
      .catch((err: unknown) => {
        throw tagWriteError(err)
      })
    await auditTag(deps, ctx, viewer, 'tag.create', tag, {})
    return populated(deps, tag, viewer)
  },
})
