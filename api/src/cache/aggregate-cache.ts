/**
 * Server-side cache for heavy aggregates (tag averages with percentiles, genre series, the slim list).
 * Entries expire after their TTL; a request with `reset-cache` recomputes and replaces its entry; a
 * failed computation is not cached. Concurrent misses for one key share one computation. Values must be
 * plain JSON (the Redis adapter stores them as text), and callers must not mutate what they get.
 * In memory for the embedded shape; on Redis (`redis-aggregate-cache.ts`) when REDIS_URL is set, so
 * every API replica shares one copy.
 */
export interface AggregateCache {
  get<T>(key: string, ttl: CacheTtl<T>, compute: () => Promise<T>, options?: { reset?: boolean }): Promise<T>
  /** Drops every entry (this deployment's, on a shared store). */
  clear(): Promise<void>
}

/**
 * How long an entry lives, counted from when its computation ends: milliseconds, or a function of the
 * computed value for values that state their own expiry (exchange rates name their next update).
 */
export type CacheTtl<T> = number | ((value: T) => number)

export function ttlOf<T>(ttl: CacheTtl<T>, value: T): number {
  return typeof ttl === 'number' ? ttl : ttl(value)
}

export function createMemoryAggregateCache(now: () => number = Date.now, maxEntries = 1000): AggregateCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>()
  return {
    get<T>(key: string, ttl: CacheTtl<T>, compute: () => Promise<T>, options?: { reset?: boolean }) {
      const hit = entries.get(key)
      if (hit && !options?.reset && hit.expires > now()) return hit.value as Promise<T>
      const value = compute()
      // A computation in progress is shared; its TTL starts when it ends (a function TTL needs the value).
      const entry = { expires: Number.POSITIVE_INFINITY, value: value as Promise<unknown> }
      entries.set(key, entry)
      value.then(
        (v) => {
          const ms = ttlOf(ttl, v)
          // A TTL of 0 or less keeps nothing: the value is not held until its entry is pushed out.
          if (ms > 0) entry.expires = now() + ms
          else if (entries.get(key) === entry) entries.delete(key)
        },
        // A failed computation is not cached.
        () => {
          if (entries.get(key) === entry) entries.delete(key)
        },
      )
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      return value
    },
    clear: async () => entries.clear(),
  }
}
