import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { abortableSleep, budgetKeyOf, DEFAULT_EGRESS, type HostPacer } from './pacing.ts'

export interface RedisPacerOptions {
  /** A connection the caller owns (and closes). */
  readonly redis: Redis
  /** Key prefix (SCHEDULER_PREFIX); budgets live under `<prefix>:pace:<egress>/<host>`. */
  readonly prefix?: string
  /**
   * The egress this process's requests leave by (`egressLabel`): processes of one egress share a
   * budget per host, processes of different egresses each have their own. Default DEFAULT_EGRESS.
   */
  readonly egress?: string
  /** Minimum spacing of requests to one host, across every process sharing the Redis. */
  readonly intervalMs: number
  /** Fraction of the interval added or removed at random (0.25 = ±25%). */
  readonly jitter: number
  /** Upper bound of the throttle slowdown factor. */
  readonly maxSlowdown?: number
  readonly logger: Logger
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  readonly random?: () => number
}

export class RateLimiterError extends Error {
  constructor(host: string, options: { cause: unknown }) {
    super(`shared rate limiter unavailable for ${host}`, options)
    this.name = 'RateLimiterError'
  }
}

/** Idle host state expires, so a renamed or retired host leaves nothing behind. */
const STATE_TTL_MS = 3_600_000

/**
 * Takes the host's turn if it is free. The server's clock decides (TIME), so processes whose clocks
 * disagree still space their requests correctly. Returns {wait ms (0 = granted), factor}.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local s = redis.call('HMGET', KEYS[1], 'nextAt', 'factor')
local nextAt = tonumber(s[1]) or 0
local factor = tonumber(s[2]) or 1
if nextAt > now then
  return {nextAt - now, tostring(factor)}
end
redis.call('HSET', KEYS[1], 'nextAt', now + math.floor(tonumber(ARGV[1]) * factor * tonumber(ARGV[2])), 'factor', tostring(factor))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {0, tostring(factor)}
`

/** Throttled: nothing starts before now + wait, and the spacing doubles (up to the cap). */
const PENALIZE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local s = redis.call('HMGET', KEYS[1], 'nextAt', 'factor')
local nextAt = tonumber(s[1]) or 0
local factor = math.min(tonumber(ARGV[2]), (tonumber(s[2]) or 1) * 2)
redis.call('HSET', KEYS[1], 'nextAt', math.max(nextAt, now + tonumber(ARGV[1])), 'factor', tostring(factor))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return tostring(factor)
`

/** A success: the widened spacing recovers by 10%. */
const RELAX = `
local f = tonumber(redis.call('HGET', KEYS[1], 'factor') or '1')
if f > 1 then
  f = math.max(1, f * 0.9)
  redis.call('HSET', KEYS[1], 'factor', tostring(f))
end
return tostring(f)
`

interface LocalHost {
  /** The last turn handed out in this process; the next waits for it. */
  tail: Promise<void>
  factor: number
}

/**
 * The per-host pacer of the distributed shape: the same HostPacer as the in-memory one, its state in
 * Redis so every poller process of one egress draws from one budget per upstream host. Within a process, callers
 * queue locally and only the head asks Redis, so contention grows with processes, not with requests.
 * penalize and relax are fire-and-forget (the interface is synchronous); commands on one connection
 * run in order, so the next acquire already sees them.
 */
export function createRedisHostPacer(options: RedisPacerOptions): HostPacer {
  const { redis, logger } = options
  const prefix = options.prefix ?? 'ludex'
  const maxSlowdown = options.maxSlowdown ?? 8
  const sleep = options.sleep ?? abortableSleep
  const random = options.random ?? Math.random
  const hosts = new Map<string, LocalHost>()
  const egress = options.egress ?? DEFAULT_EGRESS
  const keyOf = (host: string) => `${prefix}:pace:${budgetKeyOf(egress, host)}`
  const stateOf = (host: string): LocalHost => {
    let s = hosts.get(host)
    if (!s) {
      s = { tail: Promise.resolve(), factor: 1 }
      hosts.set(host, s)
    }
    return s
  }

  const takeTurn = async (host: string, s: LocalHost, signal?: AbortSignal) => {
    for (;;) {
      signal?.throwIfAborted()
      const spread = 1 + options.jitter * (random() * 2 - 1)
      let reply: [number, string]
      try {
        reply = (await redis.eval(ACQUIRE, 1, keyOf(host), options.intervalMs, spread, STATE_TTL_MS)) as [
          number,
          string,
        ]
      } catch (err) {
        throw new RateLimiterError(host, { cause: err })
      }
      s.factor = Number(reply[1])
      if (reply[0] <= 0) return
      await sleep(reply[0], signal)
    }
  }

  const fireAndForget = (host: string, what: string, p: Promise<unknown>, onFactor: (f: number) => void) => {
    p.then(
      (f) => onFactor(Number(f)),
      (err: unknown) => logger.warn({ err, host }, `shared rate limiter: ${what} failed`),
    )
  }

  return {
    acquire(host, signal) {
      const s = stateOf(host)
      const turn = s.tail.then(() => takeTurn(host, s, signal))
      s.tail = turn.catch(() => {})
      if (!signal) return turn
      // An aborted caller stops waiting at once; its queued turn then passes without taking a slot.
      return new Promise<void>((resolve, reject) => {
        if (signal.aborted) {
          reject(signal.reason)
          return
        }
        const onAbort = () => reject(signal.reason)
        signal.addEventListener('abort', onAbort, { once: true })
        turn.then(
          () => {
            signal.removeEventListener('abort', onAbort)
            resolve()
          },
          (err: unknown) => {
            signal.removeEventListener('abort', onAbort)
            reject(err)
          },
        )
      })
    },
    penalize(host, waitMs) {
      const s = stateOf(host)
      s.factor = Math.min(maxSlowdown, s.factor * 2)
      fireAndForget(
        host,
        'penalize',
        redis.eval(PENALIZE, 1, keyOf(host), Math.ceil(waitMs), maxSlowdown, STATE_TTL_MS),
        (f) => {
          s.factor = f
        },
      )
    },
    relax(host) {
      const s = stateOf(host)
      if (s.factor <= 1) return
      s.factor = Math.max(1, s.factor * 0.9)
      fireAndForget(host, 'relax', redis.eval(RELAX, 1, keyOf(host)), (f) => {
        s.factor = f
      })
    },
    slowdown(host) {
      return hosts.get(host)?.factor ?? 1
    },
  }
}

/** A Redis pacer on a connection of its own, for a process that has no other use for Redis. */
export interface ConnectedRedisPacer {
  readonly pacer: HostPacer
  close(): Promise<void>
}

export function connectRedisHostPacer(
  options: Omit<RedisPacerOptions, 'redis'> & { readonly redisUrl: string },
): ConnectedRedisPacer {
  const { redisUrl, ...rest } = options
  // Commands wait while Redis is unreachable (ioredis' offline queue) instead of failing at once.
  const redis = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: null })
  redis.on('error', (err) => options.logger.warn({ err }, 'shared rate limiter: Redis connection error'))
  return {
    pacer: createRedisHostPacer({ ...rest, redis }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
