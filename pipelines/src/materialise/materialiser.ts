import type { ClickHouseClient } from '@clickhouse/client'
import type { Logger } from 'pino'
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
}

export interface Materialiser {
  /** The slots [minSlotMs, maxSlotMs] of the raw tables changed (the sink calls this after inserts). */
  markDirty(minSlotMs: number, maxSlotMs: number): void
  /** Runs the pending ranges now and resolves when they are done; rejects if the run fails. */
  runNow(): Promise<void>
  /** Stops scheduling, waits for the run in flight and runs what is still pending (clean shutdown). */
  stop(): Promise<void>
}

/** Adds a range to a sorted list of disjoint ranges, merging those closer than `gap`. */
export function mergeRange(ranges: readonly SlotRange[], add: SlotRange, gap: number): SlotRange[] {
  const all = [...ranges, add].sort((a, b) => a.fromMs - b.fromMs)
  const out: SlotRange[] = []
  for (const r of all) {
    const last = out.at(-1)
    if (last && r.fromMs <= last.toMs + gap) {
      out[out.length - 1] = { fromMs: last.fromMs, toMs: Math.max(last.toMs, r.toMs) }
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
 */
export function createMaterialiser(options: MaterialiserOptions): Materialiser {
  const { client, logger, clock } = options
  const debounceMs = options.debounceMs ?? 2_000
  const mergeGapMs = options.mergeGapMs ?? 86_400_000
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000

  let pending: SlotRange[] = []
  let timer: NodeJS.Timeout | undefined
  let inFlight: Promise<void> | undefined
  let failures = 0
  let stopped = false

  function schedule(): void {
    if (stopped || timer || inFlight || pending.length === 0) return
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

  async function runPending(): Promise<void> {
    while (pending.length > 0) {
      const [range, ...rest] = pending
      if (!range) break
      pending = rest
      const started = clock.now()
      try {
        await recomputeRange(client, { ...range, now: started })
      } catch (err) {
        pending = mergeRange(pending, range, mergeGapMs)
        failures++
        logger.error({ err, ...range, failures }, 'materialise failed; will retry')
        throw err
      }
      failures = 0
      logger.debug({ ...range, ms: clock.now() - started }, 'materialised')
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
    markDirty(minSlotMs, maxSlotMs) {
      if (stopped) {
        logger.warn({ minSlotMs, maxSlotMs }, 'materialiser stopped; dirty range ignored')
        return
      }
      const range = { fromMs: Math.min(minSlotMs, maxSlotMs), toMs: Math.max(minSlotMs, maxSlotMs) }
      pending = mergeRange(pending, range, mergeGapMs)
      schedule()
    },

    async runNow() {
      await settle()
      if (pending.length > 0) await drain()
    },

    async stop() {
      stopped = true
      await settle()
      if (pending.length === 0) return
      try {
        await drain()
      } catch {
        logger.warn({ pending }, 'materialiser stopped with dirty ranges left; run `ludex rebuild` for them')
      }
    },
  }
}
