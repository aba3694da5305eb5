import { buildHash, reduceGameUrlToId, SEARCH_MIN_CHARS, SEARCH_SUGGESTIONS_MAX } from '@ludex/schemas'

// Global search (part 1 §2, §5, §9): the limits are the spec's, named once in @ludex/schemas (with the
// debounce, GLOBAL_SEARCH_DEBOUNCE_MS). Suggestions and navigation both need SEARCH_MIN_CHARS.

export type Searchable = {
  place_id: number
  universe_id: number
  name: string
  canonical_name: string
  players_online: number
}

/** The text the search works with: a pasted game link becomes its place id; invisible characters go. */
export function normalizeSearchText(text: string): string {
  return reduceGameUrlToId(text)
}

export function canSuggest(text: string): boolean {
  return normalizeSearchText(text).length >= SEARCH_MIN_CHARS
}

export function canSeeAll(text: string): boolean {
  return normalizeSearchText(text).length >= SEARCH_MIN_CHARS
}

/** '/experiences#search={text}' for Enter and 'see all'; null below 3 characters. */
export function seeAllPath(text: string): string | null {
  const t = normalizeSearchText(text)
  return t.length >= SEARCH_MIN_CHARS ? `/experiences${buildHash({ search: t })}` : null
}

/**
 * Suggestions for the global search: up to 9 experiences whose name, canonical name, universe id or
 * place id match the text. Exact id matches come first, then names starting with the text, then names
 * containing it; within a group the busier experience (players online) first.
 */
export function matchExperiences<T extends Searchable>(
  list: readonly T[],
  text: string,
  limit = SEARCH_SUGGESTIONS_MAX,
): T[] {
  const query = normalizeSearchText(text)
  if (query.length < SEARCH_MIN_CHARS) return []
  const needle = query.toLowerCase()
  const isNumber = /^\d+$/.test(query)
  const scored: { item: T; score: number }[] = []
  for (const item of list) {
    const score = matchScore(item, needle, isNumber)
    if (score > 0) scored.push({ item, score })
  }
  scored.sort((a, b) => b.score - a.score || b.item.players_online - a.item.players_online)
  return scored.slice(0, limit).map((s) => s.item)
}

function matchScore(item: Searchable, needle: string, isNumber: boolean): number {
  if (isNumber) {
    const place = String(item.place_id)
    const universe = String(item.universe_id)
    if (place === needle || universe === needle) return 5
    if (place.startsWith(needle) || universe.startsWith(needle)) return 2
  }
  const name = item.name.toLowerCase()
  const canonical = item.canonical_name.toLowerCase()
  if (name.startsWith(needle) || canonical.startsWith(needle)) return 4
  if (name.includes(needle) || canonical.includes(needle)) return 3
  return 0
}
