import type { ClickHouseClient } from '@clickhouse/client'
import {
  chartRows,
  creatorRows,
  dailyPicksRows,
  insertJson,
  insertTsv,
  type JsonRow,
  metadataTableRows,
  platformRows,
  snapshotRows,
  type TsvRows,
} from '@ludex/pipelines'
import { queryRows, tables } from '@ludex/pipelines/store'
import type { PlaceSnapshotV1 } from '@ludex/schemas'
import { type HistoryBatch, historyBatches, type PlatformModel } from '@ludex/workers'

/**
 * Twins of every table a backfill writes, created for the measurement and dropped after it: the same
 * columns, engine, keys and codecs (CREATE TABLE … AS), and place_latest_mv's SELECT on the twin of
 * place_snapshots, so a raw insert does the storage work the sink's does.
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
  /** The part of insertMs spent on the snapshots' inserts. */
  readonly snapshotInsertMs: number
  readonly snapshotsPerSecond: number
}

/**
 * The engine's insert of prepared rows, for `ludex bench`'s ingest_embedded_vs_raw: every row a backfill
 * of [fromMs, toMs) writes, encoded by the sink's own encoders into the sink's formats and inserted by
 * the sink's own insert calls (same settings) into twins of the sink's tables — snapshots in batches of
 * the sink's size, every other table one insert per generated batch, as the sink receives them. Only
 * the inserts are timed; generation and encoding are timed apart and reported, not counted. What the
 * embedded figure adds to this is the pipeline: generation, validation at publish, the bus, encoding,
 * and the overlap of all of it with the engine on the same cores.
 */
export async function benchRawInsert(options: RawInsertOptions): Promise<RawInsertFigures> {
  const { client, batchRows } = options
  await dropTwins(client)
  await createTwins(client)
  const t = { generateMs: 0, encodeMs: 0, snapshotInsertMs: 0, otherInsertMs: 0 }
  const n = { snapshots: 0, otherRows: 0, inserts: 0 }
  /** Encodes (timed apart), then inserts one table's rows with the sink's call for their format. */
  const insert = async (table: string, encode: () => TsvRows | JsonRow[]) => {
    const encodeStarted = performance.now()
    const rows = encode()
    const insertStarted = performance.now()
    t.encodeMs += insertStarted - encodeStarted
    const count = Array.isArray(rows) ? rows.length : rows.count
    if (count === 0) return { ms: 0, count }
    if (Array.isArray(rows)) await insertJson(client, twin(table), rows)
    else await insertTsv(client, twin(table), rows)
    n.inserts++
    return { ms: performance.now() - insertStarted, count }
  }
  const insertSnapshots = async (batch: readonly PlaceSnapshotV1[]) => {
    const done = await insert(tables.placeSnapshots, () => snapshotRows(batch))
    t.snapshotInsertMs += done.ms
    n.snapshots += done.count
  }
  const insertOthers = async (batch: HistoryBatch) => {
    const encodeStarted = performance.now()
    const metadata = metadataTableRows(batch.metadata)
    t.encodeMs += performance.now() - encodeStarted
    const parts: ReadonlyArray<readonly [string, () => TsvRows | JsonRow[]]> = [
      [tables.chartPositions, () => chartRows(batch.charts)],
      [tables.creators, () => creatorRows(batch.creators)],
      ...metadata.map(([table, rows]) => [table, () => rows] as const),
      [tables.dailyPicks, () => dailyPicksRows(batch.dailyPicks)],
      [tables.platformCcu, () => platformRows(batch.platform)],
    ]
    for (const [table, encode] of parts) {
      const done = await insert(table, encode)
      t.otherInsertMs += done.ms
      n.otherRows += done.count
    }
  }
  try {
    const history = historyBatches(options.model, { fromMs: options.fromMs, toMs: options.toMs })
    let pending: PlaceSnapshotV1[] = []
    for (;;) {
      const started = performance.now()
      const next = history.next()
      t.generateMs += performance.now() - started
      if (next.done) break
      pending = pending.length === 0 ? next.value.snapshots : pending.concat(next.value.snapshots)
      while (pending.length >= batchRows) {
        await insertSnapshots(pending.slice(0, batchRows))
        pending = pending.slice(batchRows)
      }
      await insertOthers(next.value)
    }
    if (pending.length > 0) await insertSnapshots(pending)
  } finally {
    await dropTwins(client)
  }
  const insertMs = t.snapshotInsertMs + t.otherInsertMs
  return {
    ...n,
    generateMs: t.generateMs,
    encodeMs: t.encodeMs,
    insertMs,
    snapshotInsertMs: t.snapshotInsertMs,
    snapshotsPerSecond: Math.round(n.snapshots / (insertMs / 1000)),
  }
}

async function createTwins(client: ClickHouseClient): Promise<void> {
  for (const table of TWINNED) {
    await client.command({ query: `CREATE TABLE ${twin(table)} AS ${table}` })
  }
  // The view's SELECT as the migrations made it, reading the twin instead of place_snapshots.
  const [view] = await queryRows<{ as_select: string }>(client, {
    what: 'place_latest_mv definition',
    query: `SELECT as_select FROM system.tables WHERE database = currentDatabase() AND name = {name:String}`,
    params: { name: tables.placeLatestMv },
  })
  const source = new RegExp(`\\b(?:\\w+\\.)?${tables.placeSnapshots}\\b`, 'g')
  const select = view?.as_select.replace(source, twin(tables.placeSnapshots))
  if (!view || select === view.as_select) {
    throw new Error(`cannot read ${tables.placeLatestMv}'s SELECT on ${tables.placeSnapshots}`)
  }
  await client.command({
    query: `CREATE MATERIALIZED VIEW ${twin(tables.placeLatestMv)} TO ${twin(tables.placeLatest)} AS ${select}`,
  })
}

async function dropTwins(client: ClickHouseClient): Promise<void> {
  for (const table of [tables.placeLatestMv, ...TWINNED]) {
    await client.command({ query: `DROP TABLE IF EXISTS ${twin(table)} SYNC` })
  }
}
