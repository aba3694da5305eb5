import type { PlaceTag } from '@ludex/schemas'
import { hasPermission, type Viewer } from '../shell/viewer.ts'

/*
 * What the pages offer (part 2 §6), the server's rules (api/src/tags/tag-access.ts) as the screens need
 * them: the server checks every call again, these only decide what is shown.
 */

type TagOwnership = Pick<PlaceTag, 'global' | 'owner_id'>

/** Rename, add, remove, delete: an owner on a personal tag, an editor (EDIT_TAG) on a curated one. */
export function canChangeTag(viewer: Viewer, tag: TagOwnership): boolean {
  if (viewer.kind !== 'user') return false
  return tag.global ? hasPermission(viewer, 'EDIT_TAG') : tag.owner_id === viewer.user.id
}

/** The 'Curated Tag' checkbox of New Tag. */
export function canCreateCurated(viewer: Viewer): boolean {
  return hasPermission(viewer, 'EDIT_TAG')
}

/** The experience page's 'add curated tags' (EDIT_PLACE). */
export function canAddCuratedTags(viewer: Viewer): boolean {
  return hasPermission(viewer, 'EDIT_PLACE')
}
