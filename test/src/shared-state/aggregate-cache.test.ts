import { type CacheOperation, createRedisAggregateCache, type RedisAggregateCacheOptions } from '@ludex/api'
import { aggregateCacheContract, counted, gated } from '@ludex/api/testing'
import { waitFor } from '@ludex/schemas/testing'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { useRedisServer } from '../harness/redis-fixture.ts'

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
const HOUR = 3_600_000

const redis = useRedisServer()
const connect = redis.connect

/** Replicas of one deployment: one prefix, a connection each. */
async function replicas(
  n: number,
  options: Partial<Omit<RedisAggregateCacheOptions, 'redis' | 'prefix' | 'logger'>> = {},
) {
  const prefix = redis.prefix('c')
  return Promise.all(
    Array.from({ length: n }, async () =>
      createRedisAggregateCache({ redis: await connect(), prefix, logger, ...options }),
    ),
  )
}

aggregateCacheContract('Redis', async () => (await replicas(1))[0]!)
// The same cases with every read going to Redis, so the in-process layer cannot hide a Redis bug.
aggregateCacheContract(
  'Redis without the in-process layer',
  async () => (await replicas(1, { localTtlMs: 0 }))[0]!,
)

describe('the aggregate cache on Redis, across replicas', () => {
  it("two replicas share entries: one computes, the other reads the first one's value", async () => {
    const [a, b] = await replicas(2)
    const onA = counted({ list: [1, 2, 3] })
    const onB = counted({ list: [] })
    expect(await a!.get('place:slim', HOUR, onA)).toEqual({ list: [1, 2, 3] })
    expect(await b!.get('place:slim', HOUR, onB)).toEqual({ list: [1, 2, 3] })
    expect(onA.calls + onB.calls).toBe(1)
  })

  it("a reset on one replica replaces the entry the other one reads (after at most the other's local layer)", async () => {
    const [a, b] = await replicas(2, { localTtlMs: 0 })
    await a!.get('stats:tag:1', HOUR, async () => 'old')
    expect(await b!.get('stats:tag:1', HOUR, async () => 'never')).toBe('old')
    expect(await a!.get('stats:tag:1', HOUR, async () => 'new', { reset: true })).toBe('new')
    expect(await b!.get('stats:tag:1', HOUR, async () => 'never')).toBe('new')
  })

  it('concurrent misses on two replicas compute once: the second waits for the first', async () => {
    const [a, b] = await replicas(2, { waitMs: 20_000 })
    const slow = gated('from a')
    const onB = counted('from b')
    const first = a!.get('stats:heavy', HOUR, slow.fn)
    await slow.running
    const second = b!.get('stats:heavy', HOUR, onB)
    slow.open()
    expect(await Promise.all([first, second])).toEqual(['from a', 'from a'])
    expect(onB.calls).toBe(0)
  })

  it('a failed computation on one replica sends the waiting one to compute at once, not after its wait', async () => {
    const [a, b] = await replicas(2, { waitMs: 60_000 })
    let fail: () => void = () => {}
    const failing = new Promise<void>((r) => (fail = r))
    let started: () => void = () => {}
    const running = new Promise<void>((r) => (started = r))
    const first = a!.get('stats:broken', HOUR, async () => {
      started()
      await failing
      throw new Error('query failed')
    })
    await running
    const onB = counted('from b')
    const second = b!.get('stats:broken', HOUR, onB)
    const failedAt = Date.now()
    fail()
    await expect(first).rejects.toThrow('query failed')
    expect(await second).toBe('from b')
    expect(onB.calls).toBe(1)
    // The lock went with the failure: nowhere near the 60 s wait.
    expect(Date.now() - failedAt).toBeLessThan(10_000)
    expect(await a!.get('stats:broken', HOUR, async () => 'never')).toBe('from b')
  })

  it('a lock left by a replica that died costs a bounded wait, then the entry is computed', async () => {
    const prefix = redis.prefix('c')
    const raw = await connect()
    await raw.set(`${prefix}:cache:l:orphan`, 'dead-replica', 'PX', 60_000)
    const cache = createRedisAggregateCache({ redis: await connect(), prefix, logger, waitMs: 300 })
    const compute = counted('computed')
    const startedAt = Date.now()
    expect(await cache.get('orphan', HOUR, compute)).toBe('computed')
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(300)
    expect(compute.calls).toBe(1)
    expect(await cache.get('orphan', HOUR, async () => 'never')).toBe('computed')
  })

  it('clear() removes only its own deployment’s entries, by prefix', async () => {
    const [mine] = await replicas(1, { localTtlMs: 0 })
    const [theirs] = await replicas(1, { localTtlMs: 0 })
    const many = Array.from({ length: 1_200 }, (_, i) => `k${i}`)
    await Promise.all(many.map((k) => mine!.get(k, HOUR, async () => k)))
    await theirs!.get('k0', HOUR, async () => 'theirs')
    await mine!.clear()
    expect(await mine!.get('k0', HOUR, async () => 'again')).toBe('again')
    expect(await mine!.get('k1199', HOUR, async () => 'again')).toBe('again')
    expect(await theirs!.get('k0', HOUR, async () => 'never')).toBe('theirs')
  })

  it('serves a fresh entry from the in-process layer without asking Redis', async () => {
    const prefix = redis.prefix('c')
    const raw = await connect()
    const layered = createRedisAggregateCache({ redis: await connect(), prefix, logger, localTtlMs: 60_000 })
    const direct = createRedisAggregateCache({ redis: await connect(), prefix, logger, localTtlMs: 0 })
    await layered.get('place:slim', HOUR, async () => 'cached')
    expect(await direct.get('place:slim', HOUR, async () => 'never')).toBe('cached')
    await raw.del(`${prefix}:cache:v:place:slim`)
    // The layer still has it; a replica without the layer finds Redis empty.
    expect(await layered.get('place:slim', HOUR, async () => 'recomputed')).toBe('cached')
    expect(await direct.get('place:slim', HOUR, async () => 'recomputed')).toBe('recomputed')
  })

  it('computes within its time bound when Redis stops answering (CLIENT PAUSE)', async () => {
    const fallbacks: CacheOperation[] = []
    const [cache] = await replicas(1, { timeoutMs: 100, onFallback: (op) => fallbacks.push(op) })
    const admin = await connect()
    await admin.call('CLIENT', 'PAUSE', '1500', 'ALL')
    const startedAt = Date.now()
    expect(await cache!.get('paused', HOUR, async () => 'computed')).toBe('computed')
    expect(Date.now() - startedAt).toBeLessThan(1_000)
    expect(fallbacks).toContain('read')
  })

  it('falls back to computing while Redis is down, counted, and caches again once it is back', async () => {
    const fallbacks: CacheOperation[] = []
    const [cache] = await replicas(1, { localTtlMs: 0, onFallback: (op) => fallbacks.push(op) })
    await cache!.get('k', HOUR, async () => 'before')
    await redis.server.shutdown()
    try {
      const during = counted('during')
      expect(await cache!.get('k', HOUR, during)).toBe('during')
      expect(await cache!.get('k', HOUR, during)).toBe('during')
      expect(await cache!.get('k', HOUR, during, { reset: true })).toBe('during')
      expect(during.calls).toBe(3)
      expect(fallbacks.filter((op) => op === 'read')).toHaveLength(2)
      expect(fallbacks).toContain('write')
    } finally {
      await redis.server.start()
    }
    // ioredis reconnects on its own; from then on entries are stored and read again.
    let attempt = 0
    await waitFor(
      'entries stored and read again',
      async () => {
        const key = `back:${++attempt}`
        await cache!.get(key, HOUR, async () => 'stored')
        return (await cache!.get(key, HOUR, async () => 'missed')) === 'stored'
      },
      { timeoutMs: 15_000, everyMs: 50 },
    )
  })
})
