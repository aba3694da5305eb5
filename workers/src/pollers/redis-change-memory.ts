import type { Redis } from 'ioredis'
import { chunk } from '../roblox/chunk.ts'
import type { ChangeMemory } from './change-memory.ts'

export interface RedisChangeMemoryOptions {
  /** A connection the caller owns (and closes). */
  readonly redis: Redis
  /** Key prefix (SCHEDULER_PREFIX): the memory is the hash `<prefix>:changes`. */
  readonly prefix: string
}

export class ChangeMemoryStoreError extends Error {
  constructor(operation: string, options: { cause: unknown }) {
    super(`shared change memory: ${operation} failed`, options)
    this.name = 'ChangeMemoryStoreError'
  }
}

/** Fields per HMGET/HSET: a thumbnails run over 100k experiences recalls 200k keys in 200 commands. */
const FIELDS_PER_COMMAND = 1000

/**
 * The change memory of the distributed shape: one Redis hash, field = key. A run's recall is one
 * pipelined round trip however many keys it has, and every poller process (and the next start of
 * this one) reads what the others remembered. No TTL: like the tracked set, it grows with the
 * experiences tracked, never with time.
 */
export function createRedisChangeMemory(options: RedisChangeMemoryOptions): ChangeMemory {
  const { redis } = options
  const key = `${options.prefix}:changes`
  return {
    async recall(keys) {
      const found = new Map<string, string>()
      if (keys.length === 0) return found
      const parts = chunk(keys, FIELDS_PER_COMMAND)
      const pipeline = redis.pipeline()
      for (const part of parts) pipeline.hmget(key, ...part)
      let replies: Array<[Error | null, unknown]> | null
      try {
        replies = await pipeline.exec()
      } catch (err) {
        throw new ChangeMemoryStoreError('recall', { cause: err })
      }
      parts.forEach((part, i) => {
        const [err, values] = replies?.[i] ?? [new Error('no reply'), null]
        if (err) throw new ChangeMemoryStoreError('recall', { cause: err })
        part.forEach((k, j) => {
          const value = (values as Array<string | null>)[j]
          if (value !== null && value !== undefined) found.set(k, value)
        })
      })
      return found
    },
    async remember(entries) {
      if (entries.length === 0) return
      const pipeline = redis.pipeline()
      for (const part of chunk(entries, FIELDS_PER_COMMAND)) pipeline.hset(key, Object.fromEntries(part))
      let replies: Array<[Error | null, unknown]> | null
      try {
        replies = await pipeline.exec()
      } catch (err) {
        throw new ChangeMemoryStoreError('remember', { cause: err })
      }
      const failed = replies?.find(([err]) => err)?.[0]
      if (failed) throw new ChangeMemoryStoreError('remember', { cause: failed })
    },
  }
}
