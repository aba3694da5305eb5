// The experiences list's sort columns and orders: constants without zod, in a module of their own, so
// the list page's route (which maps the table's sorting onto them) does not evaluate the list's schemas
// on a phone's main thread while it loads.

/** The columns the list sorts by (the experiences table's sortable columns). */
export const EXPERIENCE_LIST_SORTS = [
  'rank',
  'name',
  'players_online',
  'like_percentage',
  'total_visits',
  'momentum',
  'genre',
] as const
export type ExperienceListSort = (typeof EXPERIENCE_LIST_SORTS)[number]
export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

/**
 * The direction a column sorts in when the request names none: the biggest numbers first, rank, names
 * and genres from the top of the alphabet (what the table's first click on a header asks for).
 */
export const DEFAULT_SORT_ORDER: Readonly<Record<ExperienceListSort, SortOrder>> = {
  rank: 'asc',
  name: 'asc',
  players_online: 'desc',
  like_percentage: 'desc',
  total_visits: 'desc',
  momentum: 'desc',
  genre: 'asc',
}
