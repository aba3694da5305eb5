import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { type AggregateCache, type CacheTtl, ttlOf } from './aggregate-cache.ts'

/** The Redis calls the cache makes; a failure of one is absorbed and counted under its name. */
export type CacheOperation = 'read' | 'wait' | 'write' | 'clear'

export interface RedisAggregateCacheOptions {
  /** A connection the caller owns (and closes). */
  readonly redis: Redis
  /** Key prefix (SCHEDULER_PREFIX): entries under `<prefix>:cache:v:`, locks under `<prefix>:cache:l:`. */
  readonly prefix: string
  readonly logger: Logger
  /**
   * An entry read from (or written to) Redis is served from this process for up to this long, never
   * past its TTL: the slim list is hundreds of kB of JSON read on every page load, and parsing it per
   * request would cost more than the query it saves. 0 turns the layer off. Another replica's reset
   * reaches this one after at most this long.
   */
  readonly localTtlMs?: number
  /** Entries the in-process layer keeps (oldest dropped first). */
  readonly maxLocalEntries?: number
  /** Bound on each Redis round trip; a slower one counts as a failure and the request computes. */
  readonly timeoutMs?: number
  /** How long the replica computing a missing entry holds its lock (others wait for it meanwhile). */
  readonly lockMs?: number
  /** How long a replica waits for another's computation before computing the entry itself. */
  readonly waitMs?: number
  /** How often a waiting replica checks whether the entry has arrived. */
  readonly pollMs?: number
  /** Called for every Redis failure the cache absorbed (a metric counts them). */
  readonly onFallback?: (operation: CacheOperation) => void
  readonly now?: () => number
}

export class CacheStoreError extends Error {
  constructor(operation: CacheOperation, options: { cause: unknown }) {
    super(`aggregate cache: Redis ${operation} failed`, options)
    this.name = 'CacheStoreError'
  }
}

/**
 * The entry with its remaining TTL if there is one; otherwise the lock for this replica if nobody holds
 * it. One atomic step, so an entry stored just before is never missed and computed again.
 * KEYS: entry, lock. ARGV: token, lock ms. Returns {1, value, pttl}, {2} (locked for us) or {3} (busy).
 */
const READ_OR_LOCK = `
local v = redis.call('GET', KEYS[1])
if v then return {1, v, redis.call('PTTL', KEYS[1])} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {2} end
return {3}
`

/** Stores the entry and releases the lock if this replica still holds it. KEYS: entry, lock. */
const STORE_AND_UNLOCK = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
if ARGV[3] ~= '' and redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end
return 1
`

/** Releases the lock if this replica still holds it (after a failed computation). */
const UNLOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`

/** Redis could not be asked: the caller computes without the shared copy. */
const UNAVAILABLE = Symbol('unavailable')

/** What a replica found: the entry, its turn to compute it (with the lock's token, or none), or a wait. */
type Found =
  | { readonly kind: 'hit'; readonly value: unknown; readonly pttl: number }
  | { readonly kind: 'compute'; readonly token: string | null }
  | { readonly kind: 'busy' }

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The aggregate cache on Redis, shared by every API replica: values as JSON text with a TTL (PX).
 * Concurrent misses in one process share one computation; across replicas, the first to miss takes a
 * short lock (SET NX PX) and the others wait for its entry, up to `waitMs`, then compute themselves
 * (a replica that died holding the lock costs a bounded wait, never a failed request). A Redis
 * failure or timeout never fails the request: it is logged (throttled), counted, and the value is
 * computed as if there were no cache.
 */
