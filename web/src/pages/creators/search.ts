import { CREATOR_SEARCH_MIN_CHARS, type Creator } from '@ludex/schemas'

/**
 * The creators matching the search text (part 2 §2.6, §5): the search applies from 3 characters, on
 * the name (any case) or an id equal to the text; shorter text lists every creator.
 */
export function filterCreators(creators: readonly Creator[], text: string): readonly Creator[] {
  const query = text.trim().toLowerCase()
  if (query.length < CREATOR_SEARCH_MIN_CHARS) return creators
  const id = /^\d+$/.test(query) ? Number(query) : null
  return creators.filter((c) => c.id === id || c.name.toLowerCase().includes(query))
}

/** Whether the text is long enough to search (a hint under the box says so while it is not). */
export function searchApplies(text: string): boolean {
  return text.trim().length >= CREATOR_SEARCH_MIN_CHARS
}
