import { openSharedState } from '@ludex/cli'
import { loadConfig } from '@ludex/schemas'
import { Redis } from 'ioredis'
import pino from 'pino'
import { Registry } from 'prom-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../harness/redis-server.ts'

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
const clock = { now: () => Date.now() }
const HOUR = 3_600_000

describe('openSharedState with REDIS_URL', () => {
  let redis: RedisServer

  beforeAll(async () => {
    redis = await startRedisServer()
  })
  afterAll(async () => {
    await redis?.stop()
  })

  it('selects the Redis adapters under SCHEDULER_PREFIX, shared by every process of the deployment', async () => {
    const config = loadConfig({ REDIS_URL: redis.url, SCHEDULER_PREFIX: 'deploy-a' })
    const [api1, api2] = await Promise.all([
      openSharedState(config, logger, { clock }),
      openSharedState(config, logger, { clock }),
    ])
    try {
      expect(api1.kind).toBe('redis')
      expect(await api1.cache.get('creator:list', HOUR, async () => ['c1'])).toEqual(['c1'])
      expect(await api2.cache.get('creator:list', HOUR, async () => ['other'])).toEqual(['c1'])
      await (await api1.tracker()).add({ universeId: 1, placeId: 2 }, 'discovery', 3)
      expect((await api2.tracker()).list()).toEqual([
        { universeId: 1, placeId: 2, source: 'discovery', since: 3 },
      ])
      await api1.changeMemory.remember([['details:1', '{}']])
      expect(await api2.changeMemory.recall(['details:1'])).toEqual(new Map([['details:1', '{}']]))
      // What one process asks to be tracked, another takes.
      await api1.trackingRequests.request([77])
      expect(await api2.trackingRequests.take(5)).toEqual([77])
      // One rate-limit budget for both API processes.
      const rule = { limit: 2, windowMs: HOUR }
      expect((await api1.rateLimiter.take('login:ip:203.0.113.1', rule)).count).toBe(1)
      expect(await api2.rateLimiter.take('login:ip:203.0.113.1', rule)).toMatchObject({
        allowed: true,
        count: 2,
      })
      expect((await api1.rateLimiter.take('login:ip:203.0.113.1', rule)).allowed).toBe(false)
      // Everything it wrote is under the deployment's prefix.
      const raw = new Redis(redis.url)
      try {
        const keys: string[] = []
        for await (const batch of raw.scanStream({ count: 100 }) as AsyncIterable<string[]>)
          keys.push(...batch)
        expect(keys.length).toBeGreaterThan(0)
        for (const key of keys) expect(key.startsWith('deploy-a:')).toBe(true)
      } finally {
        raw.disconnect()
      }
    } finally {
      await Promise.all([api1.close(), api2.close()])
    }
  })

  it('counts the cache calls that found Redis down in ludex_cache_fallbacks_total, and answers them', async () => {
    const registry = new Registry()
    const config = loadConfig({ REDIS_URL: redis.url, SCHEDULER_PREFIX: 'deploy-b' })
    const state = await openSharedState(config, logger, { clock, registry })
    try {
      await redis.shutdown()
      expect(await state.cache.get('platform:genre', HOUR, async () => 'computed')).toBe('computed')
      const metric = await registry.getSingleMetricAsString('ludex_cache_fallbacks_total')
      expect(metric).toMatch(/ludex_cache_fallbacks_total\{operation="read"\} 1/)
    } finally {
      await redis.start()
      await state.close()
    }
  })

  it('recomputes and replaces an entry that is not JSON', async () => {
    const config = loadConfig({ REDIS_URL: redis.url, SCHEDULER_PREFIX: 'deploy-c' })
    const state = await openSharedState(config, logger, { clock })
    const raw = new Redis(redis.url)
    try {
      await raw.set('deploy-c:cache:v:place:slim', '{not json', 'PX', HOUR)
      expect(await state.cache.get('place:slim', HOUR, async () => [1])).toEqual([1])
      expect(JSON.parse((await raw.get('deploy-c:cache:v:place:slim')) ?? 'null')).toEqual([1])
    } finally {
      raw.disconnect()
      await state.close()
    }
  })
})