export function createRedisAggregateCache(options: RedisAggregateCacheOptions): AggregateCache {
  const { redis, logger } = options
  const now = options.now ?? Date.now
  const localTtlMs = options.localTtlMs ?? 2_000
  const maxLocalEntries = options.maxLocalEntries ?? 1_000
  const timeoutMs = options.timeoutMs ?? 500
  const lockMs = options.lockMs ?? 15_000
  const waitMs = options.waitMs ?? 5_000
  const pollMs = options.pollMs ?? 25
  const entryKey = (key: string) => `${options.prefix}:cache:v:${key}`
  const lockKey = (key: string) => `${options.prefix}:cache:l:${key}`

  const local = new Map<string, { expires: number; value: unknown }>()
  const inflight = new Map<string, Promise<unknown>>()

  // A Redis outage would otherwise log once per request.
  let lastWarnAt = Number.NEGATIVE_INFINITY
  let suppressed = 0
  const absorb = (operation: CacheOperation, err: unknown): typeof UNAVAILABLE => {
    options.onFallback?.(operation)
    const t = now()
    if (t - lastWarnAt >= 10_000) {
      logger.warn(
        { err, operation, suppressed },
        'aggregate cache: Redis unavailable, computing without the shared copy',
      )
      lastWarnAt = t
      suppressed = 0
    } else {
      suppressed++
    }
    return UNAVAILABLE
  }

  const bounded = <T>(operation: CacheOperation, p: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new CacheStoreError(operation, { cause: new Error(`no reply within ${timeoutMs} ms`) })),
        timeoutMs,
      )
    })
    return Promise.race([p, timeout]).finally(() => clearTimeout(timer))
  }

  const keepLocally = (key: string, value: unknown, ttlMs: number) => {
    if (localTtlMs <= 0 || ttlMs <= 0) return
    local.delete(key)
    local.set(key, { expires: now() + Math.min(localTtlMs, ttlMs), value })
    if (local.size > maxLocalEntries) {
      const oldest = local.keys().next().value
      if (oldest !== undefined) local.delete(oldest)
    }
  }

  const readOrLock = async (key: string): Promise<Found | typeof UNAVAILABLE> => {
    const token = randomUUID()
    let reply: unknown
    try {
      reply = await bounded('read', redis.eval(READ_OR_LOCK, 2, entryKey(key), lockKey(key), token, lockMs))
    } catch (err) {
      return absorb('read', err)
    }
    const [state, text, pttl] = reply as [number, string?, number?]
    if (state === 2) return { kind: 'compute', token }
    if (state !== 1 || typeof text !== 'string') return { kind: 'busy' }
    try {
      return { kind: 'hit', value: JSON.parse(text), pttl: typeof pttl === 'number' && pttl > 0 ? pttl : 0 }
    } catch (err) {
      // Unreadable: recomputed and replaced without the lock (a reset, in effect).
      logger.warn({ err, key }, 'aggregate cache: unreadable entry, recomputing')
      return { kind: 'compute', token: null }
    }
  }

  /** Waits until the entry exists ('ready'), nobody computes it any more ('free'), or the deadline. */
  const waitForOther = async (key: string, deadline: number) => {
    while (now() < deadline) {
      await sleep(pollMs)
      let replies: Array<[Error | null, unknown]> | null
      try {
        replies = await bounded('wait', redis.pipeline().exists(entryKey(key)).exists(lockKey(key)).exec())
      } catch (err) {
        return absorb('wait', err)
      }
      const [[err, hasEntry] = [null, 0], [, hasLock] = [null, 0]] = replies ?? []
      if (err) return absorb('wait', err)
      if (hasEntry === 1) return 'ready'
      if (hasLock !== 1) return 'free'
    }
    return 'timeout'
  }

  const computeAndStore = async <T>(
    key: string,
    ttl: CacheTtl<T>,
    compute: () => Promise<T>,
    token: string | null,
  ): Promise<T> => {
    let value: T
    try {
      value = await compute()
    } catch (err) {
      // Not cached; the lock goes at once so a waiting replica tries itself instead of waiting it out.
      if (token !== null) {
        await bounded('write', redis.eval(UNLOCK, 1, lockKey(key), token)).catch((e: unknown) =>
          absorb('write', e),
        )
      }
      throw err
    }
    const ttlMs = ttlOf(ttl, value)
    try {
      await bounded(
        'write',
        redis.eval(
          STORE_AND_UNLOCK,
          2,
          entryKey(key),
          lockKey(key),
          JSON.stringify(value),
          // PX takes a positive integer.
          Math.max(1, Math.round(ttlMs)),
          token ?? '',
        ),
      )
    } catch (err) {
      absorb('write', err)
    }
    keepLocally(key, value, ttlMs)
    return value
  }

  /** Without Redis: computed here, and kept only in this process's layer. */
  const computeHere = async <T>(key: string, ttl: CacheTtl<T>, compute: () => Promise<T>): Promise<T> => {
    const value = await compute()
    keepLocally(key, value, ttlOf(ttl, value))
    return value
  }

  const resolve = async <T>(
    key: string,
    ttl: CacheTtl<T>,
    compute: () => Promise<T>,
    reset: boolean,
  ): Promise<T> => {
    if (reset) return computeAndStore(key, ttl, compute, null)
    const deadline = now() + waitMs
    for (;;) {
      const found = await readOrLock(key)
      if (found === UNAVAILABLE) return computeHere(key, ttl, compute)
      if (found.kind === 'compute') return computeAndStore(key, ttl, compute, found.token)
      if (found.kind === 'hit') {
        keepLocally(key, found.value, found.pttl)
        return found.value as T
      }
      const waited = await waitForOther(key, deadline)
      if (waited === UNAVAILABLE) return computeHere(key, ttl, compute)
      if (waited === 'timeout') break
      // 'ready' and 'free': read again.
    }
    logger.warn({ key, waitMs }, 'aggregate cache: another replica is slow to compute; computing here too')
    return computeAndStore(key, ttl, compute, null)
  }

  return {
    get<T>(key: string, ttl: CacheTtl<T>, compute: () => Promise<T>, opts?: { reset?: boolean }): Promise<T> {
      const reset = opts?.reset === true
      if (!reset) {
        const hit = local.get(key)
        if (hit && hit.expires > now()) return Promise.resolve(hit.value as T)
        const running = inflight.get(key)
        if (running) return running as Promise<T>
      }
      if (reset) local.delete(key)
      const run = resolve(key, ttl, compute, reset)
      inflight.set(key, run)
      const settle = () => {
        if (inflight.get(key) === run) inflight.delete(key)
      }
      run.then(settle, settle)
      return run
    },

    async clear() {
      local.clear()
      const stream = redis.scanStream({ match: `${options.prefix}:cache:*`, count: 500 })
      try {
        for await (const keys of stream as AsyncIterable<string[]>) {
          if (keys.length > 0) await redis.unlink(...keys)
        }
      } catch (err) {
        options.onFallback?.('clear')
        throw new CacheStoreError('clear', { cause: err })
      }
    },
  }
}
