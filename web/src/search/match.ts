import { buildHash, reduceGameUrlToId, SEARCH_MIN_CHARS } from '@ludex/schemas'

// Global search (part 1 §2, §5, §9): the limits are the spec's, named once in @ludex/schemas (with the
// debounce, GLOBAL_SEARCH_DEBOUNCE_MS). Suggestions and navigation both need SEARCH_MIN_CHARS; the
// matching itself is the server's (GET /api/place/search: experience-search.ts).

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

/** The one experience a text names exactly (its place or universe id, or its name or canonical name, any case), if one. */
export function exactMatch<
  T extends { place_id: number; universe_id: number; name: string; canonical_name: string },
>(candidates: readonly T[], text: string): T | null {
  const query = normalizeSearchText(text)
  if (query.length < SEARCH_MIN_CHARS) return null
  const needle = query.toLowerCase()
  const exact = candidates.filter(
    (e) =>
      String(e.place_id) === query ||
      String(e.universe_id) === query ||
      e.name.toLowerCase() === needle ||
      e.canonical_name.toLowerCase() === needle,
  )
  return exact.length === 1 ? (exact[0] ?? null) : null
}
