import { PLACEMENT_DAY_MS } from './constants.ts'

/** An experience's day in one chart category, as captured. */
export interface PlacementDay {
  /** UTC date start, epoch ms. */
  readonly day: number
  /** Best ranked (non-sponsored) position of the day; null when it showed only as a sponsored tile. */
  readonly bestRank: number | null
  /** Captures (10-minute slots) of the day at that best rank. */
  readonly slotsAtBest: number
  /** Whether the platform marked one of its tiles sponsored that day. */
  readonly sponsored: boolean
}

export type PlacementChangeKind = 'entry' | 'exit'

export interface PlacementChange {
  readonly kind: PlacementChangeKind
  /** The day it was first seen in (entry) or first missing from (exit) the category, epoch ms. */
  readonly day: number
  /** Entry: the day's best rank; exit: the last rank held, on the day before. */
  readonly rank: number | null
}

export interface PlacementSummary {
  readonly changes: PlacementChange[]
  readonly daysInCategory: number
  readonly bestRank: number | null
  /** First day the best rank was held (epoch ms); null without a ranked day. */
  readonly bestRankFirstDay: number | null
  /** Captures at the best rank over all days (each stands for its 10-minute slot). */
  readonly slotsAtBestRank: number
  readonly sponsoredDays: number
  /** Whether it is in the category on the last captured day. */
  readonly current: boolean
}

/**
 * One category's placement history from its days. `capturedDays` are the days the category itself was
 * captured (whoever was in it): only a captured day without the experience is an exit, so a gap in
 * Ludex's captures is not read as the experience leaving. The first captured day is where the record
 * starts: being in the category then is not an entry. A sponsored-only day is not a day in the category.
 */
export function placementSummary(
  days: readonly PlacementDay[],
  capturedDays: readonly number[],
): PlacementSummary {
  const ranked = new Map<number, PlacementDay>()
  let sponsoredDays = 0
  for (const d of days) {
    if (d.bestRank !== null) ranked.set(d.day, d)
    if (d.sponsored) sponsoredDays += 1
  }
  const changes: PlacementChange[] = []
  const captured = [...new Set(capturedDays)].sort((a, b) => a - b)
  let previous: PlacementDay | undefined
  let first = true
  for (const day of captured) {
    const today = ranked.get(day)
    if (!first) {
      if (today && !previous) changes.push({ kind: 'entry', day, rank: today.bestRank })
      if (!today && previous) changes.push({ kind: 'exit', day, rank: previous.bestRank })
    }
    previous = today
    first = false
  }
  let bestRank: number | null = null
  let bestRankFirstDay: number | null = null
  let slotsAtBestRank = 0
  for (const d of [...ranked.values()].sort((a, b) => a.day - b.day)) {
    const rank = d.bestRank as number
    if (bestRank === null || rank < bestRank) {
      bestRank = rank
      bestRankFirstDay = d.day
      slotsAtBestRank = d.slotsAtBest
    } else if (rank === bestRank) slotsAtBestRank += d.slotsAtBest
  }
  const last = captured.at(-1)
  return {
    changes,
    daysInCategory: ranked.size,
    bestRank,
    bestRankFirstDay,
    slotsAtBestRank,
    sponsoredDays,
    current: last !== undefined && ranked.has(last),
  }
}

/** Who entered and who left a category on a day, against the category's previous captured day. */
export function dayChanges(
  today: readonly number[],
  previous: readonly number[],
): { entered: number[]; left: number[] } {
  const now = new Set(today)
  const before = new Set(previous)
  return {
    entered: [...now].filter((id) => !before.has(id)),
    left: [...before].filter((id) => !now.has(id)),
  }
}

/** The UTC date start of an instant. */
export function placementDayOf(ms: number): number {
  return Math.floor(ms / PLACEMENT_DAY_MS) * PLACEMENT_DAY_MS
}
