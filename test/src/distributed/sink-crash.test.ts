import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ClickHouseClient, createClient } from '@clickhouse/client'
import type { KafkaBus } from '@ludex/pipelines/kafka'
import { waitFor } from '@ludex/schemas/testing'
import { createPlatformModel, DAY_MS } from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  migrateShape,
  publishHistory,
  readMetric,
  type ShapeEngines,
  shapeBus,
  sinkLag,
  startShapeEngines,
} from '../harness/distributed-shape.ts'
import { killAllLudex, spawnLudex } from '../harness/ludex-process.ts'

/**
 * `kill -9` of a sink process mid-stream, then a restart, loses nothing and changes no value. One fixed
 * history is published once to a Kafka broker and consumed twice, by two consumer groups into two
 * databases of one ClickHouse server: `calm` by a sink left alone, `crash` by a sink SIGKILLed while
 * it inserts and started again. Each database has its own materialiser process following its insert
 * log. Afterwards every raw and materialised table of both must hold the same rows.
 */
const MODEL = { seed: 31_337, experiences: 80 }
// A fixed past range: every day of it is closed, so nothing materialised depends on when the test runs.
const TO_MS = Date.UTC(2026, 9, 3, 0, 0)
const RANGE = { fromMs: TO_MS - 2 * DAY_MS, toMs: TO_MS }

/** Row count and a content hash of every stored table (columns stamped with the wall clock left out). */
async function fingerprint(client: ClickHouseClient): Promise<Record<string, { n: number; h: string }>> {
  const rows = async <T>(query: string) => (await client.query({ query, format: 'JSONEachRow' })).json<T>()
  const tables = await rows<{ name: string; engine: string }>(
    // insert_log is the sinks' record of their batches: a redelivered batch is logged again by design.
    // operator_state holds the materialiser's cursor, a position in that database's own insert log.
    `SELECT name, engine FROM system.tables WHERE database = currentDatabase()
       AND engine NOT LIKE '%View' AND name NOT IN ('insert_log', 'operator_state') ORDER BY name`,
  )
  const out: Record<string, { n: number; h: string }> = {}
  for (const t of tables) {
    const columns = await rows<{ name: string }>(
      `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = '${t.name}'
         AND name NOT IN ('computed_at', 'applied_at', 'updated_at') ORDER BY position`,
    )
    const final = /Replacing|Collapsing|Aggregating|Summing/.test(t.engine) ? 'FINAL' : ''
    const hashed = columns.map((c) => `toString(\`${c.name}\`)`).join(', ')
    const [row] = await rows<{ n: number | string; h: string }>(
      `SELECT count() AS n, toString(sum(cityHash64(${hashed}))) AS h FROM \`${t.name}\` ${final}`,
    )
    out[t.name] = { n: Number(row!.n), h: row!.h }
  }
  return out
}

