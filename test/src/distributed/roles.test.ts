import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@clickhouse/client'
import { CREDENTIALS_KEY_FILE, LOCAL_ADMIN_FILE, LOCK_FILE } from '@ludex/cli'
import { waitFor } from '@ludex/schemas/testing'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type ClickHouseHttp, startClickHouseHttp } from '../harness/clickhouse-http.ts'
import { metricValue as sample } from '../harness/distributed-shape.ts'
import { killAllLudex, type LudexProcess, runLudex, spawnLudex } from '../harness/ludex-process.ts'

/**
 * The role commands as separate processes: `node bin/ludex.mjs <role>`, as a container runs them.
 * Refusals are configuration errors (exit code 2, the reason on stderr, nothing opened); a role that
 * starts answers /healthz, /readyz and /metrics and stops cleanly on SIGTERM.
 */
const dirs: string[] = []
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ludex-roles-'))
  dirs.push(dir)
  return dir
}

afterAll(async () => {
  await killAllLudex()
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
})

async function checkHealth(p: LudexProcess, roles: readonly string[]): Promise<string> {
  const healthz = await fetch(`${p.healthUrl}/healthz`)
  expect(healthz.status).toBe(200)
  expect(await healthz.json()).toEqual({ status: 'ok' })
  const ready = await waitFor('ready', async () => {
    const res = await fetch(`${p.healthUrl}/readyz`)
    return res.status === 200
      ? ((await res.json()) as { checks: Record<string, { ok: boolean }> })
      : undefined
  })
  for (const role of roles) expect(ready.checks[role]?.ok, role).toBe(true)
  const metrics = await (await fetch(`${p.healthUrl}/metrics`)).text()
  for (const role of roles) expect(sample(metrics, 'ludex_role_info', { role })).toBe(1)
  expect(sample(metrics, 'ludex_process_resident_memory_bytes')).toBeGreaterThan(0)
  return metrics
}

interface Refusal {
  readonly name: string
  readonly args: string[]
  readonly env: Record<string, string>
  readonly says: RegExp[]
}

// Each refusal is a short-lived process that opens nothing: they run side by side.
describe.concurrent('role processes that cannot work are refused at start-up', () => {
  it.for<Refusal>([
    {
      name: 'sink alone',
      args: ['sink'],
      env: {},
      says: [/in-process bus/, /--with poller/, /KAFKA_BROKERS/],
    },
    { name: 'poller alone', args: ['poller'], env: {}, says: [/--with sink/, /--with scheduler/] },
    {
      name: 'scheduler alone',
      args: ['scheduler'],
      env: {},
      says: [/in-process scheduler/, /--with poller/, /REDIS_URL/],
    },
    {
      // Kafka shares the bus across processes, but the in-process scheduler still cannot be shared.
      name: 'poller on Kafka without a shared scheduler',
      args: ['poller', '--with', 'sink'],
      env: { KAFKA_BROKERS: '127.0.0.1:9' },
      says: [/in-process scheduler/, /--with scheduler/, /REDIS_URL/],
    },
    {
      // BullMQ shares schedules across processes, but the in-process bus still cannot be shared.
      name: 'poller on BullMQ without a shared bus',
      args: ['poller'],
      env: { REDIS_URL: 'redis://127.0.0.1:9' },
      says: [/in-process bus/, /--with sink/, /KAFKA_BROKERS/],
    },
  ])('$name', async ({ args, env, says }, { expect }) => {
    const dir = await dataDir()
    const run = await runLudex(args, { LUDEX_DATA_DIR: dir, ...env })
    expect(run.code).toBe(2)
    for (const pattern of says) expect(run.stderr).toMatch(pattern)
    expect(run.stderr).not.toMatch(/\n\s+at /)
    // Refused before anything opened: no store was created.
    expect(await readdir(dir)).toEqual([])
  })

  it('names an unknown role in --with', async ({ expect }) => {
    const run = await runLudex(['materialiser', '--with', 'pollr'], { LUDEX_DATA_DIR: await dataDir() })
    expect(run.code).not.toBe(0)
    expect(run.stderr).toMatch(/Unknown role 'pollr'/)
  })
})

