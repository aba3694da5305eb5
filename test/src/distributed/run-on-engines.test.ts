import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { consumerLag } from '@ludex/pipelines/kafka'
import { slimExperienceList, statsResponse, TEN_MINUTES_MS, type Topic, topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import { capturedPlacesAt, createPlatformModel, experienceAt, sampleAt, snapSlot } from '@ludex/workers'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { metricValue, shapeBus } from '../harness/distributed-shape.ts'
import { type KafkaBroker, startKafkaBroker } from '../harness/kafka-broker.ts'
import { killAllLudex, type LudexProcess, spawnLudex } from '../harness/ludex-process.ts'
import { type RedisServer, startRedisServer } from '../harness/redis-server.ts'

/**
 * `ludex run` (every role in one process) with KAFKA_BROKERS and REDIS_URL set runs on them: the live
 * polls and the first-start backfill go through a real Kafka broker, BullMQ plans and runs the polls in
 * a real redis-server, and the store is the embedded chDB the process owns. Its log says so. No `ludex
 * migrate` first: `ludex run` creates the topics itself, as it applies the store's migrations.
 */
const SEED = 5150
const EXPERIENCES = 20

interface LogLine {
  readonly msg: string
  readonly [key: string]: unknown
}

function logLines(stdout: string): LogLine[] {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine)
}

