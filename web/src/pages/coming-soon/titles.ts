import { chartCategoryById, isDatabaseId } from '@ludex/schemas'

/**
 * The title of /rankings/{rankingIndex}: the ranking category's (part 2 §2.9). The index is the
 * category id of part 2 §3 (8 Most Popular, 9 Top Earning, …), the id the ranking calls take; one
 * that names no category is null, a 404 (part 2 §2.1).
 */
export function rankingTitle(rankingIndex: string | undefined): string | null {
  return isDatabaseId(rankingIndex) ? (chartCategoryById(Number(rankingIndex))?.title ?? null) : null
}

/** The title helpers a placeholder's title function gets (loaded with the placeholder, not before). */
export const TITLES = { ranking: rankingTitle }
export type Titles = typeof TITLES
