import {
  type AggregateCache,
  createMemoryAggregateCache,
  createMemoryRateLimiter,
  createRedisAggregateCache,
  createRedisRateLimiter,
  type RateLimiter,
} from '@ludex/api'
import type { Config } from '@ludex/schemas'
import {
  type ChangeMemory,
  type Clock,
  createInMemoryChangeMemory,
  createInMemoryTracker,
  createInMemoryTrackingRequests,
  createRedisChangeMemory,
  createRedisTracker,
  createRedisTrackingRequests,
  type Tracker,
  type TrackingRequests,
} from '@ludex/workers'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { Counter, type Registry } from 'prom-client'

/**
 * The state every replica must share (DESIGN §4): the api role's aggregate cache and rate limits, the
 * poller role's tracked set and change memory, and the tracking requests from the one to the other. In memory for the embedded shape; in Redis when REDIS_URL is set, on
 * one connection this selection owns. (The scheduler's queue and the pacer keep connections of their
 * own: they wait out a Redis outage, where these fail fast.)
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis'
  /** The api role's aggregate cache. */
  readonly cache: AggregateCache
  /**
   * The api role's rate limits (sign-in, sign-up, reset), for startAccounts: on Redis every API replica
   * draws on one budget; Redis unreachable, the limited calls answer 503 rather than go unlimited.
   */
  readonly rateLimiter: RateLimiter
  /** The poller role's change memory (last published values of the on-change pollers). */
  readonly changeMemory: ChangeMemory
  /** The poller role's tracked set; on Redis it is read on the first call, so other roles never load it. */
  tracker(): Promise<Tracker>
  /**
   * Place ids the api role asks to be tracked (tag members) and the poller role resolves. In memory they
   * reach a poller only in the same process.
   */
  readonly trackingRequests: TrackingRequests
  /** Closes the Redis connection (after the roles using it stopped). */
  close(): Promise<void>
}

export interface SharedStateOptions {
  readonly clock: Clock
  /** Where `ludex_cache_fallbacks_total` is registered (the process's metrics registry). */
  readonly registry?: Registry
}

export class SharedStateError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options)
    this.name = 'SharedStateError'
  }
}

/** Selects the shared-state adapters: Redis when REDIS_URL is set, otherwise in memory. */
export async function openSharedState(
  config: Config,
  logger: Logger,
  options: SharedStateOptions,
): Promise<SharedState> {
  const { clock } = options
  if (!config.REDIS_URL) {
    const tracker = createInMemoryTracker()
    return {
      kind: 'memory',
      cache: createMemoryAggregateCache(() => clock.now()),
      rateLimiter: createMemoryRateLimiter(() => clock.now()),
      changeMemory: createInMemoryChangeMemory(),
      tracker: async () => tracker,
      trackingRequests: createInMemoryTrackingRequests(),
      close: async () => {},
    }
  }

  const log = logger.child({ component: 'shared-state' })
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    // A command while Redis is unreachable fails at once instead of queueing: the cache computes
    // instead, a poller run fails and the scheduler retries it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: `${config.SCHEDULER_PREFIX}:shared-state`,
  })
  redis.on('error', (err) => log.warn({ err }, 'shared state: Redis connection error'))
  try {
    await redis.connect()
  } catch (err) {
    redis.disconnect()
    throw new SharedStateError('shared state: cannot reach Redis at REDIS_URL', { cause: err })
  }

  const fallbacks = options.registry
    ? new Counter({
        name: 'ludex_cache_fallbacks_total',
        help: 'Aggregate cache calls that found Redis unavailable and computed without it, by operation',
        labelNames: ['operation'],
        registers: [options.registry],
      })
    : undefined
  const prefix = config.SCHEDULER_PREFIX
  let tracker: Promise<Tracker> | undefined
  log.info({ prefix }, 'shared state on Redis')
  return {
    kind: 'redis',
    cache: createRedisAggregateCache({
      redis,
      prefix,
      // Its in-process layer follows Redis' TTLs, which run on real time, not on the injected clock.
      logger: log.child({ part: 'cache' }),
      ...(fallbacks && { onFallback: (operation) => fallbacks.inc({ operation }) }),
    }),
    // Its windows are key lifetimes on Redis' clock, like the cache's TTLs, not the injected clock.
    rateLimiter: createRedisRateLimiter({ redis, prefix }),
    changeMemory: createRedisChangeMemory({ redis, prefix }),
    trackingRequests: createRedisTrackingRequests({ redis, prefix }),
    tracker: () => {
      tracker ??= createRedisTracker({ redis, prefix }).catch((err: unknown) => {
        tracker = undefined
        throw err
      })
      return tracker
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
