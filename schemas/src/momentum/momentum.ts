/*
 * Momentum (issue 20.3): is an experience Rising, Stable or Declining? One rule, used by the API, the web
 * labels, the alerts and the /methodology text, so every number of it lives here.
 */

const DAY_MS = 86_400_000

/** Days in each of the two windows compared: the last complete days against the ones before. */
export const MOMENTUM_WINDOW_DAYS = 7
/** Days with data each window needs; with fewer the label is not given (too little data). */
export const MOMENTUM_MIN_DAYS = 5
/** The relative change of the window averages at or beyond which an experience rises or declines. */
export const MOMENTUM_CHANGE_THRESHOLD = 0.1
/**
 * Average CCU below which a window counts as this small: when both windows are below it the label is
 * not given (a handful of players moves by tens of percent by chance), and the change is measured
 * against at least this many players, so 0 → 3 players is not "Rising" by +∞ %.
 */
export const MOMENTUM_MIN_CCU = 10
/** Place ids one GET /api/stats/momentum names (a page of experiences; longer lists ask in chunks). */
export const MOMENTUM_MAX_PLACE_IDS = 200

export const momentumLabels = ['rising', 'stable', 'declining'] as const
export type MomentumLabel = (typeof momentumLabels)[number]

/** The label as shown on the list, the detail header and the tags. */
export const MOMENTUM_LABEL_TEXT: Readonly<Record<MomentumLabel, string>> = {
  rising: 'Rising',
  stable: 'Stable',
  declining: 'Declining',
}

/** Why no label was given. */
export const momentumNoLabelReasons = ['too_little_data', 'too_few_players'] as const
export type MomentumNoLabelReason = (typeof momentumNoLabelReasons)[number]

/** One complete day's average CCU (ccu_sum / samples of the day rollup), labelled by its start. */
export interface DailyCcu {
  readonly dayStartMs: number
  readonly averageCcu: number
}

export interface Momentum {
  /** null: not given (see `reason`). */
  readonly label: MomentumLabel | null
  /** (recent − previous) / max(previous, MOMENTUM_MIN_CCU); null when a window lacks data. */
  readonly change: number | null
  /** Mean of the daily averages of the last complete days (null: too few days). */
  readonly recentAverage: number | null
  /** Mean of the daily averages of the days before them (null: too few days). */
  readonly previousAverage: number | null
  readonly reason: MomentumNoLabelReason | null
}

/** The starts of the two windows' first days, from the start of the last complete day. */
export function momentumWindows(lastCompleteDayStartMs: number): {
  recentFromMs: number
  previousFromMs: number
} {
  const recentFromMs = lastCompleteDayStartMs - (MOMENTUM_WINDOW_DAYS - 1) * DAY_MS
  return { recentFromMs, previousFromMs: recentFromMs - MOMENTUM_WINDOW_DAYS * DAY_MS }
}

function meanOf(values: readonly number[]): number | null {
  if (values.length < MOMENTUM_MIN_DAYS) return null
  return values.reduce((a, b) => a + b, 0) / values.length
}

/** The label of a relative change: at or beyond ±MOMENTUM_CHANGE_THRESHOLD it rises or declines. */
export function momentumLabelOf(change: number): MomentumLabel {
  if (change >= MOMENTUM_CHANGE_THRESHOLD) return 'rising'
  if (change <= -MOMENTUM_CHANGE_THRESHOLD) return 'declining'
  return 'stable'
}

/**
 * The momentum of one experience from its daily average CCU. `lastCompleteDayStartMs` is the start of
 * the last complete day (the day before the one in progress); days outside the two windows are ignored,
 * and each day counts once (a repeated day keeps its last value). Each window's average is the mean of
 * the daily averages it has (every day weighs the same, a quiet day as much as a busy one).
 */
export function momentumOf(days: readonly DailyCcu[], lastCompleteDayStartMs: number): Momentum {
  const { recentFromMs, previousFromMs } = momentumWindows(lastCompleteDayStartMs)
  const recent = new Map<number, number>()
  const previous = new Map<number, number>()
  for (const d of days) {
    if (d.dayStartMs >= recentFromMs && d.dayStartMs <= lastCompleteDayStartMs)
      recent.set(d.dayStartMs, d.averageCcu)
    else if (d.dayStartMs >= previousFromMs && d.dayStartMs < recentFromMs)
      previous.set(d.dayStartMs, d.averageCcu)
  }
  const recentAverage = meanOf([...recent.values()])
  const previousAverage = meanOf([...previous.values()])
  if (recentAverage === null || previousAverage === null) {
    return { label: null, change: null, recentAverage, previousAverage, reason: 'too_little_data' }
  }
  const change = (recentAverage - previousAverage) / Math.max(previousAverage, MOMENTUM_MIN_CCU)
  if (Math.max(recentAverage, previousAverage) < MOMENTUM_MIN_CCU) {
    return { label: null, change, recentAverage, previousAverage, reason: 'too_few_players' }
  }
  return { label: momentumLabelOf(change), change, recentAverage, previousAverage, reason: null }
}
