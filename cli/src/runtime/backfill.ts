import type { ClickHouseClient } from '@clickhouse/client'
import { rebuild } from '@ludex/pipelines'
import { type Bus, type Publisher, snapToSlot, TEN_MINUTES_MS, type Topic, topics } from '@ludex/schemas'
import {
  DAY_MS,
  generateHistory,
  type HistoryBatch,
  type HistoryStats,
  type PlatformModel,
} from '@ludex/workers'
import type { Logger } from 'pino'
import { writeBackfillState } from './first-start/state.ts'
import { createProgress } from './progress.ts'
import type { MaterialiserComponent } from './roles/materialiser.ts'

/** Messages published between two yields to the event loop. */
const PUBLISH_CHUNK = 4096

/**
 * Publishes in chunks and yields to the event loop between them. Generation and publish-side
 * validation are synchronous: without the yields, one large batch keeps the loop busy for a few hundred
 * milliseconds, the sink cannot hand chDB its next insert meanwhile, and the two cores take turns
 * instead of working at once (measured: 130k → 188k snapshots/s; small inserts waited ~45 ms, not ~5).
 */
async function publishChunked<T>(bus: Publisher, topic: Topic<T>, messages: readonly T[]): Promise<void> {
  for (let i = 0; i < messages.length; i += PUBLISH_CHUNK) {
    await bus.publish(
      topic,
      messages.length <= PUBLISH_CHUNK ? messages : messages.slice(i, i + PUBLISH_CHUNK),
    )
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
}

/**
 * Where a one-pass backfill goes: the store, the bus of this process (in-process or Kafka) with a sink
 * on it here, and the materialiser whose recomputes it holds back until one rebuild at the end.
 */
export interface BackfillTarget {
  readonly client: ClickHouseClient
  readonly bus: Pick<Bus, 'publish' | 'drain'>
  readonly materialiser: Pick<MaterialiserComponent, 'deferWhile'>
}

export interface BackfillSummary {
  readonly days: number
  readonly fromMs: number
  readonly toMs: number
  readonly stats: HistoryStats
  /** Wall time of generation + bus + sink (the ingest figure) and of the rollup rebuild after it. */
  readonly ingestMs: number
  readonly rebuildMs: number
  readonly snapshotsPerSecond: number
}

export interface BackfillOptions {
  readonly pipeline: BackfillTarget
  readonly model: PlatformModel
  readonly days: number
  /** The backfill covers the `days` before this instant, up to and including its 10-minute slot. */
  readonly now: number
  readonly logger: Logger
  /** Reports progress on the terminal (or in the log); off for tests and benchmarks. */
  readonly showProgress?: boolean
  readonly onProgress?: (fraction: number, phase: 'ingest' | 'rollups') => void
  /** Shutdown began: stop generating (what was published is still drained by the sink's stop). */
  readonly signal?: AbortSignal
}

/** The slots a backfill of `days` before `now` covers: up to and including now's 10-minute slot. */
export function backfillRange(now: number, days: number): { fromMs: number; toMs: number } {
  const toMs = snapToSlot(now) + TEN_MINUTES_MS
  return { fromMs: toMs - days * DAY_MS, toMs }
}

/**
 * Has the simulator produce the slots of [fromMs, toMs) and publishes them through the bus (metadata
 * before the counters that refer to it), then waits until the sinks consumed everything (on Kafka:
 * until the groups committed every topic's end). `onBatch` follows each published batch.
 */
export async function publishHistory(
  bus: BackfillTarget['bus'],
  model: PlatformModel,
  options: {
    readonly fromMs: number
    readonly toMs: number
    /** Stops generating: what was published is still drained by the sink's stop. */
    readonly signal?: AbortSignal
    readonly onBatch?: (batch: HistoryBatch) => void
  },
): Promise<HistoryStats> {
  const generated = await generateHistory(model, {
    fromMs: options.fromMs,
    toMs: options.toMs,
    onBatch: async (batch) => {
      options.signal?.throwIfAborted()
      // Metadata first: an experience's details are known before its first counters land.
      await publishChunked(bus, topics.creators, batch.creators)
      await publishChunked(bus, topics.metadata, batch.metadata)
      await publishChunked(bus, topics.snapshots, batch.snapshots)
      await publishChunked(bus, topics.charts, batch.charts)
      await publishChunked(bus, topics.dailyPicks, batch.dailyPicks)
      await publishChunked(bus, topics.platform, batch.platform)
      options.onBatch?.(batch)
    },
  })
  await bus.drain()
  return generated
}

/**
 * Has the simulator produce the past N days and pushes them through the same bus and sink as live
 * polls (never a side door into the tables), then rebuilds the rollups of the range once. On Kafka the
 * sink of this process consumes it, and the drain waits until its group has committed every topic's end.
 */
export async function backfill(options: BackfillOptions): Promise<BackfillSummary> {
  const { pipeline, model, days, logger } = options
  const { fromMs, toMs } = backfillRange(options.now, days)
  const expected = Math.max(1, ((toMs - fromMs) / TEN_MINUTES_MS) * model.count)
  const progress = options.showProgress
    ? createProgress('backfill', expected, logger)
    : { update: () => {}, stop: () => {} }
  let done = 0

  const started = performance.now()
  const { result: stats, range: inserted } = await pipeline.materialiser.deferWhile(async () => {
    try {
      return await publishHistory(pipeline.bus, model, {
        fromMs,
        toMs,
        ...(options.signal && { signal: options.signal }),
        onBatch: (batch) => {
          done += batch.snapshots.length
          progress.update(done, new Date(batch.toSlot).toISOString().slice(0, 10))
          options.onProgress?.(Math.min(1, done / expected), 'ingest')
        },
      })
    } finally {
      progress.stop()
    }
  })
  const ingestMs = performance.now() - started

  const range = inserted ?? { fromMs, toMs }
  const rebuildStarted = performance.now()
  const rollups = options.showProgress
    ? createProgress('rollups', 1, logger)
    : { update: () => {}, stop: () => {} }
  await rebuild(pipeline.client, {
    fromMs: range.fromMs,
    toMs: range.toMs,
    now: options.now,
    onProgress: (p) => {
      rollups.update(p.done / p.total)
      options.onProgress?.(p.done / p.total, 'rollups')
    },
  })
  rollups.stop()
  const rebuildMs = performance.now() - rebuildStarted

  const summary: BackfillSummary = {
    days,
    fromMs,
    toMs,
    stats,
    ingestMs,
    rebuildMs,
    snapshotsPerSecond: Math.round(stats.snapshots / (ingestMs / 1000)),
  }
  await writeBackfillState(
    pipeline.client,
    { days, fromMs, toMs, snapshots: stats.snapshots, finishedAt: options.now },
    Date.now(),
  )
  return summary
}
