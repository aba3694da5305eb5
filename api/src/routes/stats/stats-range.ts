import {
  firstWholePeriodStart,
  type Granularity,
  PARTIAL_FROM_HEADER,
  periodStart,
  snapUpToSlot,
} from '@ludex/schemas'
import type { Context } from 'koa'
import { ApiError } from '../../http/api-error.ts'
import { visibleFrom } from '../../viewer/history-window.ts'
import type { Viewer } from '../../viewer/viewer.ts'

/** The buckets a stats call reads: starts in [fromMs, toMs]. */
export interface BucketRange {
  readonly fromMs: number
  readonly toMs: number
  /** Start of the period in progress at now (served even where a history began inside it). */
  readonly inProgressMs: number
}

export interface RangeInput {
  readonly viewer: Viewer
  readonly nowMs: number
  readonly granularity: Granularity
  readonly startMs: number | undefined
  readonly endMs: number | undefined
  /** Where the series start when the call gives no startTime. */
  readonly defaultStartMs: number
  /** The response's context: a clamped range sets the history header on it. */
  readonly ctx: Context
}

/**
 * Resolves a dated series call's time range to whole periods (part 1 §9, issue 13):
 * - the end (default now) snaps up to a 10-minute boundary; the bucket holding it is read whole;
 * - the start (default: the call's data start) snaps down to the start of its period, so the first
 *   bucket is whole, never an average of the slots after the start;
 * - a visitor's first bucket starts inside the last 30 days: when the period of the start begins
 *   before them (a start before the window, or one inside it whose period began earlier), the first
 *   bucket is the first period that starts inside the window, since an earlier one aggregates older
 *   data; the response carries X-Ludex-History-Start with that bucket's start (`visibleFrom`);
 * - when the range reaches the period in progress at `now`, X-Ludex-Partial-From names its start: that
 *   bucket holds only the slots polled so far (`PARTIAL_FROM_HEADER`).
 * A start after the end is a 400 when both were given; after moving it just yields no buckets.
 * Where the stored history begins inside a period, `wholeFrom` moves the start past it (the stats
 * reads apply the same rule per place inside their statement, `wholePeriodSql`).
 */
export function resolveBucketRange(input: RangeInput): BucketRange {
  const { viewer, nowMs, granularity: g, startMs, endMs, ctx } = input
  if (startMs !== undefined && endMs !== undefined && startMs > endMs) {
    throw ApiError.badRequest([{ field: 'startTime', message: 'must not be after endTime' }])
  }
  const toMs = snapUpToSlot(endMs ?? nowMs)
  const requested = periodStart(startMs ?? input.defaultStartMs, g)
  const fromMs = visibleFrom(viewer, ctx, requested, nowMs, g)
  const current = periodStart(nowMs, g)
  if (fromMs <= current && current <= toMs) ctx.set(PARTIAL_FROM_HEADER, new Date(current).toISOString())
  return { fromMs, toMs, inProgressMs: current }
}

/**
 * Where a series whose stored history begins at `historyStartMs` (its first slot; null: none stored)
 * has whole periods from, within a range starting at `fromMs`: a period that began before the history
 * holds part of its slots and is left out, unless it is the period in progress, which the answer marks
 * anyway (X-Ludex-Partial-From); so a store that began today still shows today, marked.
 */
export function wholeFrom(
  fromMs: number,
  historyStartMs: number | null,
  nowMs: number,
  g: Granularity,
): number {
  if (historyStartMs === null) return fromMs
  return Math.max(fromMs, Math.min(firstWholePeriodStart(historyStartMs, g), periodStart(nowMs, g)))
}
