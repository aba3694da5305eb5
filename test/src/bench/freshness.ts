import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@clickhouse/client'
import { experience as experienceSchema } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import {
  capturedPlacesAt,
  createPlatformModel,
  existsAt,
  experienceAt,
  SLOT_MS,
  sampleAt,
  startSimulatorServer,
} from '@ludex/workers'
import { pino } from 'pino'
import { migrateShape, startShapeEngines } from '../harness/distributed-shape.ts'
import { killAllLudex, spawnLudex } from '../harness/ludex-process.ts'

export interface FreshnessOptions {
  readonly experiences: number
  readonly seed: number
  /** POLL_INTERVAL_MS of the games poller. */
  readonly pollIntervalMs: number
  /** How long samples are collected once every role is up. */
  readonly seconds: number
  /** Experiences whose API page is watched (each read every watchEveryMs). */
  readonly watched: number
  readonly watchEveryMs: number
}

export interface FreshnessFigures {
  /** Poll → visible delays, in seconds, one per (watched experience, poll). */
  readonly samples: number[]
  readonly experiences: number
  readonly polls: number
  readonly seconds: number
}

/**
 * End-to-end freshness in the distributed shape: scheduler, poller, sink, materialiser and API as role
 * processes on Kafka, redis-server and the ClickHouse server (the HTTP harness), as `poll-to-api.test.ts`
 * runs them. For each poll of a watched experience, the delay is from the poll's observed_at (stamped
 * by the poller when the upstream answered) to the moment GET /api/place/{id} first returns the counters
 * that poll saw.
 *
 * Upstream is a simulator in this process whose clock runs fast (a 10-minute slot every half poll
 * interval), so every poll sees new counters and the moment they show in the API is observable; the
 * roles themselves run on the wall clock, as deployed.
 */
export async function benchFreshness(options: FreshnessOptions): Promise<FreshnessFigures> {
  const logger = pino({ level: 'silent' })
  const model = createPlatformModel({ seed: options.seed, experiences: options.experiences })
  const startedAt = Date.now()
  const warp = SLOT_MS / (options.pollIntervalMs / 2)
  const sim = await startSimulatorServer({
    model,
    port: 0,
    clock: () => startedAt + (Date.now() - startedAt) * warp,
    faultRate: 0,
    logger,
  })
  const dataDir = await mkdtemp(join(tmpdir(), 'ludex-bench-fresh-'))
  const engines = await startShapeEngines({ redis: true }).catch(async (err: unknown) => {
    await sim.close()
    throw err
  })
  const store = createClient({ url: engines.env.CLICKHOUSE_URL, database: 'ludex' })
  try {
    const places = []
    for (let i = 0; i < model.count; i++) {
      const p = experienceAt(model, i)
      if (existsAt(p, startedAt)) places.push({ index: i, placeId: p.rootPlaceId })
    }
    // The busiest experiences: their counters change on every poll (not one the games call censors
    // now: a restricted experience gets no new snapshot, roblox-api.md §16).
    const watched = capturedPlacesAt(model, startedAt)
      .sort(
        (a, b) => sampleAt(model, b.index, startedAt).playing - sampleAt(model, a.index, startedAt).playing,
      )
      .slice(0, options.watched)
    const env = {
      ...engines.env,
      LUDEX_DATA_DIR: dataDir,
      HEALTH_PORT: '0',
      PORT: '0',
      ROBLOX_API_BASE: sim.baseTemplate,
      ROBLOX_COOKIE: 'simulator',
      ROBLOX_HOST_INTERVAL_MS: '0',
      SEED_PLACE_IDS: places.map((p) => p.placeId).join(','),
      DISCOVERY: 'false',
      POLL_INTERVAL_MS: String(options.pollIntervalMs),
    }
    await migrateShape(env)
    const [api] = await Promise.all(
      ['api', 'scheduler', 'poller', 'sink', 'materialiser'].map((role) => spawnLudex([role], env)),
    )
    const apiUrl = api!.apiUrl!

    const read = async (placeId: number) => {
      const res = await fetch(`${apiUrl}/api/place/${placeId}`)
      if (!res.ok) return null
      const e = experienceSchema.parse(await res.json())
      return `${e.players_online}/${e.total_visits}`
    }
    // Until every watched experience is in the API, the stack is still starting: not sampled.
    await waitFor(
      'the first polls in the API',
      async () =>
        (await Promise.all(watched.map((w) => read(w.placeId)))).every(Boolean) ? true : undefined,
      { timeoutMs: 120_000 },
    )

    const samples: number[] = []
    const until = Date.now() + options.seconds * 1000
    await Promise.all(
      watched.map(async ({ placeId }, k) => {
        // Spread the watchers over the interval so the API sees a steady trickle, not bursts.
        await new Promise((r) => setTimeout(r, (k * options.watchEveryMs) / watched.length))
        let last = await read(placeId)
        while (Date.now() < until) {
          await new Promise((r) => setTimeout(r, options.watchEveryMs))
          const shown = await read(placeId)
          const seenAt = Date.now()
          if (shown === null || shown === last) continue
          last = shown
          // The poll that produced these counters, by its observed_at (the newest one stored).
          const [row] = await (
            await store.query({
              query: `SELECT toString(playing) || '/' || toString(visits) AS shown,
                             toUnixTimestamp64Milli(observed_at) AS observed
                      FROM place_latest FINAL WHERE place_id = {id:UInt64}`,
              query_params: { id: placeId },
              format: 'JSONEachRow',
            })
          ).json<{ shown: string; observed: number | string }>()
          // A newer poll landed in between: its own change will be sampled instead.
          if (row?.shown === shown) samples.push((seenAt - Number(row.observed)) / 1000)
        }
      }),
    )
    return {
      samples,
      experiences: places.length,
      polls: Math.round(options.seconds / (options.pollIntervalMs / 1000)),
      seconds: options.seconds,
    }
  } finally {
    await killAllLudex()
    await store.close()
    await engines.stop()
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** The q-quantile (0..1) of the values, by the nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}
