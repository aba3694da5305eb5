import type { InsertedEvent } from '@ludex/pipelines'
import { topics } from '@ludex/schemas'

/** An inclusive range of slots (epoch ms), as the sink reports what a batch touched. */
export interface SlotRange {
  readonly fromMs: number
  readonly toMs: number
}

/**
 * Which of the sink's batches are the deferred work's, when other writers share the sink (`ludex
 * run`: live polls while the backfill publishes a chunk of the past).
 */
export interface DeferralBounds {
  /** The work writes no slot at or after this (the end of the backfill's chunk). */
  readonly before: number
  /**
   * The other writers write no slot before this (live polls: their slots, which follow the backfill's
   * boundary, and the daily picks of the UTC date, keyed at its midnight).
   */
  readonly othersFrom: number
}

export interface DeferOptions {
  /** Without bounds every batch inserted meanwhile is the work's (a backfill-only process). */
  readonly bounds?: DeferralBounds
  /**
   * Aborted when the process shuts down: a work failing after it is left to whoever resumes it (a
   * resumed backfill redoes its chunk), so its held range is not recomputed during the stop.
   */
  readonly signal?: AbortSignal
}

export interface Deferral {
  /**
   * A batch the sink of this process inserted: the part of it the deferred work wrote is gathered for
   * the work's one recompute; what is left comes back, to be logged for the materialiser as usual
   * (null: nothing). Game events are never held: the backfill writes none, and their range is the
   * events' own times.
   */
  hold(event: InsertedEvent): SlotRange | null
  /**
   * Runs `work` with the ranges this process's sink inserts meanwhile gathered instead of logged and
   * recomputed, and returns them, so a backfill recomputes what it wrote once instead of after every
   * batch.
   */
  deferWhile<T>(
    work: () => Promise<T>,
    options?: DeferOptions,
  ): Promise<{ result: T; range: SlotRange | null }>
}

export class MaterialiserDeferError extends Error {
  constructor() {
    super('the materialiser is already deferring its recomputes')
    this.name = 'MaterialiserDeferError'
  }
}

interface Holding {
  range: SlotRange | null
  readonly bounds: DeferralBounds | undefined
}

function widen(range: SlotRange | null, fromMs: number, toMs: number): SlotRange {
  return range
    ? { fromMs: Math.min(range.fromMs, fromMs), toMs: Math.max(range.toMs, toMs) }
    : { fromMs, toMs }
}

/**
 * The gathering of ranges while a `deferWhile` runs. A sink batch may mix the work's slots with
 * others' (the bus hands the sink whatever was published, in order), and the sink reports only its
 * first and last slot: the part before `bounds.before` is the work's; the rest holds only others'
 * slots, which begin at `othersFrom`, so the range to log starts there and never spans the gap between
 * an old chunk and today. `release` takes the range a failed work leaves.
 */
export function createDeferral(release: (range: SlotRange) => void): Deferral {
  let holding: Holding | null = null
  return {
    hold(event) {
      const whole = { fromMs: event.minSlot, toMs: event.maxSlot }
      if (!holding || event.topic === topics.gameEvents.name) return whole
      const bounds = holding.bounds
      if (!bounds || event.maxSlot < bounds.before) {
        holding.range = widen(holding.range, event.minSlot, event.maxSlot)
        return null
      }
      if (event.minSlot >= bounds.before) return whole
      holding.range = widen(holding.range, event.minSlot, bounds.before - 1)
      const othersFrom = Math.max(bounds.before, bounds.othersFrom)
      // A slot past `before` that starts before `othersFrom` breaks the bounds' promise: log it all.
      return { fromMs: othersFrom <= event.maxSlot ? othersFrom : bounds.before, toMs: event.maxSlot }
    },
    async deferWhile(work, options = {}) {
      if (holding) throw new MaterialiserDeferError()
      const mine: Holding = { range: null, bounds: options.bounds }
      holding = mine
      try {
        const result = await work()
        return { result, range: mine.range }
      } catch (err) {
        // The caller will not recompute: what was inserted is recomputed as usual, unless the process
        // is stopping (the work's resumption recomputes it then; a stop should not wait for it).
        if (mine.range && !options.signal?.aborted) release(mine.range)
        throw err
      } finally {
        holding = null
      }
    },
  }
}
