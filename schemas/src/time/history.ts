import {
  RANKING_HISTORY_YEARS,
  STATS_FALLBACK_LOOKBACK_DAYS,
  UNSIGNED_ANCHOR_CHECK_DAYS,
  UNSIGNED_HISTORY_DAYS,
} from '../constants/limits.ts'

const DAY_MS = 86_400_000

/**
 * Where an experience's stats start: its creation instant, or STATS_FALLBACK_LOOKBACK_DAYS before now
 * when the creation date is unknown (null, not finite, or after now).
 */
export function statsStartMs(createdMs: number | null | undefined, nowMs: number): number {
  if (createdMs == null || !Number.isFinite(createdMs) || createdMs > nowMs) {
    return nowMs - STATS_FALLBACK_LOOKBACK_DAYS * DAY_MS
  }
  return createdMs
}

/** Rankings are read for the last RANKING_HISTORY_YEARS calendar years (same UTC day and time). */
export function rankingHistoryStartMs(nowMs: number): number {
  const d = new Date(nowMs)
  d.setUTCFullYear(d.getUTCFullYear() - RANKING_HISTORY_YEARS)
  return d.getTime()
}

/** The earliest instant a visitor (not signed in) may read: 30 days before now. */
export function visitorHistoryStartMs(nowMs: number): number {
  return nowMs - UNSIGNED_HISTORY_DAYS * DAY_MS
}

/**
 * The anchor-link check of part 1 §6: a visitor opening a link whose range starts more than 29 days
 * back gets the 'Sign In to See More' prompt (one day less than the 30 served, so a link made at the
 * edge of the window does not open onto an empty left edge). A link without a start asks nothing.
 */
export function anchorNeedsSignIn(graphMinMs: number | null, nowMs: number): boolean {
  return graphMinMs !== null && graphMinMs < nowMs - UNSIGNED_ANCHOR_CHECK_DAYS * DAY_MS
}
