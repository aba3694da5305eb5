import {
  type Granularity,
  periodStart,
  periodStartAtOrAfter,
  snapToSlot,
  snapUpToSlot,
  visitorHistoryStartMs,
} from '@ludex/schemas'
import type { Context } from 'koa'
import type { Viewer } from './viewer.ts'

const DAY_MS = 86_400_000

/** The header a moved answer carries: the earliest time it includes (ISO 8601). */
export const HISTORY_START_HEADER = 'X-Ludex-History-Start'

/**
 * How a read's times are cut, and so where the first thing a visitor may see starts:
 * - `instant`: observations at any time (details, thumbnails): the window's first instant;
 * - `slot`: 10-minute slots: the first slot at or after it;
 * - a granularity: buckets labelled by their period start (part 1 §9): the first period that starts at
 *   or after it, since a bucket that starts earlier aggregates (or is labelled with) older data;
 * - `date`: UTC dates (daily picks): the first date that starts at or after it.
 */
export type HistoryUnit = 'instant' | 'slot' | Granularity | 'date'

/** The start of the unit holding ms. */
function unitStart(ms: number, unit: HistoryUnit): number {
  switch (unit) {
    case 'instant':
      return ms
    case 'slot':
      return snapToSlot(ms)
    case 'date':
      return Math.floor(ms / DAY_MS) * DAY_MS
    default:
      return periodStart(ms, unit)
  }
}

/** The first start of a unit at or after ms. */
function firstUnitStartFrom(ms: number, unit: HistoryUnit): number {
  switch (unit) {
    case 'instant':
      return ms
    case 'slot':
      return snapUpToSlot(ms)
    case 'date':
      return Math.ceil(ms / DAY_MS) * DAY_MS
    default:
      return periodStartAtOrAfter(ms, unit)
  }
}

/**
 * Where a visitor's history starts in `unit`: the first unit that starts at or after now − 30 days
 * (part 1 §6, DESIGN §5). Null for a signed-in user, who has no limit.
 */
export function visitorHistoryStart(viewer: Viewer, nowMs: number, unit: HistoryUnit): number | null {
  if (viewer.kind === 'user') return null
  return firstUnitStartFrom(visitorHistoryStartMs(nowMs), unit)
}

/** Tells the client where a moved answer starts (the UI may prompt 'Sign In to See More'). */
export function announceHistoryStart(ctx: Context, startMs: number): void {
  ctx.set(HISTORY_START_HEADER, new Date(startMs).toISOString())
}

/**
 * The one visitor rule every dated read goes through. `fromMs` is where the read starts for a
 * signed-in user (a slot, a period start, a date's start, or the beginning of a history); for a
 * visitor whose unit holding `fromMs` starts before now − 30 days, the read starts at the first unit
 * that starts inside the window instead, and X-Ludex-History-Start says where. Every time a visitor's
 * answer carries is therefore at or after that header, itself at or after now − 30 days.
 */
export function visibleFrom(
  viewer: Viewer,
  ctx: Context,
  fromMs: number,
  nowMs: number,
  unit: HistoryUnit,
): number {
  const first = visitorHistoryStart(viewer, nowMs, unit)
  if (first === null || unitStart(fromMs, unit) >= visitorHistoryStartMs(nowMs)) return fromMs
  announceHistoryStart(ctx, first)
  return first
}
