import { COMPARE_MAX_EXPERIENCES, isDatabaseId } from '@ludex/schemas'

/*
 * The compare pages' selection (part 2 §2.5, §5; part 1 §2): experiences in the hash key `exp` as
 * comma-separated place ids, capped at 6; tags in `tag-1`, `tag-2`. The pickers hold a draft that the
 * Compare button writes to the address; a draft with a repeated experience, or more than 6, cannot be.
 */

/** The experiences an address selects: database ids in order, each once, at most 6. */
export function parseExperienceIds(value: string | undefined): number[] {
  const out: number[] = []
  for (const part of (value ?? '').split(',')) {
    const text = part.trim()
    if (!isDatabaseId(text)) continue
    const id = Number(text)
    if (!out.includes(id)) out.push(id)
    if (out.length === COMPARE_MAX_EXPERIENCES) break
  }
  return out
}

/** A tag key's value (`tag-1=12`), or null when it is not a database id. */
export function parseTagId(value: string | undefined): number | null {
  const text = value?.trim()
  return isDatabaseId(text) ? Number(text) : null
}

/** The draft rows' positions whose experience another row already holds (the later ones). */
export function duplicateRows(ids: readonly (number | null)[]): Set<number> {
  const seen = new Set<number>()
  const out = new Set<number>()
  ids.forEach((id, i) => {
    if (id === null) return
    if (seen.has(id)) out.add(i)
    seen.add(id)
  })
  return out
}

export type DraftProblem = 'duplicates' | 'too-many' | 'empty' | null

/** Why a draft cannot be compared (the Compare button is off), or null when it can. */
export function draftProblem(ids: readonly (number | null)[], minimum = 1): DraftProblem {
  const chosen = ids.filter((id): id is number => id !== null)
  if (duplicateRows(ids).size > 0) return 'duplicates'
  if (chosen.length > COMPARE_MAX_EXPERIENCES) return 'too-many'
  if (chosen.length < minimum) return 'empty'
  return null
}

/** One more picker row is allowed while there are fewer than 6. */
export function canAddPicker(rows: number): boolean {
  return rows < COMPARE_MAX_EXPERIENCES
}
