import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { averageStatRows, createHistoryStarts, placeStatRows, type RangeQuery } from '@ludex/api'
import { createMaterialiser, queryRows, type TableStorage, tableStorage, tables } from '@ludex/pipelines'
import { periodStart, quantileInclusive, TEN_MINUTES_MS, topics } from '@ludex/schemas'
import { historyBatches, type PlatformModel } from '@ludex/workers'
import type { Logger } from 'pino'
import { type BackfillSummary, backfill } from './backfill.ts'
import type { Pipeline } from './pipeline.ts'

/** The tag read: an average with quartiles over this many experiences (the tag of 200). */
export const TAG_PLACES = 200
/** Experiences the one-experience read rotates over, so no single place's granules stay hot. */
const SINGLE_PLACES = 20
/** Reads before the timed ones (the first loads marks and index into the engine's caches). */
const WARM_UP_READS = 3

export interface StorageBenchOptions {
  readonly pipeline: Pipeline
  readonly model: PlatformModel
  readonly days: number
  readonly now: number
  readonly logger: Logger
  /** Where the backfill's progress goes: a bar on a terminal, else a log line every few seconds. */
  readonly progressLogger: Logger
  /** The data dir the store is in, whose size on disk is measured. */
  readonly dataDir: string
  /** Timed reads of one experience's hourly CCU (the tag read runs a fifth as many). */
  readonly readRuns: number
  /** Timed passes of the materialiser over the live slot. */
  readonly slotRuns: number
  /** OPTIMIZE … FINAL the tables first, so sizes are those of fully merged parts. */
  readonly optimize: boolean
}

export interface Quantiles {
  readonly p50: number
  readonly p95: number
}

export interface StorageBenchFigures {
  readonly backfill: BackfillSummary
  /** The live slot: publish to drained (sink inserts), then each materialiser pass over it, seconds. */
  readonly slotIngestSeconds: number
  readonly slotMaterialiseSeconds: readonly number[]
  /** Seconds of OPTIMIZE … FINAL, when asked for. */
  readonly optimizeSeconds: number | null
  readonly tables: readonly TableStorage[]
  /** Bytes of the data dir's ClickHouse files. */
  readonly diskBytes: number
  /** One experience's hourly CCU over the whole range, and a 200-experience hourly average, ms. */
  readonly hourlyCcuMs: Quantiles
  readonly tagAverageMs: Quantiles
  readonly rangeDays: number
}

/** Bytes of every file under `dir`; a file that goes while it is walked (a merge's leftover) counts 0. */
export async function directoryBytes(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = await stat(join(entry.parentPath, entry.name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null
      throw err
    })
    total += file?.size ?? 0
  }
  return total
}

function quantiles(ms: readonly number[]): Quantiles {
  return { p50: quantileInclusive(ms, 0.5) ?? 0, p95: quantileInclusive(ms, 0.95) ?? 0 }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

/**
 * One more slot of every experience after the backfill, as live polls bring it (snapshots and the
 * platform total), through the bus and the sink; then the materialiser's own pass over it
 * (createMaterialiser: markDirty, runNow), `runs` times: the figure that must stay under the 10
 * minutes a slot lasts (issue 19.3: under 60 s at 100,000).
 */
async function liveSlot(
  options: StorageBenchOptions,
  slot: number,
  runs: number,
): Promise<{ ingestSeconds: number; materialiseSeconds: number[] }> {
  const { pipeline, model, logger } = options
  const ingestMs = await timed(async () => {
    for (const batch of historyBatches(model, { fromMs: slot, toMs: slot + TEN_MINUTES_MS })) {
      await pipeline.bus.publish(topics.snapshots, batch.snapshots)
      await pipeline.bus.publish(topics.platform, batch.platform)
    }
    await pipeline.bus.drain()
  })
  const materialiser = createMaterialiser({
    client: pipeline.client,
    logger,
    clock: { now: () => Date.now() },
  })
  const materialiseSeconds: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      materialiseSeconds.push(
        (await timed(async () => {
          materialiser.markDirty(slot, slot)
          await materialiser.runNow()
        })) / 1000,
      )
    }
  } finally {
    await materialiser.stop()
  }
  return { ingestSeconds: ingestMs / 1000, materialiseSeconds }
}

