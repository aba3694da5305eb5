import type { RankedExperience } from '@ludex/schemas'
import { type ExperienceIndex, rankedAt } from './build.ts'

/**
 * How well a row matches, best first; a row matching in several ways counts its best. The order of the
 * suggestions (part 1 §2, part 2 §5): an id typed whole names its experience, a name that starts with
 * the text beats one that merely contains it, and a partly typed id comes last (every long number
 * prefixes thousands of ids).
 */
export const MATCH_KINDS = ['exact_id', 'name_prefix', 'name_contains', 'id_prefix'] as const
export type MatchKind = (typeof MATCH_KINDS)[number]

const EXACT_ID = 0
const NAME_PREFIX = 1
const NAME_CONTAINS = 2
const ID_PREFIX = 3

/**
 * The match of one row for a lower-cased needle (`id`: the needle as an id, when it is all digits), as
 * an index into MATCH_KINDS, or -1 for none.
 */
function matchOf(index: ExperienceIndex, position: number, needle: string, id: string | null): number {
  const place = index.placeIdTexts[position] as string
  const universe = index.universeIdTexts[position] as string
  if (id !== null && (place === id || universe === id)) return EXACT_ID
  const name = index.names[position] as string
  const canonical = index.canonicalNames[position] ?? null
  if (name.startsWith(needle) || canonical?.startsWith(needle)) return NAME_PREFIX
  if (name.includes(needle) || canonical?.includes(needle)) return NAME_CONTAINS
  if (id !== null && (place.startsWith(id) || universe.startsWith(id))) return ID_PREFIX
  return -1
}

/** The id a search text names when it is all digits (leading zeros dropped, as a number reads), else null. */
export function idText(needle: string): string | null {
  return /^\d+$/.test(needle) ? needle.replace(/^0+(?=\d)/, '') : null
}

/**
 * Up to `limit` experiences matching the text on their name, canonical name (staff edits included),
 * place id or universe id, in MATCH_KINDS order and within a kind by players online (highest first,
 * then the lower place id: the index's base order). `text` is already reduced (a game link to its id).
 * One pass over the rows; each kind keeps only its first `limit` rows, which are its best.
 */
export function searchExperiences(index: ExperienceIndex, text: string, limit: number): RankedExperience[] {
  const needle = text.trim().toLowerCase()
  if (needle === '' || limit <= 0) return []
  const id = idText(needle)
  const kinds: number[][] = MATCH_KINDS.map(() => [])
  for (let position = 0; position < index.rows.length; position++) {
    const kind = matchOf(index, position, needle, id)
    if (kind < 0) continue
    const found = kinds[kind] as number[]
    if (found.length < limit) found.push(position)
  }
  return kinds
    .flat()
    .slice(0, limit)
    .map((position) => rankedAt(index, position))
}

/**
 * Whether a row is kept by the list's search (part 1 §2, the experiences list): its name or canonical
 * name contains the text (any case), or its place or universe id equals it. `needle` is reduced and
 * lower-cased; `id` is `idText(needle)`.
 */
export function keptBySearch(
  index: ExperienceIndex,
  position: number,
  needle: string,
  id: string | null,
): boolean {
  if (id !== null && (index.placeIdTexts[position] === id || index.universeIdTexts[position] === id))
    return true
  if ((index.names[position] as string).includes(needle)) return true
  return index.canonicalNames[position]?.includes(needle) ?? false
}
