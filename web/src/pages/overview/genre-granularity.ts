import { GENRE_CHART_GRANULARITIES, GENRE_STATS_START_MS } from '@ludex/schemas'
import { effectiveGranularity, offeredGranularities } from '../../charts/granularity-options.ts'

export type GenreGranularity = 'day' | 'week' | 'month'
export const GENRE_GRANULARITY_OPTIONS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const

/** The genre chart allows day, week and month; hour (or anything else) falls back to day (part 1 §4). */
export function genreGranularity(g: string | undefined): GenreGranularity {
  return g === 'week' || g === 'month' ? g : 'day'
}

/**
 * The options the genre chart offers and the granularity it draws: only those that can show two
 * points (issue 13, point 6). A visitor's 30 days hold at most one month, so Month is offered to
 * signed-in users only (their genre series run from 2022); a visitor's month from the address draws
 * weeks.
 */
export function genreGranularityView(
  value: string | undefined,
  view: { visitor: boolean; nowMs: number },
): { granularity: GenreGranularity; options: (typeof GENRE_GRANULARITY_OPTIONS)[number][] } {
  const offered = offeredGranularities(GENRE_CHART_GRANULARITIES, {
    startMs: GENRE_STATS_START_MS,
    nowMs: view.nowMs,
    visitor: view.visitor,
  })
  return {
    granularity: effectiveGranularity(genreGranularity(value), offered) as GenreGranularity,
    options: GENRE_GRANULARITY_OPTIONS.filter((o) => offered.includes(o.value)),
  }
}
