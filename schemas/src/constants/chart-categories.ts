/**
 * Ludex chart categories (spec part 2 §3) and the upstream sort ids they are read from.
 * Roblox's sort ids are undocumented (roblox-api.md §7): the live get-sorts list is the authority, so a
 * sort id not listed here is stored under its own id with no category rather than guessed into one.
 */
export interface ChartCategory {
  readonly id: number
  readonly title: string
  /**
   * What the category ranks and what it takes to enter it, shown under the title of its rankings page
   * (part 2 §3: each category has a user-visible description with thresholds; the wording is Ludex's,
   * written from the criteria the platform states for its charts).
   */
  readonly description: string
  /** Upstream explore/charts sort ids that feed this category. */
  readonly sortIds: readonly string[]
}

/** The platform's entry rule for its all-genre top charts. */
const TOP_CHART_ENTRY =
  'among experiences with at least 5,000 daily users, in the top 10% by daily users, or among the 30 most played'
/** The platform's rule for its trending charts, within one genre or all of them. */
const trending = (what: string) =>
  `${what} with the largest relative increase in daily active users over the past week.`

export const CHART_CATEGORIES: readonly ChartCategory[] = [
  {
    id: 8,
    title: 'Most Popular',
    description: `The most played experiences, ranked by daily active users ${TOP_CHART_ENTRY}.`,
    sortIds: ['most-popular', 'top-playing-now'],
  },
  {
    id: 9,
    title: 'Top Earning',
    description: `Experiences ranked by the Robux players spent in them over the last 7 days, ${TOP_CHART_ENTRY}.`,
    sortIds: ['top-earning'],
  },
  {
    id: 10,
    title: 'Up-and-Coming',
    description: 'Experiences published within the last 28 days, ranked by how fast their player base grows.',
    sortIds: ['up-and-coming'],
  },
  {
    id: 11,
    title: 'Top Rated',
    description:
      'Experiences with at least 5,000 daily users, ranked by the number and share of players who like them.',
    sortIds: ['top-rated'],
  },
  {
    id: 12,
    title: 'Trending in Roleplay',
    description: trending('Roleplay & Avatar Sim experiences'),
    sortIds: ['trending-in-roleplay-and-avatar-sim', 'trending-in-roleplay'],
  },
  {
    id: 14,
    title: 'Trending in Obby',
    description: trending('Obby & Platformer experiences'),
    sortIds: ['trending-in-obby-and-platformer', 'trending-in-obby'],
  },
  {
    id: 16,
    title: 'Trending in Simulator',
    description: trending('Simulation experiences'),
    sortIds: ['trending-in-simulation', 'trending-in-simulator'],
  },
  {
    id: 17,
    title: 'Trending in Survival',
    description: trending('Survival experiences'),
    sortIds: ['trending-in-survival'],
  },
  {
    id: 18,
    title: 'Top Trending',
    description: trending('Experiences of every genre'),
    sortIds: ['top-trending'],
  },
  {
    id: 19,
    title: 'Fun with Friends',
    description: `Experiences ranked by the share of their playtime spent playing with friends, ${TOP_CHART_ENTRY}.`,
    sortIds: ['fun-with-friends'],
  },
  {
    id: 20,
    title: 'Trending in Action',
    description: trending('Action experiences'),
    sortIds: ['trending-in-action'],
  },
  {
    id: 22,
    title: 'Trending in Strategy',
    description: trending('Strategy experiences'),
    sortIds: ['trending-in-strategy'],
  },
  {
    id: 24,
    title: 'Trending in Sports',
    description: trending('Sports & Racing experiences'),
    sortIds: ['trending-in-sports-and-racing', 'trending-in-sports'],
  },
  {
    id: 25,
    title: 'Trending in Shooting',
    description: trending('Shooter experiences'),
    sortIds: ['trending-in-shooter', 'trending-in-shooting'],
  },
  {
    id: 26,
    title: 'More When You Subscribe',
    description:
      'Experiences that offer a subscription with in-experience benefits, ranked by how many people play them.',
    sortIds: ['more-when-you-subscribe'],
  },
  {
    id: 27,
    title: 'Only Ages 17+',
    description:
      'Experiences open only to ID-verified users aged 17 or over (Restricted maturity), ranked by how many people play them.',
    sortIds: ['only-ages-17-plus', 'only-17-plus'],
  },
  {
    id: 28,
    title: 'Top Revisited',
    description: `Experiences ranked by the share of players who come back a week later, ${TOP_CHART_ENTRY}.`,
    sortIds: ['top-revisited'],
  },
  {
    id: 29,
    title: 'Top Paid Access',
    description: 'Experiences that charge Robux to enter, ranked by how many people play them.',
    sortIds: ['top-paid-access'],
  },
  {
    id: 30,
    title: 'Trending Music Experiences',
    description: trending('Music experiences'),
    sortIds: ['trending-music-experiences'],
  },
  {
    id: 31,
    title: 'Adventure',
    description: trending('Adventure experiences'),
    sortIds: ['trending-in-adventure'],
  },
  {
    id: 32,
    title: 'Entertainment',
    description: trending('Entertainment experiences'),
    sortIds: ['trending-in-entertainment'],
  },
  {
    id: 33,
    title: 'Party & Casual',
    description: trending('Party & Casual experiences'),
    sortIds: ['trending-in-party-and-casual'],
  },
  {
    id: 34,
    title: 'Puzzle',
    description: trending('Puzzle experiences'),
    sortIds: ['trending-in-puzzle'],
  },
  { id: 35, title: 'RPG', description: trending('RPG experiences'), sortIds: ['trending-in-rpg'] },
  {
    id: 36,
    title: 'Shopping',
    description: trending('Shopping experiences'),
    sortIds: ['trending-in-shopping'],
  },
  { id: 37, title: 'Social', description: trending('Social experiences'), sortIds: ['trending-in-social'] },
  {
    id: 38,
    title: 'Hot Right Now',
    description: 'Experiences whose concurrent players are rising the fastest right now.',
    sortIds: ['hot-right-now'],
  },
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