describe('ludex run on Kafka and Redis', () => {
  let broker: KafkaBroker | undefined
  let redis: RedisServer | undefined
  const dirs: string[] = []
  const model = createPlatformModel({ seed: SEED, experiences: EXPERIENCES })

  beforeAll(async () => {
    ;[broker, redis] = await Promise.all([startKafkaBroker(), startRedisServer()])
  })
  afterAll(async () => {
    await killAllLudex()
    await Promise.allSettled([broker?.dispose(), redis?.stop()])
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
  })

  /** `ludex run` on a fresh data dir, its topics, group and queue under `prefix`. */
  async function startRun(prefix: string, env: Record<string, string>) {
    const dataDir = await mkdtemp(join(tmpdir(), 'ludex-run-engines-'))
    dirs.push(dataDir)
    const full = {
      KAFKA_BROKERS: broker!.brokers,
      REDIS_URL: redis!.url,
      KAFKA_TOPIC_PREFIX: `${prefix}.`,
      KAFKA_GROUP_PREFIX: `${prefix}.`,
      SCHEDULER_PREFIX: prefix,
      LUDEX_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PORT: '0',
      SIMULATOR_SEED: String(SEED),
      SIMULATOR_EXPERIENCES: String(EXPERIENCES),
      SIMULATOR_FAULT_RATE: '0',
      ROBLOX_HOST_INTERVAL_MS: '0',
      POLL_INTERVAL_MS: '2000',
      KAFKA_TOPIC_PARTITIONS: '2',
      INSERT_LOG_POLL_MS: '300',
      SINK_BATCH_WAIT_MS: '50',
      ...env,
    }
    const run = await spawnLudex(['run'], full, { startTimeoutMs: 180_000 })
    // stdout and stderr arrive on separate pipes: the log line may follow the banner.
    const started = await waitFor('the start-up log line', async () =>
      logLines(run.output().stdout).find((l) => l.msg === 'roles started'),
    )
    return { run, started, env: full, url: run.apiUrl! }
  }

  /** What the sink group of this run committed on the snapshots topic (records, over partitions). */
  async function committedSnapshots(env: Record<string, string>): Promise<number> {
    const bus = shapeBus(env)
    try {
      const lag = await consumerLag(bus, 'sink', [topics.snapshots as Topic<unknown>])
      return lag.reduce((n, p) => n + (p.committed ?? 0), 0)
    } finally {
      await bus.close()
    }
  }

  async function stopInOrder(run: LudexProcess): Promise<void> {
    const exit = await run.stop()
    expect(exit.code, run.output().stderr.slice(-2000)).toBe(0)
    const steps = logLines(run.output().stdout)
      .filter((l) => typeof l.step === 'string' && l.outcome === 'stopped')
      .map((l) => l.step)
    // One line per step: the jobs first (no new polls), the sink drained before the store closes.
    expect(steps[0]).toBe('jobs')
    for (const [before, after] of [
      ['jobs', 'sink'],
      ['sink', 'materialiser'],
      ['materialiser', 'bus'],
      ['bus', 'store'],
      // The shared state's connection closes after the roles that use it.
      ['poller', 'shared state'],
      ['api', 'shared state'],
    ] as const) {
      expect(steps.indexOf(before), `${before} before ${after}`).toBeLessThan(steps.indexOf(after))
    }
    expect(new Set(steps).size, 'one line per step').toBe(steps.length)
  }

  it('logs the wiring it really has and serves live polls run by BullMQ and carried by Kafka', async () => {
    // No backfill: whatever the API serves came from live polls.
    const { run, started, env, url } = await startRun('live', { BACKFILL_DAYS: '0' })
    expect(started.roles).toEqual(['api', 'poller', 'scheduler', 'sink', 'materialiser', 'alerts'])
    expect(started.wiring).toMatchObject({
      analytics: 'chdb-embedded',
      bus: 'kafka',
      scheduler: 'bullmq',
      hostPacing: 'redis',
      platform: 'simulator',
    })

    const { places } = await waitFor(
      'a live poll of every place in the API',
      async () => {
        const slot = snapSlot(Date.now())
        // Not one the games call censors now (restricted: no snapshot of the slot, roblox-api.md §16).
        const places = capturedPlacesAt(model, slot)
        const slim = slimExperienceList.parse(await (await fetch(`${url}/api/place?slim`)).json())
        // The simulator's counters of the slot, or of the next one if the clock moved on meanwhile.
        const live = places.every(({ index, placeId }) => {
          const entry = slim.find((e) => e.place_id === placeId)
          const seen = [slot, slot + TEN_MINUTES_MS].map((s) => sampleAt(model, index, s))
          return (
            entry && seen.some((s) => s.visits === entry.total_visits && s.playing === entry.players_online)
          )
        })
        return live ? { places } : undefined
      },
      { timeoutMs: 60_000 },
    )
    expect(places.length).toBeGreaterThan(5)

    // The run took BullMQ's route (its job schedulers are in Redis) and Kafka's (the sink group committed).
    const client = new Redis(redis!.url)
    try {
      expect((await client.keys('live:jobs:*')).some((k) => k.includes('poll.games'))).toBe(true)
    } finally {
      client.disconnect()
    }
    expect(await committedSnapshots(env)).toBeGreaterThan(0)
    // The role metrics of every role it runs.
    const metrics = await waitFor('a games sweep counted', async () => {
      const text = await (await fetch(`${url}/metrics`)).text()
      return metricValue(text, 'ludex_job_runs_total', { job: 'poll:games', outcome: 'ok' }) > 0
        ? text
        : undefined
    })
    for (const role of ['api', 'poller', 'scheduler', 'sink', 'materialiser', 'alerts'])
      expect(metricValue(metrics, 'ludex_role_info', { role })).toBe(1)
    expect(
      metricValue(metrics, 'ludex_bus_published_messages_total', { topic: 'snapshots.v1' }),
    ).toBeGreaterThan(0)
    expect(metricValue(metrics, 'ludex_sink_inserted_rows_total', { topic: 'snapshots.v1' })).toBeGreaterThan(
      0,
    )
    expect(
      metricValue(metrics, 'ludex_ingest_lag_seconds', { topic: 'snapshots.v1' }),
    ).toBeGreaterThanOrEqual(0)
    // On Kafka the materialiser follows the insert log, even in the sink's process.
    expect(metricValue(metrics, 'ludex_materialiser_ranges_total')).toBeGreaterThan(0)

    await stopInOrder(run)
  })

  it('backfills through Kafka on its first start, with the rollups of the backfilled day', async () => {
    const { run, env, url } = await startRun('backfill', { BACKFILL_DAYS: '1' })
    // The backfill runs in the background of the serving process: /readyz says when it is over.
    const snapshots = await waitFor(
      'the backfill finished',
      async () => {
        const ready = (await (await fetch(`${url}/readyz`)).json()) as {
          checks: Record<string, { detail?: string }>
        }
        const done = /^(\d+) snapshots over 1 days$/.exec(ready.checks.backfill?.detail ?? '')?.[1]
        return done === undefined ? undefined : Number(done)
      },
      { timeoutMs: 120_000 },
    )
    expect(snapshots).toBeGreaterThan(EXPERIENCES * 100)
    // Every backfilled snapshot went through the broker and was inserted by the sink of this process.
    expect(await committedSnapshots(env)).toBeGreaterThan(0)
    const metrics = await (await fetch(`${url}/metrics`)).text()
    expect(
      metricValue(metrics, 'ludex_sink_inserted_rows_total', { topic: 'snapshots.v1' }),
    ).toBeGreaterThanOrEqual(snapshots)
    // The rollups of the backfilled day: a place's hourly series covers it.
    const place = experienceAt(model, 0)
    const series = statsResponse.parse(
      await (await fetch(`${url}/api/stats/ccus?placeIds=${place.rootPlaceId}&granularity=hour`)).json(),
    ).series
    expect(series[0]?.data.length).toBeGreaterThanOrEqual(23)
    await stopInOrder(run)
  })
})
