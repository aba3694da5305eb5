import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ClickHouseClient, createClient } from '@clickhouse/client'
import {
  PARTIAL_FROM_HEADER,
  roundAverageCcu,
  slimExperienceList,
  statsResponse,
  TEN_MINUTES_MS,
} from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import { capturedPlacesAt, createPlatformModel, sampleAt, snapSlot } from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  migrateShape,
  readMetric,
  type ShapeEngines,
  startShapeEngines,
} from '../harness/distributed-shape.ts'
import { killAllLudex, type LudexProcess, spawnLudex } from '../harness/ludex-process.ts'

/**
 * The distributed shape end to end, every role its own `node bin/ludex.mjs <role>` process on the real
 * engines: the scheduler keeps BullMQ job schedulers in redis-server, the poller runs their jobs against
 * the simulator and publishes to a Kafka broker, the sink consumes Kafka into the ClickHouse server (the
 * HTTP harness), the materialiser follows the sink's insert log, and the API reads the server. What
 * a poll of the current 10-minute slot observed must come out of the API, with its rollups.
 */
const SEED = 4242
const EXPERIENCES = 30

describe('poll → Kafka → sink → ClickHouse → API, one process per role', () => {
  let engines: ShapeEngines | undefined
  let dataDir: string
  let store: ClickHouseClient
  const roles: Record<string, LudexProcess> = {}
  const model = createPlatformModel({ seed: SEED, experiences: EXPERIENCES })

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-shape-'))
    engines = await startShapeEngines({ redis: true })
    const env = {
      ...engines.env,
      // Nothing of the analytics store is local; the API keeps its app database (PGlite) here.
      LUDEX_DATA_DIR: dataDir,
      HEALTH_PORT: '0',
      PORT: '0',
      SIMULATOR_SEED: String(SEED),
      SIMULATOR_EXPERIENCES: String(EXPERIENCES),
      SIMULATOR_FAULT_RATE: '0',
      ROBLOX_HOST_INTERVAL_MS: '0',
      POLL_INTERVAL_MS: '3000',
      KAFKA_TOPIC_PARTITIONS: '3',
      INSERT_LOG_POLL_MS: '300',
      SINK_BATCH_WAIT_MS: '50',
    }
    await migrateShape(env)
    // Started together: each waits for its engines, none for another role.
    const started = await Promise.all(
      (['scheduler', 'poller', 'sink', 'materialiser', 'api'] as const).map(
        async (role) => [role, await spawnLudex([role], env)] as const,
      ),
    )
    for (const [role, p] of started) roles[role] = p
    store = createClient({ url: engines.env.CLICKHOUSE_URL, database: 'ludex' })
  })

  afterAll(async () => {
    await store?.close()
    await killAllLudex()
    await engines?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  async function query<T>(sql: string, params: Record<string, unknown> = {}): Promise<T[]> {
    return (await store.query({ query: sql, query_params: params, format: 'JSONEachRow' })).json<T>()
  }

  it('serves the current slot as the simulator showed it, and its hourly rollups', async () => {
    // Every tracked place has a snapshot of the slot current now, and its details, in the server.
    let lastSeen = {}
    const { slot, places } = await waitFor(
      'every place polled into ClickHouse for the current slot',
      async () => {
        const slot = snapSlot(Date.now())
        // Of these 30, two take turns at being restricted (no snapshot of the slot), a third of the time.
        const places = capturedPlacesAt(model, slot)
        const [row] = await query<{ polled: string[]; named: string[] }>(
          `SELECT (SELECT groupArray(toString(place_id)) FROM place_snapshots FINAL
                    WHERE slot = fromUnixTimestamp({s:UInt32})) AS polled,
                  (SELECT groupUniqArray(toString(place_id)) FROM place_details) AS named`,
          { s: slot / 1000 },
        )
        const polled = new Set(row?.polled)
        const named = new Set(row?.named)
        lastSeen = {
          slot: new Date(slot).toISOString(),
          places: places.length,
          polled: places.filter((p) => polled.has(String(p.placeId))).length,
          named: places.filter((p) => named.has(String(p.placeId))).length,
        }
        return places.every((p) => polled.has(String(p.placeId)) && named.has(String(p.placeId)))
          ? { slot, places }
          : undefined
      },
      { timeoutMs: 60_000 },
    ).catch((err) => {
      // What the roles on the way did, so a run that misses the slot says where it stopped.
      const tails = (['scheduler', 'poller', 'sink'] as const).map((role) => {
        const { stdout, stderr } = roles[role]!.output()
        return `${role}: ${stderr.slice(-1500)}${stdout.slice(-1500)}`
      })
      throw new Error(`${(err as Error).message}; last seen ${JSON.stringify(lastSeen)}\n${tails.join('\n')}`)
    })
    expect(places.length).toBeGreaterThan(10)

    // The slim list (first read: nothing cached yet) has each place with the simulator's counters of
    // that slot, or of the next one if the clock moved on meanwhile and a poll of it already landed.
    const res = await fetch(`${roles.api!.apiUrl}/api/place?slim`)
    expect(res.status).toBe(200)
    const slim = slimExperienceList.parse(await res.json())
    for (const { index, placeId } of places) {
      const entry = slim.find((e) => e.place_id === placeId)
      if (!entry) throw new Error(`place ${placeId} is not in the slim list`)
      const seen = [slot, slot + TEN_MINUTES_MS].map((s) => sampleAt(model, index, s))
      expect(
        seen.some((s) => s.playing === entry.players_online && s.visits === entry.total_visits),
        `place ${placeId}: ${JSON.stringify(entry)} vs ${JSON.stringify(seen)}`,
      ).toBe(true)
      expect(entry.name).not.toBe('')
    }

    // Rollups: only the materialiser process writes them, told of the sink's inserts by the insert log.
    // Each place's hourly rollup holding the slot agrees with the raw snapshots of its bucket.
    const rollups = await waitFor(
      'hourly rollups of the slot for every place',
      async () => {
        const rows = await query<{
          place_id: string
          bucket: string
          samples: number
          ccu_sum: string
          raw_samples: string
          raw_sum: string
        }>(
          `SELECT r.place_id AS place_id, toUnixTimestamp(r.bucket) AS bucket, r.samples AS samples,
                  r.ccu_sum AS ccu_sum,
                  countIf(s.slot >= r.bucket AND s.slot <= r.last_slot) AS raw_samples,
                  sumIf(s.playing, s.slot >= r.bucket AND s.slot <= r.last_slot) AS raw_sum
           FROM (SELECT place_id, bucket, samples, ccu_sum, last_slot FROM place_rollups FINAL
                 WHERE granularity = 'hour' AND last_slot = fromUnixTimestamp({s:UInt32})) AS r
           INNER JOIN (SELECT place_id, slot, playing FROM place_snapshots FINAL) AS s ON s.place_id = r.place_id
           GROUP BY place_id, bucket, samples, ccu_sum`,
          { s: slot / 1000 },
        )
        const wanted = new Set(places.map((p) => String(p.placeId)))
        const ours = rows.filter((r) => wanted.has(String(r.place_id)))
        return ours.length === places.length ? ours : undefined
      },
      { timeoutMs: 30_000 },
    ).catch(async (err) => {
      throw new Error(
        `${(err as Error).message}; materialiser: ${JSON.stringify(roles.materialiser!.output())}`,
      )
    })
    for (const r of rollups) {
      expect(r.samples, `place ${r.place_id}`).toBeGreaterThan(0)
      expect(Number(r.raw_samples), `place ${r.place_id}`).toBe(r.samples)
      expect(Number(r.raw_sum), `place ${r.place_id}`).toBe(Number(r.ccu_sum))
    }

    // The API's hourly series of one place carries that rollup's average.
    const first = rollups[0]!
    const stats = await fetch(
      `${roles.api!.apiUrl}/api/stats/ccus?placeIds=${first.place_id}&granularity=hour`,
    )
    expect(stats.status).toBe(200)
    const series = statsResponse.parse(await stats.json()).series
    expect(series).toHaveLength(1)
    const row = [Number(first.bucket) * 1000, roundAverageCcu(Number(first.ccu_sum) / first.samples)]
    // The place's history began inside that hour: it is served while the hour is in progress, and left
    // out once it has closed (whole periods only), which happens when the first poll fell just before
    // an hour's start (HH:00, in the hour that began at HH-1:01) and the call came after it.
    const inProgressFrom = Date.parse(stats.headers.get(PARTIAL_FROM_HEADER) ?? '')
    if (row[0]! >= inProgressFrom) expect(series[0]!.data).toContainEqual(row)
    else expect(series[0]!.data.map((r) => r[0])).not.toContain(row[0])

    // Each part did its share: the poller published and ran its jobs, the scheduler only scheduled,
    // the sink inserted what it consumed from Kafka, and the materialiser worked from the insert log.
    const poller = roles.poller!.healthUrl
    expect(
      await readMetric(poller, 'ludex_bus_published_messages_total', { topic: 'snapshots.v1' }),
    ).toBeGreaterThan(0)
    expect(
      await readMetric(poller, 'ludex_job_runs_total', { job: 'poll:games', outcome: 'ok' }),
    ).toBeGreaterThan(0)
    expect(
      await readMetric(roles.sink!.healthUrl, 'ludex_sink_inserted_rows_total', { topic: 'snapshots.v1' }),
    ).toBeGreaterThanOrEqual(places.length)
    expect(
      await readMetric(roles.materialiser!.healthUrl, 'ludex_materialiser_ranges_total'),
    ).toBeGreaterThan(0)
    expect((await readMetric(roles.scheduler!.healthUrl, 'ludex_job_runs_total')) || 0).toBe(0)

    // Every role stops cleanly on SIGTERM, the ingest side first (as a rolling deploy would).
    for (const role of ['scheduler', 'poller', 'sink', 'materialiser', 'api']) {
      const exit = await roles[role]!.stop()
      expect(exit.code, `${role}: ${roles[role]!.output().stderr.slice(-2000)}`).toBe(0)
    }
    expect((await engines!.ch.stats()).error).toBe(0)
  })
})
