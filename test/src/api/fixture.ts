import { randomBytes } from 'node:crypto'
import { cp, mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClickHouseClient } from '@clickhouse/client'
import {
  type Accounts,
  type AggregateCache,
  type ApiDeps,
  cachedExchangeRates,
  createAccounts,
  createApiApp,
  createExperienceIndexes,
  createHistoryStarts,
  createHotReads,
  createMemoryAggregateCache,
  createPasswordHasher,
  createSmtpMailer,
  exchangeRatesClient,
  listen,
  migrateAppDatabase,
  openAppDatabase,
  type RouteDef,
  type TagRecord,
  type UserRecord,
  withKeptAppReads,
} from '@ludex/api'
import { backfill, startPipeline } from '@ludex/cli'
import {
  type ApiErrorBody,
  type Bus,
  type Config,
  DUMPS_DIR,
  loadConfig,
  publicUrl,
  type Role,
  siteInfoOf,
} from '@ludex/schemas'
import {
  createInMemoryTrackingRequests,
  createPlatformModel,
  createRobloxClient,
  existsAt,
  experienceAt,
  fetchBadgeStats,
  type PlatformModel,
  startSimulatorServer,
  type TrackingRequests,
} from '@ludex/workers'
import type { JWTVerifyGetKey } from 'jose'
import pino from 'pino'
import { expect } from 'vitest'
import { type Mailbox, startMailbox } from './mailbox.ts'

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
  /**
   * With hotReads: the same API over the same store, app database and clock without its hot reads
   * (what every kept answer must equal); otherwise `url`.
   */
  readonly urlWithoutHotReads: string
  /** Sent with every request of this fixture's helpers (asUser adds the session cookie). */
  readonly headers?: Record<string, string>
  /** The pipeline's own client on the fixture's store, for expectations computed apart from the API. */
  readonly clickhouse: ClickHouseClient
  /** The pipeline's bus (in-process), which the API publishes game events and site data to: `drain()` waits for the sink. */
  readonly bus: Pick<Bus, 'publish' | 'drain'>
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
  /** The tags the fixture created in the app database (curated unless asked otherwise), owned by `curator`. */
  readonly tags: readonly TagRecord[]
  /** The editor who owns the fixture's tags. */
  readonly curator: UserRecord
  /** Where the API asks for untracked tag members to be tracked (what a poller would take). */
  readonly trackingRequests: TrackingRequests
  /** The app database (PGlite in the fixture's data dir) and the account services over it. */
  readonly accounts: Accounts
  /** The local SMTP server the fixture's mail goes to. */
  readonly mailbox: Mailbox
  /** Moves the accounts' clock (sessions, tokens, rate windows) forward; the store's clock stays. */
  advanceClock(ms: number): void
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

function configFor(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    LUDEX_DATA_DIR: dataDir,
    SIMULATOR_EXPERIENCES: String(FIXTURE.experiences),
    SIMULATOR_SEED: String(FIXTURE.seed),
    LOG_LEVEL: 'silent',
    // Cheap hashing for tests (production defaults stay memory-hard), and limits no flow test reaches.
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_REGISTER: '1000',
    RATE_LIMIT_PASSWORD_RESET: '1000',
    RATE_LIMIT_RESEND: '1000',
    // Each test file sends all its calls from one address (the API-key tests set their own limits).
    RATE_LIMIT_API: '1000000',
    RATE_LIMIT_API_KEY: '1000000',
    ...env,
  })
}

async function buildTemplate(model: PlatformModel): Promise<void> {
  const building = `${templateDir()}.building-${process.pid}`
  await rm(building, { recursive: true, force: true })
  await mkdir(building, { recursive: true })
  const pipeline = await startPipeline(configFor(building), logger, { now: () => FIXTURE.now })
  await backfill({ pipeline, model, days: FIXTURE.days, now: FIXTURE.now, logger })
  await pipeline.stop()
  // A migrated PGlite comes with the template: creating one takes seconds, copying it does not.
  const appDb = await openAppDatabase({ pgliteDir: join(building, 'pglite'), logger })
  await migrateAppDatabase(appDb.db, logger)
  await appDb.close()
  await rm(templateDir(), { recursive: true, force: true })
  await cp(building, templateDir(), { recursive: true })
  await rm(building, { recursive: true, force: true })
}

let userCounter = 0

/** A password every fixture user gets unless a test gives another. */
export const FIXTURE_PASSWORD = 'correct horse battery'

