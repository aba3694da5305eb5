import { accountsOf } from '../accounts/route-support.ts'
import type { ApiDeps } from '../deps.ts'
import { ApiError } from '../http/api-error.ts'
import type { Viewer } from '../viewer/viewer.ts'
import { canSeeTag } from './tag-access.ts'
import type { TagRecord, TagRepository } from './tag-repository.ts'

/** The tags of the app database (a server without one answers 503, as for every account call). */
export function tagStore(deps: ApiDeps): TagRepository {
  return accountsOf(deps).store.tags
}

/** The tag, when it exists and the viewer may see it; a 404 otherwise (another user's tag does not exist for them). */
export async function visibleTag(deps: ApiDeps, viewer: Viewer, id: number): Promise<TagRecord> {
  const tag = await tagStore(deps).find(id)
  if (!tag || !canSeeTag(viewer, tag)) throw ApiError.notFound(`Tag ${id} does not exist`)
  return tag
}

/**
 * The full experience's `tags`: the curated tags holding the place, and the viewer's own. Editors get
 * no more here than others: other users' tags are theirs to browse on the tags page, not to list on
 * every experience.
 */
export async function tagIdsOfPlace(deps: ApiDeps, viewer: Viewer, placeId: number): Promise<number[]> {
  if (!deps.accounts) return []
  return deps.accounts.store.tags.tagIdsOfPlace(placeId, viewer.kind === 'user' ? viewer.userId : null)
}
