import { createHash } from 'node:crypto'
import type { Experience, SlimExperience } from '@ludex/schemas'
import type { ApiDeps } from '../deps.ts'
import type { PlaceEdit } from './place-edits.ts'

/** 0001-01-01: how an unset release date is stored and shown (part 1 §3: a year below 2 means unset). */
export const UNSET_RELEASE = '0001-01-01T00:00:00.000Z'

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

/**
 * A release date as saved: empty or invalid input becomes the year 0001 (part 1 §5, part 2 §5). A date
 * is taken at 00:00 UTC; a date-time keeps its instant.
 */
export function normalizeRelease(input: string): string {
  const text = input.trim()
  if (!DATE_ONLY.test(text) && !DATE_TIME.test(text)) return UNSET_RELEASE
  const date = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00.000Z` : text)
  if (Number.isNaN(date.getTime())) return UNSET_RELEASE
  // Date rolls 2025-02-30 over to March: a date that is not on the calendar is invalid.
  if (DATE_ONLY.test(text) && date.toISOString().slice(0, 10) !== text) return UNSET_RELEASE
  return date.getUTCFullYear() < 2 ? UNSET_RELEASE : date.toISOString()
}

export function applyEdit(experience: Experience, edit: PlaceEdit | null): Experience {
  if (!edit) return experience
  return {
    ...experience,
    canonical_name: edit.canonicalName ?? experience.canonical_name,
    released: edit.released ?? experience.released,
  }
}

/**
 * A short text that changes whenever a staff canonical name does (a cache key's part): '' when none is
 * set. The names go through a hash, so the key stays short however many there are.
 */
export function canonicalNamesKey(edits: ReadonlyMap<number, PlaceEdit> | undefined): string {
  if (!edits) return ''
  const names: string[] = []
  for (const [placeId, edit] of edits)
    if (edit.canonicalName) names.push(`${placeId}\u0000${edit.canonicalName}`)
  if (names.length === 0) return ''
  return createHash('sha1').update(names.sort().join('\u0001')).digest('base64url')
}

/** Experiences (the slim list, a tag's) with the staff's canonical names. */
export async function withCanonicalNames<T extends Pick<SlimExperience, 'place_id' | 'canonical_name'>>(
  deps: ApiDeps,
  list: readonly T[],
): Promise<T[]> {
  const edits = await deps.accounts?.store.placeEdits.all()
  if (!edits || edits.size === 0) return [...list]
  return list.map((e) => {
    const name = edits.get(e.place_id)?.canonicalName
    return name ? { ...e, canonical_name: name } : e
  })
}

/** The canonical name of one place: the staff's, else the name. */
export async function canonicalNameOf(deps: ApiDeps, placeId: number, name: string): Promise<string> {
  return (await deps.accounts?.store.placeEdits.get(placeId))?.canonicalName ?? name
}
