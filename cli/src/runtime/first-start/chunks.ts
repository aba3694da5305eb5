import { periodStart, snapToSlot, TEN_MINUTES_MS } from '@ludex/schemas'
import { DAY_MS } from '@ludex/workers'

/** The newest whole days backfilled first, so the overview and detail pages are useful at once. */
export const RECENT_DAYS = 7
/** Days per older chunk: each is stored and rolled up before the next, older one starts. */
export const OLDER_CHUNK_DAYS = 7

/** Half-open slot range [fromMs, toMs), epoch ms, on slot boundaries. */
export interface HistoryChunk {
  readonly fromMs: number
  readonly toMs: number
}

/** The whole backfill and its first chunk. */
export interface NewestFirstPlan extends HistoryChunk {
  readonly days: number
  /** Where the first chunk (the newest days) begins. */
  readonly recentFromMs: number
}

/**
 * The backfill of `days` before `now`, up to and including the slot of `now` (live polls begin at the
 * next slot boundary after start, so they never write a slot of it). Its first chunk reaches back to
 * the day period start (01:00 UTC) `recentDays` whole days before the day in progress: the overview's
 * daily series then has `recentDays` whole days plus today's. Older chunks follow that alignment, so
 * no chunk boundary cuts a day bucket (week and month buckets are recomputed when their older part
 * lands).
 */
export function newestFirstPlan(days: number, now: number, recentDays = RECENT_DAYS): NewestFirstPlan {
  const toMs = snapToSlot(now) + TEN_MINUTES_MS
  const fromMs = toMs - days * DAY_MS
  const recentFromMs = Math.max(fromMs, periodStart(toMs - TEN_MINUTES_MS, 'day') - recentDays * DAY_MS)
  return { days, fromMs, toMs, recentFromMs }
}

/**
 * The chunk to backfill next when every slot of [doneFromMs, toMs) is in: the rest of the first chunk,
 * else the `chunkDays` before doneFromMs (the last one shorter), else null (finished).
 */
export function nextChunk(
  plan: Pick<NewestFirstPlan, 'fromMs' | 'recentFromMs'>,
  doneFromMs: number,
  chunkDays = OLDER_CHUNK_DAYS,
): HistoryChunk | null {
  if (doneFromMs <= plan.fromMs) return null
  if (doneFromMs > plan.recentFromMs) return { fromMs: plan.recentFromMs, toMs: doneFromMs }
  return { fromMs: Math.max(plan.fromMs, doneFromMs - chunkDays * DAY_MS), toMs: doneFromMs }
}

/**
 * The earliest slot other writers of the sink (live polls) can report while the backfill runs: the UTC
 * midnight of the backfill's last slot, since the daily picks of a date are keyed at its midnight and
 * every other live message is of a slot after the backfill's.
 */
export function liveSlotsFrom(plan: Pick<NewestFirstPlan, 'toMs'>): number {
  return Math.floor((plan.toMs - TEN_MINUTES_MS) / DAY_MS) * DAY_MS
}
