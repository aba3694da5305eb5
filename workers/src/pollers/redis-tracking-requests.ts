import type { Redis } from 'ioredis'
import type { TrackingRequests } from './tracking-requests.ts'

export interface RedisTrackingRequestsOptions {
  /** A connection the caller owns (and closes). */
  readonly redis: Redis
  /** Key prefix (SCHEDULER_PREFIX): the requests are the set `<prefix>:tracker:requests`. */
  readonly prefix: string
}

export class TrackingRequestsStoreError extends Error {
  constructor(operation: string, options: { cause: unknown }) {
    super(`shared tracking requests: ${operation} failed`, options)
    this.name = 'TrackingRequestsStoreError'
  }
}

/** Ids per SADD. */
const IDS_PER_COMMAND = 1000

/**
 * The tracking requests of the distributed shape: one Redis set. SADD makes a repeated request count
 * once; SPOP with a count hands each id to exactly one taker, whichever poller process asks.
 */
export function createRedisTrackingRequests(options: RedisTrackingRequestsOptions): TrackingRequests {
  const { redis } = options
  const key = `${options.prefix}:tracker:requests`
  return {
    async request(placeIds) {
      try {
        for (let i = 0; i < placeIds.length; i += IDS_PER_COMMAND) {
          await redis.sadd(key, ...placeIds.slice(i, i + IDS_PER_COMMAND).map(String))
        }
      } catch (err) {
        throw new TrackingRequestsStoreError('request', { cause: err })
      }
    },
    async take(max) {
      try {
        const taken = await redis.spop(key, max)
        return taken.map(Number).sort((a, b) => a - b)
      } catch (err) {
        throw new TrackingRequestsStoreError('take', { cause: err })
      }
    },
  }
}