/** The tables that grow with experiences or time, merged whole (parts of one partition into one). */
const OPTIMIZED = [
  tables.placeSnapshots,
  tables.placeRollups,
  tables.placeLatest,
  tables.dailyRanks,
  tables.chartPositions,
  tables.genreDistribution,
]

/**
 * Reads through the API's own queries (placeStatRows, averageStatRows, with the history starts kept as
 * the API keeps them): one experience's hourly CCU over the whole stored range, rotating over a few
 * experiences, and the hourly average with quartiles of 200.
 */
async function reads(
  options: StorageBenchOptions,
  range: { fromMs: number; toMs: number },
): Promise<{ hourly: Quantiles; tag: Quantiles }> {
  const { pipeline, logger } = options
  const ids = (
    await queryRows<{ place_id: number }>(pipeline.client, {
      what: 'bench places',
      query: `SELECT place_id FROM ${tables.placeLatest} FINAL ORDER BY cityHash64(place_id) LIMIT {n:UInt32}`,
      params: { n: TAG_PLACES },
      int64: ['place_id'],
    })
  ).map((r) => r.place_id)
  const store = {
    clickhouse: pipeline.client,
    logger,
    historyStarts: createHistoryStarts({ store: { clickhouse: pipeline.client, logger }, now: Date.now }),
  }
  const query = (placeIds: readonly number[]): RangeQuery => ({
    granularity: 'hour',
    placeIds,
    fromMs: periodStart(range.fromMs, 'hour'),
    toMs: range.toMs,
    inProgressMs: periodStart(range.toMs, 'hour'),
  })
  const single = ids.slice(0, SINGLE_PLACES)
  const hourly: number[] = []
  for (let i = 0; i < WARM_UP_READS + options.readRuns; i++) {
    const id = single[i % single.length] ?? 0
    const ms = await timed(() => placeStatRows(store, 'ccus', query([id])))
    if (i >= WARM_UP_READS) hourly.push(ms)
  }
  const tag: number[] = []
  const tagRuns = Math.max(1, Math.round(options.readRuns / 5))
  for (let i = 0; i < WARM_UP_READS + tagRuns; i++) {
    const ms = await timed(() =>
      averageStatRows(store, 'ccus', { ...query(ids), includeZeros: false, withPercentiles: true }),
    )
    if (i >= WARM_UP_READS) tag.push(ms)
  }
  return { hourly: quantiles(hourly), tag: quantiles(tag) }
}

/**
 * `ludex bench-storage`: a backfill into a fresh embedded store (the simulator's series), a live slot
 * after it through the sink and the materialiser, the store's size per table and on disk, and the
 * API's reads of one experience and of a tag.
 */
export async function benchStorage(options: StorageBenchOptions): Promise<StorageBenchFigures> {
  const { pipeline, model, days, now, progressLogger } = options
  const summary = await backfill({
    pipeline,
    model,
    days,
    now,
    logger: progressLogger,
    showProgress: true,
  })
  progressLogger.info({ seconds: Math.round(summary.ingestMs / 1000) }, 'backfill done; the live slot next')
  const slot = summary.toMs
  const live = await liveSlot(options, slot, options.slotRuns)
  let optimizeSeconds: number | null = null
  if (options.optimize) {
    progressLogger.info('OPTIMIZE … FINAL')
    optimizeSeconds =
      (await timed(async () => {
        for (const table of OPTIMIZED)
          await pipeline.client.command({ query: `OPTIMIZE TABLE ${table} FINAL` })
      })) / 1000
  }
  const sizes = await tableStorage(pipeline.client)
  const diskBytes = await directoryBytes(join(options.dataDir, 'clickhouse'))
  progressLogger.info('reads')
  const range = { fromMs: summary.fromMs, toMs: slot }
  const { hourly, tag } = await reads(options, range)
  return {
    backfill: summary,
    slotIngestSeconds: live.ingestSeconds,
    slotMaterialiseSeconds: live.materialiseSeconds,
    optimizeSeconds,
    tables: sizes,
    diskBytes,
    hourlyCcuMs: hourly,
    tagAverageMs: tag,
    rangeDays: (range.toMs - range.fromMs) / 86_400_000,
  }
}
