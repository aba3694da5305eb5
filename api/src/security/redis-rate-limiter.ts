import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { RateDecision, RateLimiter } from './rate-limiter.ts'

export interface RedisRateLimiterOptions {
  /** A connection the caller owns and closes (the CLI opens one per process for all shared state). */
  readonly redis: Redis
  /** Key prefix (SCHEDULER_PREFIX), so several deployments can share one Redis. */
  readonly prefix?: string
}

/** Redis could not be asked: the attempt is neither allowed nor refused, so the call fails (503). */
export class RateLimitStoreError extends Error {
  /** Koa's error envelope answers with this status. */
  readonly status = 503
  constructor(options: { cause: unknown }) {
    super('the shared rate limiter (Redis) is unavailable', options)
    this.name = 'RateLimitStoreError'
  }
}

/**
 * Count one event if the budget has room. The window is the key's time to live, so Redis' own clock
 * times every window and replicas whose clocks disagree still share one. Returns {allowed, count, ms left}.
 */
const TAKE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  return {0, count, redis.call('PTTL', KEYS[1])}
end
count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  left = tonumber(ARGV[2])
end
return {1, count, left}
`

/** Give one event back; at zero the window is forgotten. */
const REFUND = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count <= 1 then
  redis.call('DEL', KEYS[1])
else
  redis.call('DECR', KEYS[1])
end
return 0
`

/**
 * The RateLimiter shared by every API replica on one Redis: each take is one Lua script (atomic), and
 * a window is a counter whose time to live is the window, so nothing needs cleaning up. Keys are
 * hashed: Redis holds no email or address of anyone who signed in.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const { redis } = options
  const prefix = options.prefix ?? 'ludex'
  const keyOf = (key: string) => `${prefix}:rate:${createHash('sha256').update(key).digest('base64url')}`
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (cause) {
      throw new RateLimitStoreError({ cause })
    }
  }
  return {
    async take(key, rule): Promise<RateDecision> {
      const [allowed, count, leftMs] = await call(
        () => redis.eval(TAKE, 1, keyOf(key), rule.limit, rule.windowMs) as Promise<[number, number, number]>,
      )
      const resetSeconds = Math.max(1, Math.ceil(leftMs / 1000))
      return {
        allowed: allowed === 1,
        count,
        retryAfterSeconds: allowed === 1 ? 0 : resetSeconds,
        resetSeconds,
      }
    },
    async refund(key) {
      await call(() => redis.eval(REFUND, 1, keyOf(key)))
    },
    async reset(key) {
      await call(() => redis.del(keyOf(key)))
    },
  }
}
