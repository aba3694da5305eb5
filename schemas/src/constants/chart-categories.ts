/**
 * Ludex chart categories (spec part 2 §3) and the upstream sort ids they are read from.
 * Roblox's sort ids are undocumented (roblox-api.md §7): the live get-sorts list is the authority, so a
 * sort id not listed here is stored under its own id with no category rather than guessed into one.
 */
export interface ChartCategory {
  readonly id: number
  readonly title: string
  /** Upstream explore/charts sort ids that feed this category. */
  readonly sortIds: readonly string[]
}

export const CHART_CATEGORIES: readonly ChartCategory[] = [
  { id: 8, title: 'Most Popular', sortIds: ['most-popular', 'top-playing-now'] },
  { id: 9, title: 'Top Earning', sortIds: ['top-earning'] },
  { id: 10, title: 'Up-and-Coming', sortIds: ['up-and-coming'] },
  { id: 11, title: 'Top Rated', sortIds: ['top-rated'] },
  {
    id: 12,
    title: 'Trending in Roleplay',
    sortIds: ['trending-in-roleplay-and-avatar-sim', 'trending-in-roleplay'],
  },
  { id: 14, title: 'Trending in Obby', sortIds: ['trending-in-obby-and-platformer', 'trending-in-obby'] },
  { id: 16, title: 'Trending in Simulator', sortIds: ['trending-in-simulation', 'trending-in-simulator'] },
  { id: 17, title: 'Trending in Survival', sortIds: ['trending-in-survival'] },
  { id: 18, title: 'Top Trending', sortIds: ['top-trending'] },
  { id: 19, title: 'Fun with Friends', sortIds: ['fun-with-friends'] },
  { id: 20, title: 'Trending in Action', sortIds: ['trending-in-action'] },
  { id: 22, title: 'Trending in Strategy', sortIds: ['trending-in-strategy'] },
  { id: 24, title: 'Trending in Sports', sortIds: ['trending-in-sports-and-racing', 'trending-in-sports'] },
  { id: 25, title: 'Trending in Shooting', sortIds: ['trending-in-shooter', 'trending-in-shooting'] },
  { id: 26, title: 'More When You Subscribe', sortIds: ['more-when-you-subscribe'] },
  { id: 27, title: 'Only Ages 17+', sortIds: ['only-ages-17-plus', 'only-17-plus'] },
  { id: 28, title: 'Top Revisited', sortIds: ['top-revisited'] },
  { id: 29, title: 'Top Paid Access', sortIds: ['top-paid-access'] },
  { id: 30, title: 'Trending Music Experiences', sortIds: ['trending-music-experiences'] },
  { id: 31, title: 'Adventure', sortIds: ['trending-in-adventure'] },
  { id: 32, title: 'Entertainment', sortIds: ['trending-in-entertainment'] },
  { id: 33, title: 'Party & Casual', sortIds: ['trending-in-party-and-casual'] },
  { id: 34, title: 'Puzzle', sortIds: ['trending-in-puzzle'] },
  { id: 35, title: 'RPG', sortIds: ['trending-in-rpg'] },
  { id: 36, title: 'Shopping', sortIds: ['trending-in-shopping'] },
  { id: 37, title: 'Social', sortIds: ['trending-in-social'] },
  { id: 38, title: 'Hot Right Now', sortIds: ['hot-right-now'] },
]

export const CHART_CATEGORY_IDS: readonly number[] = CHART_CATEGORIES.map((c) => c.id)

const bySortId = new Map<string, ChartCategory>(
  CHART_CATEGORIES.flatMap((c) => c.sortIds.map((s) => [s, c] as const)),
)

/** The category an upstream sort id feeds, or null when Ludex has none for it. */
export function chartCategoryForSortId(sortId: string): ChartCategory | null {
  return bySortId.get(sortId) ?? null
}

export function chartCategoryById(id: number): ChartCategory | null {
  return CHART_CATEGORIES.find((c) => c.id === id) ?? null
}

/**
 * The sort that carries the platform's daily picks. Roblox documents no daily-picks endpoint; the picks
 * appear in the explore page as a sort of their own, and this is the id Ludex reads them from.
 */
export const DAILY_PICKS_SORT_ID = 'todays-picks'
