import type { ClickHouseClient } from '@clickhouse/client'
import { rebuild } from '@ludex/pipelines'
import { readOperatorState, writeOperatorState } from '@ludex/pipelines/store'
import { type Bus, type Publisher, snapToSlot, TEN_MINUTES_MS, type Topic, topics } from '@ludex/schemas'
import { DAY_MS, generateHistory, type HistoryStats, type PlatformModel } from '@ludex/workers'
import type { Logger } from 'pino'
import { createProgress } from './progress.ts'
import type { RoleContext } from './roles/component.ts'
import type { MaterialiserComponent } from './roles/materialiser.ts'

export const BACKFILL_STATE_KEY = 'backfill'

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
 * Where a backfill goes: the store, the bus of this process (in-process or Kafka) with a sink on it
 * here, and the materialiser whose recomputes it holds back until one rebuild at the end.
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
      const generated = await generateHistory(model, {
        fromMs,
        toMs,
        onBatch: async (batch) => {
          options.signal?.throwIfAborted()
          // Metadata first: an experience's details are known before its first counters land.
          await publishChunked(pipeline.bus, topics.creators, batch.creators)
          await publishChunked(pipeline.bus, topics.metadata, batch.metadata)
          await publishChunked(pipeline.bus, topics.snapshots, batch.snapshots)
          await publishChunked(pipeline.bus, topics.charts, batch.charts)
          await publishChunked(pipeline.bus, topics.dailyPicks, batch.dailyPicks)
          await publishChunked(pipeline.bus, topics.platform, batch.platform)
          done += batch.snapshots.length
          progress.update(done, new Date(batch.toSlot).toISOString().slice(0, 10))
          options.onProgress?.(Math.min(1, done / expected), 'ingest')
        },
      })
      await pipeline.bus.drain()
      return generated
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
  await writeOperatorState(
    pipeline.client,
    BACKFILL_STATE_KEY,
    JSON.stringify({ days, fromMs, toMs, snapshots: stats.snapshots, finishedAt: options.now }),
    Date.now(),
  )
  return summary
}

export async function backfillDone(client: ClickHouseClient): Promise<boolean> {
  return (await readOperatorState(client, BACKFILL_STATE_KEY)) !== null
}

/**
 * `ludex run`'s first start: on an empty store, the simulator's past BACKFILL_DAYS before live polling
 * begins (the API already answers, /readyz shows the progress). Recorded in `operator_state`, so a
 * restart does not backfill again.
 */
export async function firstStartBackfill(
  ctx: RoleContext,
  pipeline: BackfillTarget,
  model: PlatformModel | null,
): Promise<BackfillSummary | null> {
  const { config, logger, clock, readiness } = ctx
  if (await backfillDone(pipeline.client)) {
    readiness.set('backfill', { ok: true, detail: 'history already present' })
    return null
  }
  if (config.BACKFILL_DAYS === 0 || !model) {
    const detail = model ? 'disabled (BACKFILL_DAYS=0)' : 'no history source for the real platform'
    readiness.set('backfill', { ok: true, detail })
    return null
  }
  logger.info({ days: config.BACKFILL_DAYS }, 'empty data dir: backfilling history')
  const summary = await backfill({
    pipeline,
    model,
    days: config.BACKFILL_DAYS,
    now: clock.now(),
    logger,
    showProgress: true,
    signal: ctx.lifecycle.signal,
    onProgress: (fraction, phase) => {
      readiness.set('backfill', { ok: false, detail: `${phase} ${Math.floor(fraction * 100)}%` })
    },
  })
  readiness.set('backfill', {
    ok: true,
    detail: `${summary.stats.snapshots} snapshots over ${summary.days} days`,
  })
  logger.info(
    {
      snapshots: summary.stats.snapshots,
      snapshotsPerSecond: summary.snapshotsPerSecond,
      ingestMs: Math.round(summary.ingestMs),
      rebuildMs: Math.round(summary.rebuildMs),
    },
    'backfill finished',
  )
  return summary
}