describe('a sink process killed with SIGKILL mid-stream and restarted', () => {
  let engines: ShapeEngines | undefined
  let dataDir: string
  const clients: ClickHouseClient[] = []
  const buses: KafkaBus[] = []

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-sink-crash-'))
    engines = await startShapeEngines()
  })
  afterAll(async () => {
    await killAllLudex()
    await Promise.allSettled([...clients.map((c) => c.close()), ...buses.map((b) => b.close())])
    await engines?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('leaves every raw and rollup table as an undisturbed sink does', async () => {
    const base = {
      ...engines!.env,
      LUDEX_DATA_DIR: dataDir,
      HEALTH_PORT: '0',
      KAFKA_TOPIC_PARTITIONS: '3',
      // Small batches: many inserts and commits, so the kill lands between some of them.
      SINK_BATCH_MAX: '500',
      SINK_BATCH_WAIT_MS: '20',
      INSERT_LOG_POLL_MS: '300',
      // The killed consumer's partitions move to its successor once its session expires.
      KAFKA_SESSION_TIMEOUT_MS: '3000',
      KAFKA_HEARTBEAT_INTERVAL_MS: '500',
    }
    const calmEnv = { ...base, CLICKHOUSE_DATABASE: 'calm', KAFKA_GROUP_PREFIX: 'calm.' }
    const crashEnv = { ...base, CLICKHOUSE_DATABASE: 'crash', KAFKA_GROUP_PREFIX: 'crash.' }

    // The topics and the first database, then the second database while the history is published.
    await migrateShape(calmEnv)
    const producer = shapeBus(base)
    buses.push(producer)
    const [, history] = await Promise.all([
      migrateShape(crashEnv),
      publishHistory(producer, createPlatformModel(MODEL), RANGE),
    ])
    expect(history.snapshots).toBeGreaterThan(20_000)

    const [calmSink, calmMaterialiser, crashSink, crashMaterialiser] = await Promise.all([
      spawnLudex(['sink'], calmEnv),
      spawnLudex(['materialiser'], calmEnv),
      spawnLudex(['sink'], crashEnv),
      spawnLudex(['materialiser'], crashEnv),
    ])
    const crashStore = createClient({ url: engines!.env.CLICKHOUSE_URL, database: 'crash' })
    const calmStore = createClient({ url: engines!.env.CLICKHOUSE_URL, database: 'calm' })
    clients.push(crashStore, calmStore)
    const count = async (store: ClickHouseClient, sql: string) => {
      const rs = await store.query({ query: `SELECT toString((${sql})) AS n`, format: 'JSONEachRow' })
      return Number((await rs.json<{ n: string }>())[0]?.n)
    }

    // SIGKILL once a quarter of the snapshots went in: no drain, no commit of what is in flight.
    await waitFor(
      'the crash sink inserting',
      async () => {
        const rows = await readMetric(crashSink.healthUrl, 'ludex_sink_inserted_rows_total', {
          topic: 'snapshots.v1',
        })
        return rows >= history.snapshots / 4 ? rows : undefined
      },
      { timeoutMs: 60_000, everyMs: 25 },
    )
    const killed = await crashSink.stop('SIGKILL')
    expect(killed.signal).toBe('SIGKILL')
    const atKill = await count(crashStore, 'SELECT count() FROM place_snapshots FINAL')
    // The kill was mid-stream: part of the history was stored, not all of it.
    expect(atKill).toBeGreaterThan(0)
    expect(atKill).toBeLessThan(history.snapshots)

    const restarted = await spawnLudex(['sink'], crashEnv)

    // Both groups read to the end of every topic, then both sinks stop cleanly.
    const calmLag = shapeBus(calmEnv)
    const crashLag = shapeBus(crashEnv)
    buses.push(calmLag, crashLag)
    await waitFor('both sinks caught up', async () =>
      (await sinkLag(calmLag)) === 0 && (await sinkLag(crashLag)) === 0 ? true : undefined,
    )
    for (const sink of [calmSink, restarted]) expect((await sink.stop()).code).toBe(0)

    // Each materialiser has read its whole insert log; on SIGTERM it runs what is pending, then exits.
    for (const [materialiser, store] of [
      [calmMaterialiser, calmStore],
      [crashMaterialiser, crashStore],
    ] as const) {
      await waitFor('the materialiser read the whole insert log', async () => {
        const logged = await count(store, 'SELECT count() FROM insert_log')
        const read = await readMetric(materialiser.healthUrl, 'ludex_materialiser_ranges_total')
        return read === logged ? true : undefined
      })
      expect((await materialiser.stop()).code).toBe(0)
    }

    // The crashed run re-inserted at least what it had not acknowledged (the log counts every batch).
    const loggedRows = (store: ClickHouseClient) =>
      count(store, "SELECT sum(rows) FROM insert_log WHERE topic = 'snapshots.v1'")
    const [calmLogged, crashLogged] = [await loggedRows(calmStore), await loggedRows(crashStore)]
    expect(calmLogged).toBe(history.snapshots)
    expect(crashLogged).toBeGreaterThanOrEqual(history.snapshots)
    console.log(
      `sink crash: killed at ${atKill}/${history.snapshots} snapshots stored; ${crashLogged - calmLogged} snapshot rows inserted and logged a second time after the restart`,
    )

    const calm = await fingerprint(calmStore)
    const crash = await fingerprint(crashStore)
    expect(calm.place_snapshots?.n).toBe(history.snapshots)
    expect(calm.place_rollups?.n).toBeGreaterThan(0)
    expect(calm.dead_letters?.n).toBe(0)
    // The comparison covers the raw tables and the materialised ones, with data in most of them.
    expect(Object.values(calm).filter((t) => t.n > 0).length).toBeGreaterThan(8)
    expect(crash).toEqual(calm)
  })
})
