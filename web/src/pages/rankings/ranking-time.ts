import { rankingHistoryStartMs, SLOT_MS, visitorHistoryStartMs } from '@ludex/schemas'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** The UTC day (00:00) holding ms. The page's day and hour are UTC, the same on the server and in every browser. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS
}

export function utcHour(ms: number): number {
  return new Date(ms).getUTCHours()
}

/** The instant the hour slider names: the day of `base` at hour:00 UTC. */
export function atHour(base: number, hour: number): number {
  return utcDayStart(base) + hour * HOUR_MS
}

/** What a day button does: go to a time (null = the latest capture), ask a visitor to sign up, or nothing. */
export type DayStep = { kind: 'go'; time: number | null } | { kind: 'locked' } | { kind: 'disabled' }

/**
 * Previous Day: the same hour a day earlier. Ranking history is the last 3 years; a visitor reads the
 * last 30 days, and a step past them is locked (the sign-up prompt) rather than disabled.
 */
export function previousDay(base: number, now: number, visitor: boolean): DayStep {
  const target = base - DAY_MS
  if (target < rankingHistoryStartMs(now)) return { kind: 'disabled' }
  if (visitor && target < visitorHistoryStartMs(now)) return { kind: 'locked' }
  return { kind: 'go', time: target }
}

/**
 * Next Day: the same hour a day later; the latest capture when that is not yet or inside the slot in
 * progress (a step back from the latest and forward again returns to the latest); nothing on today.
 */
export function nextDay(base: number, now: number): DayStep {
  if (utcDayStart(base) >= utcDayStart(now)) return { kind: 'disabled' }
  const target = base + DAY_MS
  return { kind: 'go', time: target > now - SLOT_MS ? null : target }
}

/** Whether a visitor's address asks for a time before what visitors may read (the 'Sign In to See More' prompt). */
export function beforeVisitorWindow(time: number | null, now: number): boolean {
  return time !== null && time < visitorHistoryStartMs(now)
}
