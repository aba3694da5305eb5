import type { ClickHouseClient } from '@clickhouse/client'
import type { Logger } from 'pino'
import { materialiseEventCounts } from './events.ts'
import { recomputeRange } from './recompute.ts'
import type { SlotRange } from './rollups.ts'

export interface Clock {
  /** Epoch milliseconds. */
  now(): number
}

export interface MaterialiserOptions {
  readonly client: ClickHouseClient
  readonly logger: Logger
  readonly clock: Clock
  /** How long dirty ranges gather before a run (default 2 s). */
  readonly debounceMs?: number
  /** Dirty ranges closer than this are run as one (default one day: they share day and coarser buckets). */
  readonly mergeGapMs?: number
  /** Longest wait before retrying after a failed run (default 60 s; the wait doubles from debounceMs). */
  readonly maxRetryDelayMs?: number
  /**
   * After a successful recompute, when the settled position moved forward: every range marked with a
   * position before it has been recomputed (see markDirty). `resumeMaterialiser` stores it as the
   * insert-log cursor. A rejection is logged and the position offered again after the next recompute.
   */
  readonly onSettled?: (position: number) => Promise<void>
  /** The settled position the materialiser starts from (the stored cursor): it only reports beyond it. */
  readonly settledFrom?: number
  /**
   * After each range whose rollups (and the other tables of scope 'all') were recomputed: readers that
   * keep answers per rollup watermark look again at once (the API's hot reads).
   */
  readonly onRecomputed?: (range: SlotRange) => void
}

/**
 * What a dirty range needs recomputed: 'all' (snapshots and everything else: every materialised table,
 * event counts included), or only the daily event counts ('events': game events arrived, which no
 * other table reads, so a busy game does not have every rollup recomputed every few seconds).
 */
export type DirtyScope = 'all' | 'events'

export interface Materialiser {
  /**
   * The slots [minSlotMs, maxSlotMs] of the raw tables changed (for game events: the event times).
   * `position` is where the change was recorded (the insert log's logged_at, epoch ms); positioned
   * marks drive the settled position.
   */
  markDirty(minSlotMs: number, maxSlotMs: number, position?: number, scope?: DirtyScope): void
  /** Runs the pending ranges now and resolves when they are done; rejects if the run fails. */
  runNow(): Promise<void>
  /** Dirty ranges not yet recomputed: waiting, or being recomputed now. */
  pendingRanges(): number
  /** Stops scheduling, waits for the run in flight and runs what is still pending (clean shutdown). */
  stop(): Promise<void>
}

/** A dirty slot range, with the earliest position among the marks merged into it. */
export interface DirtyRange extends SlotRange {
  readonly position?: number
}

function earliest(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b
  return b === undefined ? a : Math.min(a, b)
}

/** Adds a range to a sorted list of disjoint ranges, merging those closer than `gap`. */
export function mergeRange(ranges: readonly DirtyRange[], add: DirtyRange, gap: number): DirtyRange[] {
  const all = [...ranges, add].sort((a, b) => a.fromMs - b.fromMs)
  const out: DirtyRange[] = []
  for (const r of all) {
    const last = out.at(-1)
    if (last && r.fromMs <= last.toMs + gap) {
      const position = earliest(last.position, r.position)
      out[out.length - 1] = {
        fromMs: last.fromMs,
        toMs: Math.max(last.toMs, r.toMs),
        ...(position !== undefined && { position }),
      }
    } else {
      out.push(r)
    }
  }
  return out
}

/**
 * Keeps the materialised tables current as raw rows arrive: dirty slot ranges are coalesced and
 * recomputed after a short debounce, one run at a time (a run picks up ranges marked while it ran).
 * Recompute-and-replace makes every run idempotent, so a failed run is simply retried with backoff.
 *
 * Settled position: the earliest position of a range still dirty (waiting, or failed and waiting again),
 * or, when none is, the latest position marked. Every positioned mark before it has been recomputed,
 * so it never passes a range whose recompute failed.
 */
