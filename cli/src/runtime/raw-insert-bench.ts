import type { ClickHouseClient } from '@clickhouse/client'
import {
  chartRows,
  creatorRows,
  dailyPicksRows,
  insertJson,
  insertTsv,
  type JsonRow,
  latestRows,
  metadataTableRows,
  platformRows,
  snapshotRows,
  type TsvRows,
} from '@ludex/pipelines'
import { tables } from '@ludex/pipelines/store'
import type { PlaceSnapshotV1 } from '@ludex/schemas'
import { type HistoryBatch, historyBatches, type PlatformModel } from '@ludex/workers'

/**
 * Twins of every table a backfill writes, created for the measurement and dropped after it: the same
 * columns, engine, keys and codecs (CREATE TABLE … AS), so a raw insert does the storage work the sink's does.
 */
const twin = (table: string) => `bench_raw_${table}`
const TWINNED = [
  tables.placeSnapshots,
  tables.placeLatest,
  tables.chartPositions,
  tables.creators,
  tables.placeDetails,
  tables.placeThumbnails,
  tables.placeAgeRatings,
  tables.placePlayStatus,
  tables.placeRestrictions,
  tables.dailyPicks,
  tables.platformCcu,
] as const

export interface RawInsertOptions {
  readonly client: ClickHouseClient
  readonly model: PlatformModel
  readonly fromMs: number
  readonly toMs: number
  /** Rows per snapshot insert: the sink's SINK_BATCH_MAX. */
  readonly batchRows: number
}

export interface RawInsertFigures {
  readonly snapshots: number
  /** Rows of every other table (chart positions, metadata, creators, picks, platform totals). */
  readonly otherRows: number
  readonly inserts: number
  /** The simulator producing the messages (outside the raw figure). */
  readonly generateMs: number
  /** The sink's encoding of them into rows (outside the raw figure). */
  readonly encodeMs: number
  /** The inserts alone: the raw figure's time. */
  readonly insertMs: number
  /** The part of insertMs spent on the snapshots' lane (their inserts and place_latest's). */
  readonly snapshotInsertMs: number
  readonly snapshotsPerSecond: number
}

/** Snapshot batches prepared per window: enough to keep both lanes busy, little enough to hold (~60 MB). */
const WINDOW_BATCHES = 10

/** One prepared insert: a table's rows, already encoded. */
type Prepared = readonly [table: string, rows: TsvRows | JsonRow[]]

/**
 * The engine's insert of prepared rows, for `ludex bench`'s ingest_embedded_vs_raw: every row a backfill
 * of [fromMs, toMs) writes, encoded by the sink's own encoders into the sink's formats and inserted by
 * the sink's own insert calls (same settings) into twins of the sink's tables — snapshots in batches of
 * the sink's size, every other table one insert per generated batch, as the sink receives them.
 *
 * The rows are generated and encoded a window at a time outside the clock (timed apart and reported,
 * not counted); then the window's inserts run on two lanes at once, the snapshots on one and the other
 * tables in order on the other, as the sink's consumer groups run beside each other, so the engine gets
 * the same concurrency it gets from the sink. The figure's time is the wall time of those insert phases.
 * What the embedded figure adds to this is the pipeline: generation, validation at publish, the bus,
 * encoding, and the overlap of all of it with the engine on the same cores.
 */
export async function benchRawInsert(options: RawInsertOptions): Promise<RawInsertFigures> {
  const { client, batchRows } = options
  await dropTwins(client)
  await createTwins(client)
  const t = { generateMs: 0, encodeMs: 0, insertMs: 0, snapshotInsertMs: 0 }
  const n = { snapshots: 0, otherRows: 0, inserts: 0 }
  /** Inserts a lane's prepared rows one after the other; resolves with the lane's wall time. */
  const lane = async (inserts: readonly Prepared[]) => {
    const started = performance.now()
    for (const [table, rows] of inserts) {
      if (Array.isArray(rows)) await insertJson(client, twin(table), rows)
      else await insertTsv(client, twin(table), rows)
    }
    return performance.now() - started
  }
  const insertWindow = async (snapshots: readonly Prepared[], others: readonly Prepared[]) => {
    const started = performance.now()
    const [snapshotMs] = await Promise.all([lane(snapshots), lane(others)])
    t.insertMs += performance.now() - started
    t.snapshotInsertMs += snapshotMs
  }
  try {
    const history = historyBatches(options.model, { fromMs: options.fromMs, toMs: options.toMs })
    let pending: PlaceSnapshotV1[] = []
    let snapshotInserts: Prepared[] = []
    let otherInserts: Prepared[] = []
    const prepareSnapshots = (batch: readonly PlaceSnapshotV1[]) => {
      const started = performance.now()
      // place_latest's rows follow each batch's snapshots on their lane, as in the sink's handler.
      snapshotInserts.push(
        [tables.placeSnapshots, snapshotRows(batch)],
        [tables.placeLatest, latestRows(batch)],
      )
      t.encodeMs += performance.now() - started
      n.snapshots += batch.length
    }
    /** The other tables' rows of a generated batch, in the order the sink's handlers write them. */
    const prepareOthers = (batch: HistoryBatch) => {
      const started = performance.now()
      const prepared: Prepared[] = [
        [tables.chartPositions, chartRows(batch.charts)],
        [tables.creators, creatorRows(batch.creators)],
        ...metadataTableRows(batch.metadata),
        [tables.dailyPicks, dailyPicksRows(batch.dailyPicks)],
        [tables.platformCcu, platformRows(batch.platform)],
      ]
      t.encodeMs += performance.now() - started
      for (const [table, rows] of prepared) {
        const count = Array.isArray(rows) ? rows.length : rows.count
        if (count === 0) continue
        otherInserts.push([table, rows])
        n.otherRows += count
      }
    }
    const flush = async () => {
      n.inserts += snapshotInserts.length + otherInserts.length
      await insertWindow(snapshotInserts, otherInserts)
      snapshotInserts = []
      otherInserts = []
    }
    for (;;) {
      const started = performance.now()
      const next = history.next()
      t.generateMs += performance.now() - started
      if (next.done) break
      pending = pending.length === 0 ? next.value.snapshots : pending.concat(next.value.snapshots)
      while (pending.length >= batchRows) {
        prepareSnapshots(pending.slice(0, batchRows))
        pending = pending.slice(batchRows)
      }
      prepareOthers(next.value)
      // Two inserts a batch on the snapshots' lane: its snapshots and its place_latest rows.
      if (snapshotInserts.length >= 2 * WINDOW_BATCHES) await flush()
    }
    if (pending.length > 0) prepareSnapshots(pending)
    await flush()
  } finally {
    await dropTwins(client)
  }
  return {
    ...n,
    generateMs: t.generateMs,
    encodeMs: t.encodeMs,
    insertMs: t.insertMs,
    snapshotInsertMs: t.snapshotInsertMs,
    snapshotsPerSecond: Math.round(n.snapshots / (t.insertMs / 1000)),
  }
}

async function createTwins(client: ClickHouseClient): Promise<void> {
  for (const table of TWINNED) {
    await client.command({ query: `CREATE TABLE ${twin(table)} AS ${table}` })
  }
}

async function dropTwins(client: ClickHouseClient): Promise<void> {
  for (const table of TWINNED) {
    await client.command({ query: `DROP TABLE IF EXISTS ${twin(table)} SYNC` })
  }
}
