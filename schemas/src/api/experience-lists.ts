import { z } from 'zod'
import {
  EXPERIENCE_LOOKUP_MAX,
  PAGE_SIZE_MAX,
  SEARCH_MIN_CHARS,
  SEARCH_RESULTS_MAX,
  SEARCH_TEXT_MAX_LENGTH,
} from '../constants/limits.ts'
import { reduceGameUrlToId } from '../ids/database-id.ts'
import { appDatabaseIdParam } from '../ids/database-id-param.ts'
import { EXPERIENCE_LIST_SORTS, SORT_ORDERS } from './experience-list-sorts.ts'
import { idListParam, positiveIntegerParam } from './params.ts'
import { count } from './primitives.ts'
import { slimExperience } from './responses.ts'
import { safeText } from './safe-text.ts'

/*
 * The experience search, the ranked and paged experiences list and the lookup by ids (issue 19 point 4):
 * what the web app asks instead of loading every tracked experience in its shell. Each answers slim
 * experiences with their rank among all tracked experiences (players online, highest first; ties share
 * a rank and the next skips: part 1 §2).
 */

/** A slim experience with its rank among every tracked experience (not among the answer's rows). */
export const rankedExperience = slimExperience.extend({ rank: z.number().int().positive() })
export type RankedExperience = z.infer<typeof rankedExperience>
export const rankedExperienceList = z.array(rankedExperience)

/** Search text as a query value: safe text of 1 to SEARCH_TEXT_MAX_LENGTH characters. */
const searchText = safeText.max(SEARCH_TEXT_MAX_LENGTH, `at most ${SEARCH_TEXT_MAX_LENGTH} characters`)

/** GET /api/place/search: suggestions for a text. */
export const experienceSearchQuery = z.object({
  q: searchText
    .min(SEARCH_MIN_CHARS, `at least ${SEARCH_MIN_CHARS} characters`)
    .transform((text, ctx) => {
      const reduced = reduceGameUrlToId(text)
      if (reduced.length >= SEARCH_MIN_CHARS) return reduced
      ctx.addIssue({ code: 'custom', message: `at least ${SEARCH_MIN_CHARS} characters besides spaces` })
      return z.NEVER
    })
    .describe(
      'The text: a name or part of one, a place or universe id, or a game link (reduced to its place id). ' +
        'At least 3 characters once a link is reduced and spaces are trimmed.',
    ),
  limit: positiveIntegerParam(SEARCH_RESULTS_MAX)
    .optional()
    .describe(`How many results at most (1 to ${SEARCH_RESULTS_MAX}; default 9, the spec's suggestions).`),
})

/** GET /api/place/list: one page of the ranked list, sorted and filtered. */
export const experienceListQuery = z.object({
  page: positiveIntegerParam(1_000_000).optional().describe('The page, from 1 (default 1).'),
  pageSize: positiveIntegerParam(PAGE_SIZE_MAX)
    .optional()
    .describe(`Rows per page, 1 to ${PAGE_SIZE_MAX} (default 20, the spec's table page size).`),
  sort: z
    .enum(EXPERIENCE_LIST_SORTS)
    .optional()
    .describe('The column the rows are sorted by (default rank: players online, highest first).'),
  order: z
    .enum(SORT_ORDERS)
    .optional()
    .describe(
      'asc or desc (default: desc for players online, like %, visits and momentum; asc for rank, name and genre).',
    ),
  search: searchText
    .optional()
    .describe(
      'Keeps the rows whose name or canonical name contains the text (any case), or whose place or ' +
        'universe id equals it; a game link is reduced to its place id. Blank keeps every row.',
    ),
  tagId: appDatabaseIdParam
    .optional()
    .describe('Keeps the experiences of this tag (one the caller may see; else 404).'),
})

/** One page of the ranked list. */
export const experienceListPage = z.object({
  /** Rows matching the search and tag filter, over every page. */
  total: count,
  /** Every tracked experience (what the ranks are counted among). */
  tracked: count,
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
  items: rankedExperienceList,
})
export type ExperienceListPage = z.infer<typeof experienceListPage>

/** GET /api/place/lookup: the experiences of known ids. */
export const experienceLookupQuery = z.object({
  ids: idListParam(EXPERIENCE_LOOKUP_MAX).describe(
    `Comma-separated place ids, at most ${EXPERIENCE_LOOKUP_MAX}; the answer holds the tracked ones, in this order.`,
  ),
})

/** A bucket of the like-rate histogram (percent). */
export const likeRateBucket = z.object({
  /** Lower edge, inclusive. */
  from: z.number().min(0).max(100),
  /** Upper edge, exclusive except for the last bucket (100 included). */
  to: z.number().min(0).max(100),
  count,
})

/** GET /api/place/summary: what the overview shows of every tracked experience together. */
export const experienceSummary = z.object({
  experiences: count,
  /** Players online now, summed over every tracked experience. */
  players_online: z.number().nonnegative(),
  /** Every tracked experience's like % in 5-percent buckets, 0 to 100 (no votes count as 0 %). */
  like_rate_buckets: z.array(likeRateBucket),
})
export type ExperienceSummary = z.infer<typeof experienceSummary>
