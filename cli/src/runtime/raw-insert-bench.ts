import type { ClickHouseClient } from '@clickhouse/client'
import { chartRows, insertTsv, snapshotRows } from '@ludex/pipelines'
import { queryRows, tables } from '@ludex/pipelines/store'
import type { ChartSortSnapshotV1, PlaceSnapshotV1 } from '@ludex/schemas'
import { historyBatches, type PlatformModel } from '@ludex/workers'

/**
 * Twins of the tables a backfill fills in bulk (place_snapshots with place_latest and its view, and
 * chart_positions), created for the measurement and dropped after it: the same columns, engine, keys and
 * codecs (CREATE TABLE … AS), and the same view, so a raw insert does the storage work the sink's does.
 */
const RAW_SNAPSHOTS = 'bench_raw_place_snapshots'
const RAW_LATEST = 'bench_raw_place_latest'
const RAW_LATEST_VIEW = 'bench_raw_place_latest_mv'
const RAW_CHARTS = 'bench_raw_chart_positions'

export interface RawInsertOptions {
  readonly client: ClickHouseClient
  readonly model: PlatformModel
  readonly fromMs: number
  readonly toMs: number
  /** Rows per insert: the sink's SINK_BATCH_MAX. */
  readonly batchRows: number
}

export interface RawInsertFigures {
  readonly snapshots: number
  /** Rows of chart_positions (one per entry of each chart sort), inserted beside the snapshots. */
  readonly chartRows: number
  readonly inserts: number
  /** The simulator producing the snapshot messages (outside the raw figure). */
  readonly generateMs: number
  /** The sink's TabSeparated encoding of them (outside the raw figure). */
  readonly encodeMs: number
  /** The inserts alone: the raw figure's time. */
  readonly insertMs: number
  /** The part of insertMs spent on the snapshots' inserts. */
  readonly snapshotInsertMs: number
  readonly snapshotsPerSecond: number
}

/**
 * The engine's insert of prepared rows, for `ludex bench`'s ingest_embedded_vs_raw: the rows a backfill
 * of [fromMs, toMs) writes in bulk — its snapshots and its chart positions, over 99% of its rows —
 * encoded by the sink's own encoders into the sink's format and inserted by the sink's own insert call
 * (same settings) into twins of the sink's tables: snapshots in batches of the sink's size, chart
 * positions one insert per generated batch, as the sink receives them. Only the inserts are timed;
 * generation and encoding are timed apart and reported, not counted. What the embedded figure adds to
 * this is the pipeline: generation, validation at publish, the bus, encoding, the small metadata
 * tables, and the overlap of all of it with the engine on the same cores.
 */
export async function benchRawInsert(options: RawInsertOptions): Promise<RawInsertFigures> {
  const { client, batchRows } = options
  await dropTwins(client)
  await createTwins(client)
  let generateMs = 0
  let encodeMs = 0
  let snapshotInsertMs = 0
  let chartInsertMs = 0
  let snapshots = 0
  let charts = 0
  let inserts = 0
  const insertSnapshots = async (batch: readonly PlaceSnapshotV1[]) => {
    const encodeStarted = performance.now()
    const rows = snapshotRows(batch)
    const insertStarted = performance.now()
    await insertTsv(client, RAW_SNAPSHOTS, rows)
    encodeMs += insertStarted - encodeStarted
    snapshotInsertMs += performance.now() - insertStarted
    snapshots += batch.length
    inserts++
  }
  const insertCharts = async (batch: readonly ChartSortSnapshotV1[]) => {
    const encodeStarted = performance.now()
    const rows = chartRows(batch)
    const insertStarted = performance.now()
    await insertTsv(client, RAW_CHARTS, rows)
    encodeMs += insertStarted - encodeStarted
    chartInsertMs += performance.now() - insertStarted
    charts += rows.count
    if (rows.count > 0) inserts++
  }
  try {
    const history = historyBatches(options.model, { fromMs: options.fromMs, toMs: options.toMs })
    let pending: PlaceSnapshotV1[] = []
    for (;;) {
      const started = performance.now()
      const next = history.next()
      generateMs += performance.now() - started
      if (next.done) break
      pending = pending.length === 0 ? next.value.snapshots : pending.concat(next.value.snapshots)
      while (pending.length >= batchRows) {
        await insertSnapshots(pending.slice(0, batchRows))
        pending = pending.slice(batchRows)
      }
      await insertCharts(next.value.charts)
    }
    if (pending.length > 0) await insertSnapshots(pending)
  } finally {
    await dropTwins(client)
  }
  const insertMs = snapshotInsertMs + chartInsertMs
  return {
    snapshots,
    chartRows: charts,
    inserts,
    generateMs,
    encodeMs,
    insertMs,
    snapshotInsertMs,
    snapshotsPerSecond: Math.round(snapshots / (insertMs / 1000)),
  }
}

async function createTwins(client: ClickHouseClient): Promise<void> {
  await client.command({ query: `CREATE TABLE ${RAW_SNAPSHOTS} AS ${tables.placeSnapshots}` })
  await client.command({ query: `CREATE TABLE ${RAW_LATEST} AS ${tables.placeLatest}` })
  await client.command({ query: `CREATE TABLE ${RAW_CHARTS} AS ${tables.chartPositions}` })
  // The view's SELECT as the migrations made it, reading the twin instead of place_snapshots.
  const [view] = await queryRows<{ as_select: string }>(client, {
    what: 'place_latest_mv definition',
    query: `SELECT as_select FROM system.tables WHERE database = currentDatabase() AND name = {name:String}`,
    params: { name: tables.placeLatestMv },
  })
  const source = new RegExp(`\\b(?:\\w+\\.)?${tables.placeSnapshots}\\b`, 'g')
  const select = view?.as_select.replace(source, RAW_SNAPSHOTS)
  if (!view || select === view.as_select) {
    throw new Error(`cannot read ${tables.placeLatestMv}'s SELECT on ${tables.placeSnapshots}`)
  }
  await client.command({
    query: `CREATE MATERIALIZED VIEW ${RAW_LATEST_VIEW} TO ${RAW_LATEST} AS ${select}`,
  })
}

async function dropTwins(client: ClickHouseClient): Promise<void> {
  for (const table of [RAW_LATEST_VIEW, RAW_LATEST, RAW_SNAPSHOTS, RAW_CHARTS]) {
    await client.command({ query: `DROP TABLE IF EXISTS ${table} SYNC` })
  }
}
