/*
 * Recent like % (issue 20.4): votes are lifetime totals, so the like percentage of an old game barely
 * moves. This is the like % of the votes cast in the last days, from the day-to-day changes of the
 * totals. One rule for the API, the chart and the /methodology text.
 */

const DAY_MS = 86_400_000

/** The windows, in days, of the recent like percentages. */
export const RECENT_LIKE_WINDOWS = [7, 30] as const
export type RecentLikeWindow = (typeof RECENT_LIKE_WINDOWS)[number]

/**
 * Votes a window needs before its like % is given: below it, chance alone moves the figure by more than
 * about ±10 points (the 95 % margin of a proportion near 50 % is about ±1/√n).
 */
export const RECENT_LIKES_MIN_VOTES = 100

/** How far back the experience page's Recent Like % card asks (visitors get their 30 days whatever is asked). */
export const RECENT_LIKES_CARD_DAYS = 180

/** The vote totals at the end of one day (the day rollup's last up and down votes). */
export interface DailyVotes {
  readonly dayStartMs: number
  readonly up: number
  readonly down: number
}

/** The votes a day added: the rise of each total since the previous day that has totals. */
export interface VoteDelta {
  readonly dayStartMs: number
  readonly up: number
  readonly down: number
}

/**
 * Per-day vote deltas. A total that falls (votes removed, a vote switched, or a reset by the platform)
 * adds nothing that day: only rises count, so a reset to zero is not read as millions of dislikes, and
 * the votes cast after it count again from the new total. A day after a gap carries the votes of the
 * whole gap. The first day has no delta (nothing to compare with).
 */
export function voteDeltas(days: readonly DailyVotes[]): VoteDelta[] {
  const sorted = [...days].sort((a, b) => a.dayStartMs - b.dayStartMs)
  const out: VoteDelta[] = []
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as DailyVotes
    const cur = sorted[i] as DailyVotes
    if (cur.dayStartMs === prev.dayStartMs) continue
    out.push({
      dayStartMs: cur.dayStartMs,
      up: Math.max(0, cur.up - prev.up),
      down: Math.max(0, cur.down - prev.down),
    })
  }
  return out
}

export interface RecentLikes {
  /** The last day of the window (its start, epoch ms). */
  readonly dayStartMs: number
  readonly windowDays: RecentLikeWindow
  readonly up: number
  readonly down: number
  /** 100 × up / (up + down), 1 decimal; null below RECENT_LIKES_MIN_VOTES votes. */
  readonly likePercentage: number | null
}

/** 100 × up / (up + down) to 1 decimal, or null with fewer than RECENT_LIKES_MIN_VOTES votes. */
export function recentLikePercentage(up: number, down: number): number | null {
  const votes = up + down
  if (votes < RECENT_LIKES_MIN_VOTES) return null
  return Math.round((1000 * up) / votes) / 10
}

/**
 * The like % of the votes cast in the `windowDays` days ending with each day in [fromMs, toMs] that has
 * totals. A window is only given when the totals are known on or before the day before it starts (the
 * baseline its first delta is measured from): a history that began inside the window would count fewer
 * days than it says.
 */
export function recentLikes(
  days: readonly DailyVotes[],
  windowDays: RecentLikeWindow,
  fromMs: number,
  toMs: number,
): RecentLikes[] {
  const deltas = voteDeltas(days)
  const firstKnown = days.reduce((min, d) => Math.min(min, d.dayStartMs), Number.POSITIVE_INFINITY)
  // Running sums, so each window is two look-ups: [i] holds the deltas before deltas[i].
  const upBefore = [0]
  const downBefore = [0]
  for (const d of deltas) {
    upBefore.push((upBefore.at(-1) ?? 0) + d.up)
    downBefore.push((downBefore.at(-1) ?? 0) + d.down)
  }
  const out: RecentLikes[] = []
  let first = 0 // the first delta inside the window of the day at `end` (moves forward only)
  deltas.forEach((end, i) => {
    const windowStart = end.dayStartMs - (windowDays - 1) * DAY_MS
    while ((deltas[first]?.dayStartMs ?? Number.POSITIVE_INFINITY) < windowStart) first++
    if (end.dayStartMs < fromMs || end.dayStartMs > toMs || firstKnown > windowStart - DAY_MS) return
    const up = (upBefore[i + 1] ?? 0) - (upBefore[first] ?? 0)
    const down = (downBefore[i + 1] ?? 0) - (downBefore[first] ?? 0)
    out.push({
      dayStartMs: end.dayStartMs,
      windowDays,
      up,
      down,
      likePercentage: recentLikePercentage(up, down),
    })
  })
  return out
}