describe('each role command starts on its own data dir, serves health and metrics, stops on SIGTERM', () => {
  const started: LudexProcess[] = []
  afterEach(async () => {
    await Promise.all(started.splice(0).map((p) => p.stop('SIGKILL').catch(() => undefined)))
  })
  const env = async () => ({
    LUDEX_DATA_DIR: await dataDir(),
    HEALTH_PORT: '0',
    PORT: '0',
    SIMULATOR_EXPERIENCES: '20',
    SIMULATOR_FAULT_RATE: '0',
    ROBLOX_HOST_INTERVAL_MS: '0',
    POLL_INTERVAL_MS: '1000',
  })

  it('api', async () => {
    const p = await spawnLudex(['api'], await env())
    started.push(p)
    expect(p.apiUrl).toBe(p.healthUrl)
    await checkHealth(p, ['api'])
    const slim = await fetch(`${p.apiUrl}/api/place?slim`)
    expect(slim.status).toBe(200)
    expect(await slim.json()).toEqual([])
    expect((await p.stop()).code).toBe(0)
    started.pop()
  })

  it.each([
    ['poller', 'scheduler,sink'],
    ['scheduler', 'poller,sink'],
  ])('%s --with %s (the in-process bus and scheduler in one process)', async (role, others) => {
    const p = await spawnLudex([role, '--with', others], await env())
    started.push(p)
    expect(p.apiUrl).toBeNull()
    await checkHealth(p, [role, ...others.split(',')])
    // Polls every second: snapshots go through the bus into the sink, and the metrics show both ends.
    // The games sweep counts as run once its last batch is done, which can be after the first insert;
    // a batch is timed once its handler returned, which can be after its rows were counted.
    const metrics = await waitFor('snapshots inserted and a games sweep done', async () => {
      const text = await (await fetch(`${p.healthUrl}/metrics`)).text()
      const inserted = sample(text, 'ludex_sink_inserted_rows_total', { topic: 'snapshots.v1' }) > 0
      const timed = sample(text, 'ludex_sink_batch_seconds_count', { topic: 'snapshots.v1' }) > 0
      const swept = sample(text, 'ludex_job_runs_total', { job: 'poll:games', outcome: 'ok' }) > 0
      return inserted && timed && swept ? text : undefined
    })
    expect(sample(metrics, 'ludex_bus_published_messages_total', { topic: 'snapshots.v1' })).toBeGreaterThan(
      0,
    )
    expect(sample(metrics, 'ludex_job_runs_total', { job: 'poll:games', outcome: 'ok' })).toBeGreaterThan(0)
    expect(sample(metrics, 'ludex_sink_batch_seconds_count', { topic: 'snapshots.v1' })).toBeGreaterThan(0)
    expect((await p.stop()).code).toBe(0)
    started.pop()
  })

  it('alerts, on an app database and mail of its own', async () => {
    // At info, so the start-up line with the wiring is logged.
    const p = await spawnLudex(['alerts'], { ...(await env()), LOG_LEVEL: 'info' })
    started.push(p)
    expect(p.apiUrl).toBeNull()
    await checkHealth(p, ['alerts'])
    expect((await p.stop()).code).toBe(0)
    started.pop()
    const lines = p
      .output()
      .stdout.split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; wiring?: Record<string, string> })
    expect(lines.find((l) => l.msg === 'roles started')?.wiring).toMatchObject({
      analytics: 'chdb-embedded',
      appDatabase: 'pglite',
      mail: 'outbox',
      alerts: expect.stringMatching(/^every \d+ ms$/),
    })
  })

  it('materialiser', async () => {
    const p = await spawnLudex(['materialiser'], await env())
    started.push(p)
    await checkHealth(p, ['materialiser'])
    // An empty store leaves it nothing to do, and its gauge says so.
    const metrics = await (await fetch(`${p.healthUrl}/metrics`)).text()
    expect(metrics).toMatch(/^ludex_materialiser_pending_ranges 0$/m)
    expect((await p.stop('SIGINT')).code).toBe(0)
    started.pop()
  })
})

