import type { RankedExperience } from '@ludex/schemas'
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { api } from '../api/queries.ts'
import { canSuggest, normalizeSearchText } from './match.ts'

/*
 * The experience search (part 1 §2, part 2 §5), asked of the server (GET /api/place/search, issue 19
 * point 4): the global search, the experience pickers, the tag and compare rows and the forms that
 * pick an experience. The server matches name, canonical name, place and universe id and orders the
 * suggestions (exact id, name prefix, name substring, id prefix; then players online). Callers settle
 * the text first (500 ms global, 300 ms elsewhere).
 */

const NONE: readonly RankedExperience[] = []

export interface ExperienceSuggestions {
  /** Up to 9 suggestions for the text (those of the previous text while the new ones load). */
  readonly suggestions: readonly RankedExperience[]
  /** The suggestions answer the text as it is now (an empty list then means nothing matches). */
  readonly settled: boolean
}

/** Suggestions for a settled text: none below 3 characters (after a game link is reduced to its id). */
export function useExperienceSuggestions(text: string): ExperienceSuggestions {
  const query = normalizeSearchText(text)
  const enabled = canSuggest(query)
  const search = useQuery({ ...api.experienceSearch(query), enabled })
  if (!enabled) return { suggestions: NONE, settled: true }
  return {
    suggestions: search.data ?? NONE,
    settled: search.isSuccess && !search.isPlaceholderData,
  }
}

/**
 * The suggestions for a text now (a field left before its suggestions settled: the one exact match is
 * picked from these); none below 3 characters or when the search fails.
 */
export async function fetchExperienceSuggestions(
  queryClient: QueryClient,
  text: string,
): Promise<readonly RankedExperience[]> {
  const query = normalizeSearchText(text)
  if (!canSuggest(query)) return NONE
  return queryClient.fetchQuery(api.experienceSearch(query)).catch(() => NONE)
}
