import {
  type AppDatabase,
  createAccounts,
  createPasswordHasher,
  createRedisRateLimiter,
  migrateAppDatabase,
  openAppDatabase,
  RateLimitStoreError,
  type RunningServer,
} from '@ludex/api'
import { listenWithoutStore, rateLimiterContract } from '@ludex/api/testing'
import { loadConfig } from '@ludex/schemas'
import { Redis } from 'ioredis'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useRedisServer } from '../harness/redis-fixture.ts'

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const redis = useRedisServer()
/** A connection of its own: another process, as far as Redis can tell. */
const connect = redis.connect

rateLimiterContract('Redis on redis-server', async () => ({
  limiter: createRedisRateLimiter({ redis: await connect(), prefix: 'contract' }),
  peer: createRedisRateLimiter({ redis: await connect(), prefix: 'contract' }),
  // Redis' own clock times the windows (key expiry): only real time moves it.
  elapse: sleep,
}))

describe('Redis rate limiter', () => {
  it('keeps no email or address readable in Redis, and keeps deployments with other prefixes apart', async () => {
    const conn = await connect()
    const a = createRedisRateLimiter({ redis: conn, prefix: 'deploy-a' })
    const b = createRedisRateLimiter({ redis: conn, prefix: 'deploy-b' })
    const rule = { limit: 1, windowMs: 60_000 }
    expect((await a.take('login:email:someone@example.com', rule)).allowed).toBe(true)
    expect((await a.take('login:email:someone@example.com', rule)).allowed).toBe(false)
    expect((await b.take('login:email:someone@example.com', rule)).allowed).toBe(true)
    const keys = await conn.keys('deploy-*')
    expect(keys).toHaveLength(2)
    for (const key of keys) {
      expect(key).not.toContain('someone')
      // The window is the key's time to live: nothing is left behind once it ends.
      const ttl = await conn.pttl(key)
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(60_000)
    }
  })

  it('fails the attempt with a typed error (503) when Redis cannot be reached', async () => {
    const conn = new Redis({
      host: '127.0.0.1',
      port: 1,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    })
    conn.on('error', () => {})
    const limiter = createRedisRateLimiter({ redis: conn })
    const failure = await limiter
      .take('login:ip:1', { limit: 1, windowMs: 1000 })
      .catch((err: unknown) => err)
    conn.disconnect()
    expect(failure).toBeInstanceOf(RateLimitStoreError)
    expect((failure as RateLimitStoreError).status).toBe(503)
  })
})

/**
 * Two API instances on one app database and one Redis (with `prefix`), as two replicas behind one load
 * balancer; `seed` runs once, on the first, before either listens.
 */
function useTwoReplicas(
  env: Record<string, string>,
  prefix: () => string,
  seed: (accounts: ReturnType<typeof createAccounts>) => Promise<void>,
): RunningServer[] {
  let database: AppDatabase | undefined
  const servers: RunningServer[] = []
  beforeAll(async () => {
    database = await openAppDatabase({ logger })
    await migrateAppDatabase(database.db, logger)
    const config = loadConfig({
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      LOG_LEVEL: 'silent',
      ...env,
    })
    const shared = prefix()
    for (let replica = 0; replica < 2; replica++) {
      const accounts = createAccounts({
        config,
        db: database.db,
        mailer: { send: async () => {}, close: async () => {} },
        logger,
        now: Date.now,
        limiter: createRedisRateLimiter({ redis: await connect(), prefix: shared }),
      })
      if (replica === 0) await seed(accounts)
      servers.push(await listenWithoutStore({ logger, accounts }))
    }
  }, 60_000)
  afterAll(async () => {
    for (const s of servers) await s.close()
    await database?.close()
  })
  return servers
}

/**
 * Two API replicas behind one load balancer: with the limiter in memory each granted its own
 * brute-force budget, so alternating between them doubled it. On one Redis they share one.
 */
describe('two API instances on one Redis', () => {
  const email = 'shared.budget@example.com'
  const hasher = createPasswordHasher({ memoryKib: 1024, timeCost: 1, parallelism: 1 })
  const servers = useTwoReplicas(
    { RATE_LIMIT_LOGIN: '3' },
    () => 'replicas',
    async (accounts) => {
      await accounts.store.users.create({
        email,
        passwordHash: await hasher.hash('the right password'),
        firstName: 'Shared',
        lastName: 'Budget',
        emailVerified: true,
        analyticsId: 'shared-budget',
        createdAt: new Date(),
      })
    },
  )

  const login = async (server: RunningServer, password: string) => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    return res.status
  }

  it('counts failures on either instance against one budget', async () => {
    const [a, b] = servers as [RunningServer, RunningServer]
    // Three failures (the limit) spread over both instances...
    expect([await login(a, 'guess 1'), await login(b, 'guess 2'), await login(a, 'guess 3')]).toEqual([
      401, 401, 401,
    ])
    // ...spend the address's budget on both: the other instance refuses the fourth as well.
    expect(await login(b, 'guess 4')).toBe(429)
    expect(await login(a, 'the right password')).toBe(429)
  })
})

/**
 * The public API's budgets (issue 21.3) on Redis: an address's calls and a key's calls are counted
 * once across replicas, and every answer's RateLimit-Remaining says what is left of the shared budget.
 */
describe('the public API budget shared by two API instances on one Redis', () => {
  let key = ''
  const servers = useTwoReplicas(
    { RATE_LIMIT_API: '3', RATE_LIMIT_API_KEY: '5' },
    // Fresh prefix per run: the shared redis-server keeps earlier runs' windows.
    () => `api-budget-${Date.now()}`,
    async (accounts) => {
      const user = await accounts.store.users.create({
        email: 'api.budget@example.com',
        passwordHash: null,
        firstName: 'Api',
        lastName: 'Budget',
        emailVerified: true,
        analyticsId: 'api-budget',
        createdAt: new Date(),
      })
      key = (await accounts.apiKeys.create(user.id, 'shared')).key
    },
  )

  const remaining = async (server: RunningServer, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/api/site`, { headers })
    return [res.status, res.headers.get('ratelimit-remaining'), res.headers.get('retry-after')]
  }

  it('counts an address’s calls on either instance against one budget', async () => {
    const [a, b] = servers as [RunningServer, RunningServer]
    expect([await remaining(a), await remaining(b), await remaining(a)]).toEqual([
      [200, '2', null],
      [200, '1', null],
      [200, '0', null],
    ])
    const [status, left, retry] = await remaining(b)
    expect([status, left]).toEqual([429, '0'])
    expect(Number(retry)).toBeGreaterThanOrEqual(1)
  })

  it('counts a key’s calls on either instance against the key’s own budget', async () => {
    const [a, b] = servers as [RunningServer, RunningServer]
    const bearer = { authorization: `Bearer ${key}` }
    const seen = []
    for (let i = 0; i < 6; i++) seen.push((await remaining(i % 2 === 0 ? a : b, bearer)).slice(0, 2))
    expect(seen).toEqual([
      [200, '4'],
      [200, '3'],
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ])
  })
})