describe('the distributed shape: one process per role around one ClickHouse server', () => {
  let ch: ClickHouseHttp | undefined
  const started: LudexProcess[] = []
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop('SIGKILL').catch(() => undefined)))
    await ch?.stop()
  })

  it('polls, sinks, materialises and serves across processes', async () => {
    ch = await startClickHouseHttp({ user: 'ludex', password: 'roles' })
    const common = {
      CLICKHOUSE_URL: ch.clickhouseUrl,
      HEALTH_PORT: '0',
      PORT: '0',
      SIMULATOR_EXPERIENCES: '25',
      SIMULATOR_FAULT_RATE: '0',
      ROBLOX_HOST_INTERVAL_MS: '0',
    }
    // The analytics store is the server; LUDEX_DATA_DIR must stay empty in every process.
    const local = await dataDir()
    const ingest = await spawnLudex(['sink', '--with', 'poller,scheduler'], {
      ...common,
      LUDEX_DATA_DIR: local,
      POLL_INTERVAL_MS: '1000',
    })
    started.push(ingest)
    const materialiser = await spawnLudex(['materialiser'], {
      ...common,
      LUDEX_DATA_DIR: local,
      INSERT_LOG_POLL_MS: '300',
    })
    started.push(materialiser)
    const api = await spawnLudex(['api'], { ...common, LUDEX_DATA_DIR: local })
    started.push(api)
    await checkHealth(ingest, ['sink', 'poller', 'scheduler'])
    await checkHealth(materialiser, ['materialiser'])
    await checkHealth(api, ['api'])

    const store = createClient({ url: ch.clickhouseUrl, database: 'ludex' })
    try {
      // Only the materialiser process writes rollups, and it learns of inserts from the insert log alone.
      const rollups = await waitFor('rollups from the materialiser process', async () => {
        const [row] = await (
          await store.query({ query: 'SELECT count() AS n FROM place_rollups', format: 'JSONEachRow' })
        ).json<{ n: number | string }>()
        return Number(row?.n) > 0 ? Number(row!.n) : undefined
      })
      expect(rollups).toBeGreaterThan(0)
      const logged = await (
        await store.query({ query: 'SELECT count() AS n FROM insert_log', format: 'JSONEachRow' })
      ).json<{ n: number | string }>()
      expect(Number(logged[0]?.n)).toBeGreaterThan(0)
    } finally {
      await store.close()
    }
    const materialiserMetrics = await (await fetch(`${materialiser.healthUrl}/metrics`)).text()
    expect(sample(materialiserMetrics, 'ludex_materialiser_ranges_total')).toBeGreaterThan(0)

    // The API process reads what the others wrote.
    const slim = await waitFor('experiences in the API', async () => {
      const body = (await (await fetch(`${api.apiUrl}/api/place?slim`)).json()) as unknown[]
      return body.length > 0 ? body : undefined
    })
    expect(slim.length).toBeGreaterThan(0)
    // No analytics store was opened locally: only the API's app database (PGlite without DATABASE_URL),
    // which its process holds (the lock, and its local admin endpoint for `ludex user`), and the key
    // sealing event credentials' secrets (made once, as no CREDENTIALS_KEY is set).
    expect((await readdir(local)).sort()).toEqual(
      [CREDENTIALS_KEY_FILE, LOCAL_ADMIN_FILE, LOCK_FILE, 'pglite'].sort(),
    )

    for (const p of started.splice(0).reverse()) expect((await p.stop()).code).toBe(0)
    expect((await ch.stats()).error).toBe(0)
  })
})
