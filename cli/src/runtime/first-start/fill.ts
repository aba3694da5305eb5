import type { ClickHouseClient } from '@clickhouse/client'
import { type Bus, TEN_MINUTES_MS } from '@ludex/schemas'
import type { PlatformModel } from '@ludex/workers'
import { publishHistory } from '../backfill.ts'
import type { MaterialiserComponent } from '../roles/materialiser.ts'
import { type HistoryChunk, liveSlotsFrom, nextChunk, OLDER_CHUNK_DAYS } from './chunks.ts'
import { type FillingRecord, writeBackfillState } from './state.ts'

/**
 * Where a newest-first backfill goes: the store, the bus of this process with a sink on it here, and
 * the materialiser that holds each chunk's inserts back for one recompute of the chunk.
 */
export interface NewestFirstTarget {
  readonly client: ClickHouseClient
  readonly bus: Pick<Bus, 'publish' | 'drain'>
  readonly materialiser: Pick<MaterialiserComponent, 'deferWhile' | 'recompute'>
}

export interface FillOptions {
  readonly target: NewestFirstTarget
  readonly model: PlatformModel
  /** The backfill as stored: its range, its first chunk and how far back it is in. */
  readonly record: FillingRecord
  readonly chunkDays?: number
  /** For the stored progress's time (epoch ms). */
  readonly now: () => number
  /** Shutdown began: stop at the next batch or chunk (what is in stays; the chunk is redone later). */
  readonly signal?: AbortSignal
  /** Awaited before each chunk starts (tests hold the backfill at a chunk boundary with it). */
  readonly beforeChunk?: (chunk: HistoryChunk) => Promise<void>
  readonly onChunkStart?: (chunk: HistoryChunk) => void
  /** A batch of the chunk under way was published, up to (not including) this slot. */
  readonly onPublished?: (toSlot: number) => void
  /** A chunk is stored and rolled up (and its progress stored): pages show it from now on. */
  readonly onVisible?: (record: FillingRecord, chunk: HistoryChunk) => void
}

/** Waits for `gate` unless `signal` aborts first. */
async function unlessAborted(gate: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return gate
  signal.throwIfAborted()
  let onAbort: () => void = () => {}
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    await Promise.race([gate, aborted])
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}

/**
 * Backfills what the record still misses, newest first: each chunk is generated, pushed through the bus
 * and sink like live polls, and recomputed (every materialised table of its buckets: rollups, genre
 * series, distribution, ranks and movement, benchmarks) before the next, older one starts, so every
 * page is right for what is stored so far. A week or month bucket that a chunk boundary cuts is
 * recomputed whole when its older part lands (recompute-and-replace). Only then does the stored
 * progress move back over the chunk, so a restart redoes at most the chunk it stopped in and never
 * leaves a hole. Resolves with the record at the end (the whole range in; not yet marked finished).
 */
export async function fillNewestFirst(options: FillOptions): Promise<FillingRecord> {
  const { target, model, signal } = options
  let record = options.record
  // Live polls in this process write only slots after the backfill's (and today's daily picks).
  const othersFrom = liveSlotsFrom(record)
  for (
    let chunk = nextChunk(record, record.doneFromMs, options.chunkDays ?? OLDER_CHUNK_DAYS);
    chunk;
    chunk = nextChunk(record, record.doneFromMs, options.chunkDays ?? OLDER_CHUNK_DAYS)
  ) {
    if (options.beforeChunk) await unlessAborted(options.beforeChunk(chunk), signal)
    signal?.throwIfAborted()
    options.onChunkStart?.(chunk)
    const current = chunk
    const { result: stats, range: held } = await target.materialiser.deferWhile(
      () =>
        publishHistory(target.bus, model, {
          ...current,
          ...(signal && { signal }),
          onBatch: (batch) => options.onPublished?.(batch.toSlot),
        }),
      { bounds: { before: current.toMs, othersFrom }, ...(signal && { signal }) },
    )
    // Stopping: the chunk is redone by the resumed backfill rather than recomputed during the stop.
    signal?.throwIfAborted()
    // The chunk's slots, and whatever else its batches held (a daily pick keyed before its start).
    const lastSlot = current.toMs - TEN_MINUTES_MS
    await target.materialiser.recompute({
      fromMs: Math.min(current.fromMs, held?.fromMs ?? current.fromMs),
      toMs: Math.max(lastSlot, held?.toMs ?? lastSlot),
    })
    record = { ...record, doneFromMs: current.fromMs, snapshots: record.snapshots + stats.snapshots }
    await writeBackfillState(target.client, record, options.now())
    options.onVisible?.(record, current)
  }
  return record
}