/** Creates a verified account directly in the app database (no mail), e.g. an editor or an admin. */
export async function createUser(
  f: ApiFixture,
  options: { role?: Role; email?: string; password?: string; verified?: boolean } = {},
): Promise<UserRecord> {
  const hasher = createPasswordHasher({
    memoryKib: f.config.ARGON2_MEMORY_KIB,
    timeCost: f.config.ARGON2_TIME_COST,
    parallelism: f.config.ARGON2_PARALLELISM,
  })
  return f.accounts.store.users.create({
    email: options.email ?? `user${++userCounter}-${randomBytes(4).toString('hex')}@example.com`,
    passwordHash: await hasher.hash(options.password ?? FIXTURE_PASSWORD),
    firstName: 'Test',
    lastName: `User ${userCounter}`,
    role: options.role ?? 'viewer',
    interests: ['obby'],
    userType: 'developer',
    emailVerified: options.verified ?? true,
    analyticsId: randomBytes(16).toString('hex'),
    createdAt: new Date(f.now),
  })
}

/** Signs in through POST /api/auth/login; the answer's session cookie, as a Cookie header value. */
export async function signIn(f: ApiFixture, email: string, password = FIXTURE_PASSWORD): Promise<string> {
  const res = await fetch(`${f.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return sessionCookieOf(res, f.config.SESSION_COOKIE_NAME)
}

/** The `name=value` of the session cookie a response sets. */
export function sessionCookieOf(res: Response, name: string): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))
  if (!cookie) throw new Error(`No ${name} cookie in the response`)
  return cookie.split(';')[0] as string
}

/** The same fixture, answered as a real signed-in user (a new account with `role`, default viewer). */
export async function asUser(
  f: ApiFixture,
  role: Role = 'viewer',
): Promise<ApiFixture & { user: UserRecord }> {
  const user = await createUser(f, { role })
  const cookie = await signIn(f, user.email)
  return { ...f, user, headers: { ...f.headers, cookie } }
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

/** A tag the fixture creates: curated unless `global` is false. */
export interface FixtureTag {
  readonly name: string
  readonly placeIds: readonly number[]
  readonly global?: boolean
}

/** Starts the API on a private copy of the fixture data. */
export async function startApiFixture(
  options: {
    /** The tags to create (default: one curated tag of 40 experiences). */
    tags?: (placeIds: readonly number[]) => FixtureTag[]
    /** Configuration on top of the fixture's (e.g. low rate limits, GOOGLE_CLIENT_ID). */
    env?: Record<string, string>
    /** Google's signing keys, given directly instead of fetched from GOOGLE_JWKS_URL. */
    googleKeys?: JWTVerifyGetKey
    /** The app's logger (request lines, errors); the fixture's own parts stay silent. */
    logger?: pino.Logger
    /**
     * 'empty': a migrated store with no data instead of the backfilled copy, for tests that write
     * their own hand-worked rows (and materialise them with `rebuild`).
     */
    store?: 'backfilled' | 'empty'
    /** The clock of the API and the store (default: FIXTURE.now); the accounts keep their own. */
    now?: () => number
    /** A web build to serve beside the API (its server render included), as `ludex run` does. */
    staticDir?: string
    /** Serve the pages' hot reads as `ludex run` does (api/src/cache/hot-reads.ts); default off. */
    hotReads?: boolean
  } = {},
): Promise<ApiFixture> {
  const model = createPlatformModel({ seed: FIXTURE.seed, experiences: FIXTURE.experiences })
  const empty = options.store === 'empty'
  if (!empty && !(await exists(join(templateDir(), 'pglite')))) await buildTemplate(model)
  const dataDir = await mkdtemp(join(tmpdir(), 'ludex-api-'))
  if (!empty) await cp(templateDir(), dataDir, { recursive: true })
  const mailbox = await startMailbox()
  const config = configFor(dataDir, {
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'Ludex <accounts@ludex.test>',
    ...options.env,
  })
  const clock = { now: options.now ?? (() => FIXTURE.now) }
  let accountsOffsetMs = 0
  const accountsNow = () => FIXTURE.now + accountsOffsetMs
  const appDb = await openAppDatabase({ pgliteDir: join(dataDir, 'pglite'), logger })
  await migrateAppDatabase(appDb.db, logger)
  const mailer = createSmtpMailer({ url: mailbox.url, from: config.MAIL_FROM, logger })
  const accounts = createAccounts({
    config,
    db: appDb.db,
    mailer,
    logger,
    now: accountsNow,
    // A fresh sealing key for event credentials' secrets, as the CLI's key file would be.
    credentialsKey: randomBytes(32),
    ...(options.googleKeys && { googleKeys: options.googleKeys }),
  })
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
  const curator = await accounts.store.users.create({
    email: `curator-${randomBytes(4).toString('hex')}@example.com`,
    passwordHash: null,
    firstName: 'Fixture',
    lastName: 'Curator',
    role: 'editor',
    emailVerified: true,
    analyticsId: randomBytes(16).toString('hex'),
    createdAt: new Date(FIXTURE.now),
  })
  const tags: TagRecord[] = []
  for (const t of options.tags?.(placeIds) ?? [{ name: 'Fixture tag', placeIds: placeIds.slice(0, 40) }]) {
    const at = new Date(FIXTURE.now)
    const created = await accounts.store.tags.create(
      { name: t.name, global: t.global ?? true, ownerId: curator.id },
      at,
    )
    const saved = await accounts.store.tags.update(created.id, { placeIds: t.placeIds }, at)
    tags.push(saved?.tag ?? created)
  }
  const trackingRequests = createInMemoryTrackingRequests()
  const seen = new Map<RouteDef, Set<number>>()
  const computed = { n: 0 }
  const cache = countingCache(createMemoryAggregateCache(clock.now), computed)
  const deps: ApiDeps = {
    clickhouse: pipeline.client,
    badges: (universeId) => fetchBadgeStats(roblox, universeId),
    cache,
    now: clock.now,
    logger,
    // With hot reads, as `ludex run` wires them: the staff edits and tag reads kept too.
    accounts: options.hotReads ? withKeptAppReads(accounts, clock.now) : accounts,
    // As `ludex run` wires it: the simulator's rates unless EXCHANGE_RATES_URL names a provider.
    exchangeRates: cachedExchangeRates({
      source: exchangeRatesClient({ url: config.EXCHANGE_RATES_URL ?? simulator.exchangeRatesUrl }),
      cache,
      now: clock.now,
    }),
    ...(config.CODE_LIBRARY_URL && { codeLibraryUrl: config.CODE_LIBRARY_URL }),
    site: siteInfoOf(config),
    trackPlaces: (ids) => trackingRequests.request(ids),
    publisher: pipeline.bus,
    // As `ludex run` wires it: each place's history start kept for a slot.
    historyStarts: createHistoryStarts({ store: { clickhouse: pipeline.client, logger }, now: clock.now }),
    dumpsDir: join(dataDir, DUMPS_DIR),
    // As `ludex run` wires it: the tracked experiences kept for the search and the paged list.
    experienceIndexes: createExperienceIndexes({ now: clock.now }),
    ...(options.hotReads && {
      hotReads: createHotReads({ store: { clickhouse: pipeline.client, logger }, now: clock.now }),
    }),
  }
  const appOf = (withDeps: ApiDeps) =>
    createApiApp({
      logger: options.logger ?? logger,
      readiness: async () => ({ store: { ok: true } }),
      deps: withDeps,
      allowedOrigins: [publicUrl(config), ...config.ALLOWED_ORIGINS],
      trustProxy: config.TRUST_PROXY,
      ...(options.staticDir && { staticDir: options.staticDir }),
      validateResponses: true,
      onValidResponse: (route, status) => {
        const statuses = seen.get(route) ?? new Set<number>()
        statuses.add(status)
        seen.set(route, statuses)
      },
    })
  const server = await listen(appOf(deps), '127.0.0.1', 0)
  const { hotReads, ...withoutHotReads } = deps
  const plainServer = hotReads ? await listen(appOf({ ...withoutHotReads, accounts }), '127.0.0.1', 0) : null
  return {
    url: server.url,
    urlWithoutHotReads: plainServer?.url ?? server.url,
    model,
    now: FIXTURE.now,
    config,
    seen,
    placeIds,
    tags,
    curator,
    trackingRequests,
    clickhouse: pipeline.client,
    bus: pipeline.bus,
    raw: async <T>(query: string, params: Record<string, unknown> = {}) => {
      const rs = await pipeline.client.query({ query, query_params: params, format: 'JSONEachRow' })
      return rs.json<T>()
    },
    computations: () => computed.n,
    accounts,
    mailbox,
    advanceClock: (ms) => {
      accountsOffsetMs += ms
    },
    close: async () => {
      await plainServer?.close()
      await server.close()
      await accounts.auth.flush()
      await mailer.close()
      await appDb.close()
      await mailbox.close()
      await simulator.close()
      await pipeline.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Sends a JSON body (POST/PUT/DELETE) with the fixture's headers; parses the JSON answer. */
export async function sendJson<T = unknown>(
  fixture: ApiFixture,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${fixture.url}${path}`, {
    method,
    headers: {
      ...fixture.headers,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers }
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
