import { type ChartCategory, chartCategoryById, isDatabaseId } from '@ludex/schemas'

/**
 * The address of a rankings page (part 2 §2.9): /rankings/{rankingIndex}?time={epoch ms}&exp={place id}.
 * The index is the chart category's id (8 Most Popular, 9 Top Earning, …), the id the ranking calls
 * take; `time` picks the moment (the latest capture without it), `exp` the experience to highlight.
 */
export function rankingPath(categoryId: number, options: { time?: number | null; exp?: number | null } = {}) {
  const query = new URLSearchParams()
  if (options.time != null) query.set('time', String(Math.round(options.time)))
  if (options.exp != null) query.set('exp', String(options.exp))
  const search = query.toString()
  return `/rankings/${categoryId}${search ? `?${search}` : ''}`
}

/** The category a route's rankingIndex names, or null (a 404). */
export function rankingCategory(rankingIndex: string | undefined): ChartCategory | null {
  return isDatabaseId(rankingIndex) ? chartCategoryById(Number(rankingIndex)) : null
}

/** `time` of the address: epoch milliseconds as digits, else null (the latest capture). */
export function parseRankingTime(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null
  return Number(value)
}

/** `exp` of the address: a place id, else null (nothing highlighted). */
export function parseRankingExp(value: string | null): number | null {
  return isDatabaseId(value) ? Number(value) : null
}
