import type { Viewer } from '../viewer/viewer.ts'
import type { TagReader, TagRecord } from './tag-repository.ts'

/*
 * Who may do what with a tag (part 2 §6). Curated tags are everyone's to see and editors' (EDIT_TAG) to
 * edit; a personal tag is its owner's, seen also by editors (the Other Users Tags tab) and edited by
 * nobody else, admins included. A tag the caller may not see does not exist for them (404).
 */

function has(viewer: Viewer, permission: 'EDIT_TAG' | 'EDIT_PLACE' | 'LIST_USERS'): boolean {
  return viewer.kind === 'user' && viewer.permissions.includes(permission)
}

/** Whose tags the viewer lists: visitors the curated ones, users also theirs, editors everyone's. */
export function tagReaderOf(viewer: Viewer): TagReader {
  return {
    userId: viewer.kind === 'user' ? viewer.userId : null,
    seesEveryUsersTags: has(viewer, 'EDIT_TAG'),
  }
}

export function canSeeTag(viewer: Viewer, tag: TagRecord): boolean {
  if (tag.global) return true
  if (viewer.kind !== 'user') return false
  return tag.ownerId === viewer.userId || viewer.permissions.includes('EDIT_TAG')
}

/** Admins (LIST_USERS) see each tag's owner email, for the Owner column of the tags table. */
export function seesOwnerEmails(viewer: Viewer): boolean {
  return has(viewer, 'LIST_USERS')
}

/**
 * Why the viewer may not change the tag (rename, set or remove experiences, delete), or null when they
 * may: curated tags need EDIT_TAG; a personal tag only its owner changes.
 */
export function editRefusal(viewer: Viewer, tag: TagRecord): string | null {
  if (tag.global)
    return has(viewer, 'EDIT_TAG') ? null : 'Editing a curated tag needs the EDIT_TAG permission'
  if (viewer.kind === 'user' && tag.ownerId === viewer.userId) return null
  return 'Only its owner may change a personal tag'
}

/**
 * Adding experiences is an edit, with one more way in: EDIT_PLACE adds an experience to curated tags
 * (part 1 §6, the experience page's 'add curated tags').
 */
export function addRefusal(viewer: Viewer, tag: TagRecord): string | null {
  if (tag.global && has(viewer, 'EDIT_PLACE')) return null
  const refusal = editRefusal(viewer, tag)
  return refusal && tag.global
    ? 'Adding to a curated tag needs the EDIT_TAG or EDIT_PLACE permission'
    : refusal
}
