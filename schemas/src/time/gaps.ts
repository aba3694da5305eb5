import { GAP_MARGIN_STEPS, MONTH_SPACING_DAYS, WEEK_SPACING_DAYS } from '../constants/limits.ts'
import type { Granularity } from '../constants/stats.ts'

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

const SPACING_MS: Readonly<Record<Granularity, number>> = {
  hour: HOUR_MS,
  day: DAY_MS,
  week: WEEK_SPACING_DAYS * DAY_MS,
  month: MONTH_SPACING_DAYS * DAY_MS,
}

/** The distance between consecutive chart points of a granularity (a month counts as 30 days). */
export function expectedSpacingMs(g: Granularity): number {
  return SPACING_MS[g]
}

/**
 * Whether two consecutive points must be drawn with a break between them: their distance exceeds the
 * expected spacing plus a half-step margin (part 1 §4, §9). With a 30-day month and 1.5 steps, 31-day
 * and February months connect, while one missing month breaks.
 */
export function isGap(prevTs: number, ts: number, g: Granularity): boolean {
  return ts - prevTs > SPACING_MS[g] * (1 + GAP_MARGIN_STEPS)
}
