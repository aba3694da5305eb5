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

/** What bounds an in-memory cache besides its entries: a total weight of its values (e.g. rows). */
export interface MemoryCacheWeight {
  /** The weight of a computed value. */
  readonly of: (value: unknown) => number
  /** Beyond this total the oldest entries go first. */
  readonly max: number
}

/** The in-process cache, which can also say whether it holds a live entry (computed or in progress). */
export interface MemoryAggregateCache extends AggregateCache {
  has(key: string): boolean
}

export function createMemoryAggregateCache(
  now: () => number = Date.now,
  maxEntries = 1000,
  weight?: MemoryCacheWeight,
): MemoryAggregateCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown>; weight: number }>()
  let totalWeight = 0
  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    totalWeight -= entry.weight
    entries.delete(key)
  }
  const evict = () => {
    // Maps iterate in insertion order: the first keys are the oldest.
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && (!weight || totalWeight <= weight.max)) return
      drop(key)
    }
  }
  return {
    has(key) {
      const entry = entries.get(key)
      return entry !== undefined && entry.expires > now()
    },
    get<T>(key: string, ttl: CacheTtl<T>, compute: () => Promise<T>, options?: { reset?: boolean }) {
      const hit = entries.get(key)
      if (hit && !options?.reset && hit.expires > now()) return hit.value as Promise<T>
      drop(key)
      const value = compute()
      // A computation in progress is shared; its TTL starts when it ends (a function TTL needs the value).
      const entry = { expires: Number.POSITIVE_INFINITY, value: value as Promise<unknown>, weight: 0 }
      entries.set(key, entry)
      value.then(
        (v) => {
          if (entries.get(key) !== entry) return
          const ms = ttlOf(ttl, v)
          // A TTL of 0 or less keeps nothing: the value is not held until its entry is pushed out.
          if (ms <= 0) {
            drop(key)
            return
          }
          entry.expires = now() + ms
          if (weight) {
            entry.weight = weight.of(v)
            totalWeight += entry.weight
            evict()
          }
        },
        // A failed computation is not cached.
        () => {
          if (entries.get(key) === entry) drop(key)
        },
      )
      evict()
      return value
    },
    clear: async () => {
      entries.clear()
      totalWeight = 0
    },
  }
}
