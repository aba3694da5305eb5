/**
 * Server-side cache for heavy aggregates (tag averages with percentiles, genre series, the slim list).
 * Entries expire after their TTL; a request with `reset-cache` recomputes and replaces its entry; a
 * failed computation is not cached. Concurrent misses for one key share one computation. Values must be
 * plain JSON (the Redis adapter stores them as text), and callers must not mutate what they get.
 * In memory for the embedded shape; on Redis (`redis-aggregate-cache.ts`) when REDIS_URL is set, so
 * every API replica shares one copy.
 */
export interface AggregateCache {
  get<T>(key: string, ttlMs: number, compute: () => Promise<T>, options?: { reset?: boolean }): Promise<T>
  /** Drops every entry (this deployment's, on a shared store). */
  clear(): Promise<void>
}

export function createMemoryAggregateCache(now: () => number = Date.now, maxEntries = 1000): AggregateCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>()
  return {
    get<T>(key: string, ttlMs: number, compute: () => Promise<T>, options?: { reset?: boolean }) {
      const hit = entries.get(key)
      if (hit && !options?.reset && hit.expires > now()) return hit.value as Promise<T>
      const value = compute()
      entries.set(key, { expires: now() + ttlMs, value })
      // A failed computation is not cached.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      return value
    },
    clear: async () => entries.clear(),
  }
}
