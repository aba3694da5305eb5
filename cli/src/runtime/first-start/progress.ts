import type { ReadinessCheck } from '@ludex/api'
import type { Config } from '@ludex/schemas'
import { TEN_MINUTES_MS } from '@ludex/schemas'
import { DAY_MS } from '@ludex/workers'
import { formatDuration } from '../progress.ts'
import type { HistoryChunk } from './chunks.ts'
import type { FillingRecord } from './state.ts'

/** recent: the first chunk (the newest days) is on its way; older: it is visible, older history fills in. */
export type FillPhase = 'recent' | 'older' | 'finished' | 'failed'

export interface FillView {
  readonly phase: FillPhase
  /** The first chunk, the newest days, is stored and rolled up. */
  readonly recentVisible: boolean
  readonly totalDays: number
  /** Days stored and rolled up, from the newest back (whole chunks). */
  readonly visibleDays: number
  /** Days in, counting what the chunk under way has published. */
  readonly daysIn: number
  /** The oldest visible slot (epoch ms). */
  readonly visibleFromMs: number
  /** Wall time left at this process's pace; null before it has a pace. */
  readonly etaMs: number | null
  readonly snapshots: number
  readonly error?: string
}

export interface FillProgress {
  chunkStarted(chunk: HistoryChunk): void
  /** The chunk under way has published its slots up to (not including) `toSlot`. */
  published(toSlot: number): void
  /** A chunk is stored and rolled up: the record moved back. */
  visible(record: FillingRecord): void
  finished(snapshots: number): void
  failed(error: unknown): void
  view(): FillView
}

/**
 * The backfill's progress for the terminal and /readyz: days in of the total, newest first, and the
 * time left at the pace this process has kept so far (slots per wall-clock second, recomputes
 * included), measured with `wallMs` (a test's injected clock may stand still).
 */
export function createFillProgress(
  start: FillingRecord,
  wallMs: () => number = () => performance.now(),
): FillProgress {
  const { fromMs, toMs } = start
  const totalSlots = (toMs - fromMs) / TEN_MINUTES_MS
  const startedAt = wallMs()
  const slotsAtStart = (toMs - start.doneFromMs) / TEN_MINUTES_MS
  let record: FillingRecord = start
  let chunk: HistoryChunk | null = null
  // Slots of the chunk under way published so far (a chunk is generated oldest first).
  let chunkSlots = 0
  let phase: FillPhase = start.doneFromMs <= start.recentFromMs ? 'older' : 'recent'
  let error: string | undefined
  let snapshots = start.snapshots

  const slotsIn = () => Math.min(totalSlots, (toMs - record.doneFromMs) / TEN_MINUTES_MS + chunkSlots)
  return {
    chunkStarted(next) {
      chunk = next
      chunkSlots = 0
    },
    published(toSlot) {
      if (chunk) chunkSlots = Math.max(0, (Math.min(toSlot, chunk.toMs) - chunk.fromMs) / TEN_MINUTES_MS)
    },
    visible(next) {
      record = next
      chunk = null
      chunkSlots = 0
      snapshots = next.snapshots
      if (next.doneFromMs <= next.recentFromMs) phase = 'older'
    },
    finished(total) {
      record = { ...record, doneFromMs: fromMs }
      chunk = null
      chunkSlots = 0
      snapshots = total
      phase = 'finished'
    },
    failed(err) {
      error = err instanceof Error ? err.message : String(err)
      phase = 'failed'
    },
    view() {
      const done = slotsIn()
      const gained = done - slotsAtStart
      const elapsed = wallMs() - startedAt
      let etaMs: number | null = null
      if (phase === 'finished') etaMs = 0
      else if (phase !== 'failed' && gained > 0 && elapsed > 0)
        etaMs = ((totalSlots - done) * elapsed) / gained
      return {
        phase,
        recentVisible: record.doneFromMs <= record.recentFromMs,
        totalDays: start.days,
        visibleDays: (toMs - record.doneFromMs) / DAY_MS,
        daysIn: (done * TEN_MINUTES_MS) / DAY_MS,
        visibleFromMs: record.doneFromMs,
        etaMs,
        snapshots,
        ...(error !== undefined && { error }),
      }
    },
  }
}

const eta = (ms: number | null) => (ms === null ? 'ETA unknown yet' : `ETA ${formatDuration(ms)}`)

/** "21 of 120 days in (newest first), ETA 1 min 40 s" */
export function describeProgress(view: FillView): string {
  return `${Math.floor(view.daysIn)} of ${view.totalDays} days in (newest first), ${eta(view.etaMs)}`
}

/**
 * The backfill's line on /readyz. The process is ready (serves) once the first chunk, the newest
 * days, is stored and rolled up (BACKFILL_READY=recent), or only once the whole history is
 * (BACKFILL_READY=complete); either way the detail says how far it is, and `progress` has the figures.
 */
export function fillReadiness(view: FillView, readyWhen: Config['BACKFILL_READY']): ReadinessCheck {
  // Days stored and rolled up, what the pages show (the detail counts what the chunk under way sent too).
  const progress = {
    done: Math.round(view.visibleDays * 10) / 10,
    total: view.totalDays,
    unit: 'days',
    etaSeconds: view.etaMs === null ? null : Math.round(view.etaMs / 1000),
  }
  switch (view.phase) {
    case 'recent':
      return { ok: false, detail: `the newest days first: ${describeProgress(view)}`, progress }
    case 'older':
      return {
        ok: readyWhen === 'recent',
        detail: `serving the newest ${Math.floor(view.visibleDays)} days; older history filling in: ${describeProgress(view)}`,
        progress,
      }
    case 'finished':
      return { ok: true, detail: `${view.snapshots} snapshots over ${view.totalDays} days`, progress }
    case 'failed':
      return {
        ok: view.recentVisible && readyWhen === 'recent',
        detail: `failed with ${Math.floor(view.visibleDays)} of ${view.totalDays} days in (${view.error}); a restart resumes it`,
        progress,
      }
  }
}