export function createMaterialiser(options: MaterialiserOptions): Materialiser {
  const { client, logger, clock } = options
  const debounceMs = options.debounceMs ?? 2_000
  const mergeGapMs = options.mergeGapMs ?? 86_400_000
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000

  let pending: DirtyRange[] = []
  let pendingEvents: DirtyRange[] = []
  let running: DirtyRange | undefined
  let timer: NodeJS.Timeout | undefined
  let inFlight: Promise<void> | undefined
  let failures = 0
  let stopped = false
  let latestMarked: number | undefined
  let settled = options.settledFrom

  async function reportSettled(): Promise<void> {
    const floor = [...pending, ...pendingEvents].reduce<number | undefined>(
      (min, r) => earliest(min, r.position),
      undefined,
    )
    const position = floor ?? latestMarked
    if (!options.onSettled || position === undefined || (settled !== undefined && position <= settled)) return
    try {
      await options.onSettled(position)
      settled = position
    } catch (err) {
      logger.warn({ err, position }, 'cannot record the materialiser cursor; will retry after the next run')
    }
  }

  function schedule(): void {
    if (stopped || timer || inFlight || pending.length + pendingEvents.length === 0) return
    const delay = failures === 0 ? debounceMs : Math.min(maxRetryDelayMs, debounceMs * 2 ** failures)
    timer = setTimeout(() => {
      timer = undefined
      drain().catch(() => {
        // logged in drain; the ranges are pending again and a retry is scheduled
      })
    }, delay)
    // A pending debounce must not keep the process alive on its own; stop() flushes instead.
    timer.unref()
  }

  /** Recomputes one range of a lane; on failure it goes back to the lane and the error is thrown. */
  async function runRange(
    range: DirtyRange,
    recompute: (r: DirtyRange, now: number) => Promise<void>,
    requeue: (r: DirtyRange) => void,
    recomputed?: (r: DirtyRange) => void,
  ): Promise<void> {
    running = range
    const started = clock.now()
    try {
      await recompute(range, started)
    } catch (err) {
      requeue(range)
      failures++
      logger.error({ err, ...range, failures }, 'materialise failed; will retry')
      throw err
    } finally {
      running = undefined
    }
    failures = 0
    logger.debug({ ...range, ms: clock.now() - started }, 'materialised')
    recomputed?.(range)
    await reportSettled()
  }

  async function runPending(): Promise<void> {
    while (pending.length > 0 || pendingEvents.length > 0) {
      const [range, ...rest] = pending
      if (range) {
        pending = rest
        await runRange(
          range,
          (r, now) => recomputeRange(client, { fromMs: r.fromMs, toMs: r.toMs, now }),
          (r) => {
            pending = mergeRange(pending, r, mergeGapMs)
          },
          options.onRecomputed,
        )
        continue
      }
      const [events, ...others] = pendingEvents
      if (!events) break
      pendingEvents = others
      await runRange(
        events,
        (r, now) => materialiseEventCounts(client, { fromMs: r.fromMs, toMs: r.toMs, now }),
        (r) => {
          pendingEvents = mergeRange(pendingEvents, r, mergeGapMs)
        },
      )
    }
  }

  function drain(): Promise<void> {
    if (inFlight) return inFlight
    const run = runPending().finally(() => {
      inFlight = undefined
      schedule()
    })
    inFlight = run
    return run
  }

  async function settle(): Promise<void> {
    if (timer) {
      clearTimeout(timer)
      timer = undefined
    }
    // A run in flight may have started before the latest marks; its own errors were logged.
    if (inFlight) await inFlight.catch(() => undefined)
  }

  return {
    markDirty(minSlotMs, maxSlotMs, position, scope = 'all') {
      if (stopped) {
        logger.warn({ minSlotMs, maxSlotMs }, 'materialiser stopped; dirty range ignored')
        return
      }
      const range: DirtyRange = {
        fromMs: Math.min(minSlotMs, maxSlotMs),
        toMs: Math.max(minSlotMs, maxSlotMs),
        ...(position !== undefined && { position }),
      }
      if (position !== undefined) latestMarked = Math.max(latestMarked ?? position, position)
      if (scope === 'events') pendingEvents = mergeRange(pendingEvents, range, mergeGapMs)
      else pending = mergeRange(pending, range, mergeGapMs)
      schedule()
    },

    pendingRanges: () => pending.length + pendingEvents.length + (running ? 1 : 0),

    async runNow() {
      await settle()
      if (pending.length + pendingEvents.length > 0) await drain()
    },

    async stop() {
      stopped = true
      await settle()
      if (pending.length + pendingEvents.length === 0) return
      try {
        await drain()
      } catch {
        logger.warn(
          { pending, pendingEvents },
          'materialiser stopped with dirty ranges left; the next start recomputes them from the insert log',
        )
      }
    },
  }
}
