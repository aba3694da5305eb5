import { cp, mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClickHouseClient } from '@clickhouse/client'
import {
  type AggregateCache,
  createApiApp,
  createMemoryAggregateCache,
  listen,
  type RouteDef,
  staticTagRepository,
  type TagMembership,
} from '@ludex/api'
import { backfill, startPipeline } from '@ludex/cli'
import { type ApiErrorBody, type Config, loadConfig } from '@ludex/schemas'
import {
  createPlatformModel,
  createRobloxClient,
  existsAt,
  experienceAt,
  fetchBadgeStats,
  type PlatformModel,
  startSimulatorServer,
} from '@ludex/workers'
import pino from 'pino'
import { expect } from 'vitest'

/**
 * The API over real chDB, filled by a small deterministic backfill through the real bus and sink, with
 * badges fetched live from the simulator. The data dir is built once per run and copied for each test
 * file (test files run one at a time; chDB binds one data dir per process).
 */
export const FIXTURE = {
  experiences: 120,
  days: 40,
  seed: 20_240_920,
  /** "Now" for the whole fixture: the backfill ends here and the API's clock stands here. */
  now: Date.UTC(2026, 10, 18, 14, 3, 0),
} as const

export interface ApiFixture {
  readonly url: string
  /** Sent with every getJson request of this fixture (e.g. TEST_VIEWER_HEADER for a signed-in user). */
  readonly headers?: Record<string, string>
  /** The pipeline's own client on the fixture's store, for expectations computed apart from the API. */
  readonly clickhouse: ClickHouseClient
  /** A read of the store with bound parameters. */
  raw<T>(query: string, params?: Record<string, unknown>): Promise<T[]>
  /** How many times the aggregate cache computed an entry (reset-cache tests). */
  computations(): number
  readonly model: PlatformModel
  readonly now: number
  readonly config: Config
  /** Routes answered with a response that validated against its schema, with their statuses. */
  readonly seen: Map<RouteDef, Set<number>>
  /** Place ids of the fixture's experiences that exist at `now`. */
  readonly placeIds: readonly number[]
  readonly tags: readonly TagMembership[]
  close(): Promise<void>
}

const logger = pino({ level: 'silent' })
/** Built once per test run (the run dir is made and removed by the harness's global setup). */
function templateDir(): string {
  const runDir = process.env.LUDEX_TEST_RUN_DIR
  if (!runDir) throw new Error('LUDEX_TEST_RUN_DIR is not set: run the tests through the vitest projects')
  return join(runDir, 'api-fixture')
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null
}

function configFor(dataDir: string): Config {
  return loadConfig({
    LUDEX_DATA_DIR: dataDir,
    SIMULATOR_EXPERIENCES: String(FIXTURE.experiences),
    SIMULATOR_SEED: String(FIXTURE.seed),
    LOG_LEVEL: 'silent',
  })
}

async function buildTemplate(model: PlatformModel): Promise<void> {
  const building = `${templateDir()}.building-${process.pid}`
  await rm(building, { recursive: true, force: true })
  await mkdir(building, { recursive: true })
  const pipeline = await startPipeline(configFor(building), logger, { now: () => FIXTURE.now })
  await backfill({ pipeline, model, days: FIXTURE.days, now: FIXTURE.now, logger })
  await pipeline.stop()
  await rm(templateDir(), { recursive: true, force: true })
  await cp(building, templateDir(), { recursive: true })
  await rm(building, { recursive: true, force: true })
}

/**
 * Requests carrying this header are answered as a signed-in user (no visitor history clamp): a test-only
 * viewer resolver, installed by this fixture and nowhere else, until accounts bring real sessions.
 */
export const TEST_VIEWER_HEADER = 'x-test-viewer'

/** The same fixture, answered as a signed-in user. */
export function asUser(f: ApiFixture): ApiFixture {
  return { ...f, headers: { ...f.headers, [TEST_VIEWER_HEADER]: 'user' } }
}

