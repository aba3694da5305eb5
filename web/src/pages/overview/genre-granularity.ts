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
