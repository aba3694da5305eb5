/** The {kind} of /api/stats/{kind} (part 1 §3). */
export const STAT_KINDS = ['ccus', 'rating', 'visits', 'likes', 'playtime', 'favorites'] as const
export type StatKind = (typeof STAT_KINDS)[number]

/** Stat kinds whose large values are shown with a '+' at 1,000,000 or more (part 1 §9). */
export const PLUS_SHORTENED_STAT_KINDS: readonly StatKind[] = ['visits', 'favorites']

export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const
export type Granularity = (typeof GRANULARITIES)[number]

/** The genre chart allows day, week and month; hour falls back to day (part 1 §4). */
export const GENRE_CHART_GRANULARITIES = ['day', 'week', 'month'] as const satisfies readonly Granularity[]
export type GenreChartGranularity = (typeof GENRE_CHART_GRANULARITIES)[number]

export function genreChartGranularity(g: Granularity): GenreChartGranularity {
  return g === 'hour' ? 'day' : g
}

/** Default granularity: day; week for creators and comparisons (part 2 §9). */
export const DEFAULT_GRANULARITY: Granularity = 'day'
export const DEFAULT_COMPARE_GRANULARITY: Granularity = 'week'
export const DEFAULT_CREATOR_GRANULARITY: Granularity = 'week'
export const DEFAULT_TAG_TOP_FIVE_GRANULARITY: Granularity = 'week'

/** The range buttons, in their on-screen order. */
export const GRAPH_RANGES = [
  'day',
  'week',
  'month',
  'three_months',
  'six_months',
  'year_to_date',
  'year',
  'all',
] as const
export type GraphRange = (typeof GRAPH_RANGES)[number]

/** "Graph range default selection is the third button" (part 1 §9). */
export const DEFAULT_GRAPH_RANGE: GraphRange = GRAPH_RANGES[2]

/** Range buttons that open the sign-up prompt for a visitor (3m, 6m, YTD, 1y, All; part 1 §2). */
export const VISITOR_LOCKED_GRAPH_RANGES: readonly GraphRange[] = [
  'three_months',
  'six_months',
  'year_to_date',
  'year',
  'all',
]

export function isGraphRangeLockedForVisitor(range: GraphRange): boolean {
  return VISITOR_LOCKED_GRAPH_RANGES.includes(range)
}

/** Which experiences of a tag or creator a CCU view covers (part 2 §3). */
export const TAG_CCU_SCOPES = ['all', 'active', 'top_five'] as const
export type TagCcuScope = (typeof TAG_CCU_SCOPES)[number]

/** aggregation= of the average stat variant. */
export const STAT_AGGREGATIONS = ['average'] as const
export type StatAggregation = (typeof STAT_AGGREGATIONS)[number]

/** type= of /api/platform/movement. */
export const MOVEMENT_TYPES = ['top100entry', 'top100exit'] as const
export type MovementType = (typeof MOVEMENT_TYPES)[number]
