import { type Granularity, periodStart, snapUpToSlot } from '@ludex/schemas'
import type { Context } from 'koa'
import { ApiError } from '../../http/api-error.ts'
import { visibleFrom } from '../../viewer/history-window.ts'
import type { Viewer } from '../../viewer/viewer.ts'

/** The buckets a stats call reads: starts in [fromMs, toMs]. */
export interface BucketRange {
  readonly fromMs: number
  readonly toMs: number
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
 * Resolves a stats call's time range (part 1 §9):
 * - the end (default now) snaps up to a 10-minute boundary, so the slot it falls in is included;
 * - the start (default: the call's data start) snaps down to the start of its period, so the first
 *   bucket is whole;
 * - a visitor's first bucket starts inside the last 30 days: when the period of the start begins
 *   before them (a start before the window, or one inside it whose period began earlier), the first
 *   bucket is the first period that starts inside the window, since an earlier one aggregates older
 *   data; the response carries X-Ludex-History-Start with that bucket's start (`visibleFrom`).
 * A start after the end is a 400 when both were given; after moving it just yields no buckets.
 */
export function resolveBucketRange(input: RangeInput): BucketRange {
  const { viewer, nowMs, granularity: g, startMs, endMs, ctx } = input
  if (startMs !== undefined && endMs !== undefined && startMs > endMs) {
    throw ApiError.badRequest([{ field: 'startTime', message: 'must not be after endTime' }])
  }
  const toMs = snapUpToSlot(endMs ?? nowMs)
  const requested = periodStart(startMs ?? input.defaultStartMs, g)
  return { fromMs: visibleFrom(viewer, ctx, requested, nowMs, g), toMs }
}