function countingCache(inner: AggregateCache, counter: { n: number }): AggregateCache {
  return {
    get: (key, ttlMs, compute, options) =>
      inner.get(
        key,
        ttlMs,
        () => {
          counter.n++
          return compute()
        },
        options,
      ),
    clear: () => inner.clear(),
  }
}

/** Starts the API on a private copy of the fixture data. */
export async function startApiFixture(
  options: { tags?: (placeIds: readonly number[]) => TagMembership[] } = {},
): Promise<ApiFixture> {
  const model = createPlatformModel({ seed: FIXTURE.seed, experiences: FIXTURE.experiences })
  if (!(await exists(join(templateDir(), 'clickhouse')))) await buildTemplate(model)
  const dataDir = await mkdtemp(join(tmpdir(), 'ludex-api-'))
  await cp(templateDir(), dataDir, { recursive: true })
  const config = configFor(dataDir)
  const clock = { now: () => FIXTURE.now }
  const pipeline = await startPipeline(config, logger, clock)
  const simulator = await startSimulatorServer({ model, clock: clock.now, faultRate: 0, logger })
  const roblox = createRobloxClient({
    baseTemplate: simulator.baseTemplate,
    userAgent: 'ludex-tests',
    hostIntervalMs: 0,
    timeoutMs: 5000,
    maxRetries: 2,
    logger,
  })
  const placeIds: number[] = []
  for (let i = 0; i < model.count; i++) {
    const p = experienceAt(model, i)
    if (existsAt(p, FIXTURE.now)) placeIds.push(p.rootPlaceId)
  }
  const tags = options.tags?.(placeIds) ?? [{ id: 7, name: 'Fixture tag', placeIds: placeIds.slice(0, 40) }]
  const seen = new Map<RouteDef, Set<number>>()
  const computed = { n: 0 }
  const app = createApiApp({
    logger,
    readiness: async () => ({ store: { ok: true } }),
    deps: {
      clickhouse: pipeline.client,
      tags: staticTagRepository(tags),
      badges: (universeId) => fetchBadgeStats(roblox, universeId),
      cache: countingCache(createMemoryAggregateCache(clock.now), computed),
      now: clock.now,
      logger,
    },
    viewer: async (ctx) =>
      ctx.get(TEST_VIEWER_HEADER) === 'user' ? { kind: 'user', userId: 1 } : { kind: 'visitor' },
    validateResponses: true,
    onValidResponse: (route, status) => {
      const statuses = seen.get(route) ?? new Set<number>()
      statuses.add(status)
      seen.set(route, statuses)
    },
  })
  const server = await listen(app, '127.0.0.1', 0)
  return {
    url: server.url,
    model,
    now: FIXTURE.now,
    config,
    seen,
    placeIds,
    tags,
    clickhouse: pipeline.client,
    raw: async <T>(query: string, params: Record<string, unknown> = {}) => {
      const rs = await pipeline.client.query({ query, query_params: params, format: 'JSONEachRow' })
      return rs.json<T>()
    },
    computations: () => computed.n,
    close: async () => {
      await server.close()
      await simulator.close()
      await pipeline.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** GET a path of the fixture's API and parse the JSON body. */
export async function getJson<T = unknown>(
  fixture: ApiFixture,
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${fixture.url}${path}`, {
    ...init,
    headers: { ...fixture.headers, ...(init?.headers as Record<string, string> | undefined) },
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers }
}

/** The error envelope, as the tests read it. */
export type ErrorBody = ApiErrorBody

/** Asserts a 400 whose details name `field`. */
export async function expectBadRequest(f: ApiFixture, path: string, field: string): Promise<ErrorBody> {
  const res = await getJson<ErrorBody>(f, path)
  expect(res.status, path).toBe(400)
  expect(
    res.body.error.details?.map((d) => d.field),
    path,
  ).toContain(field)
  return res.body
}
