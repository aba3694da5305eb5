import {
  type BusObserver,
  busRetryOptions,
  createInProcessBus,
  type DeadLetterHandler,
} from '@ludex/pipelines'
import type { Bus, Config } from '@ludex/schemas'
import {
  type Clock,
  connectRedisHostPacer,
  createInProcessScheduler,
  type HostPacer,
  type Scheduler,
} from '@ludex/workers'
import type { Logger } from 'pino'
import { RoleCombinationError } from './roles/plan.ts'

/**
 * Adapter selection (DESIGN §2): the presence of an engine's URL selects its distributed adapter. Each
 * function is the one place that choice is made for its part, and says which kind it chose; the role
 * runner records that in the process's wiring. The distributed adapters' engines (kafkajs, bullmq) are
 * imported only when selected, so a process that does not use them never loads them.
 */
export interface Selected<T> {
  readonly kind: string
  readonly value: T
  /** Releases what the adapter holds (connections); nothing for the in-memory ones. */
  close(): Promise<void>
}

const inMemory = <T>(value: T): Selected<T> => ({ kind: 'memory', value, close: async () => {} })

export interface SelectedBus {
  readonly kind: 'in-process' | 'kafka'
  readonly bus: Bus
  /** Whether other processes see the same topics (Kafka) or only this one does (in-process). */
  readonly shared: boolean
}

export interface SelectBusOptions {
  readonly onDeadLetter?: DeadLetterHandler
  /** Told of redeliveries and dead letters: the role metrics' busObserver. */
  readonly observer?: BusObserver
}

/**
 * Kafka when KAFKA_BROKERS is set, otherwise the in-process bounded bus; either with the BUS_* failure
 * handling settings.
 */
export async function selectBus(
  config: Config,
  logger: Logger,
  options: SelectBusOptions = {},
): Promise<SelectedBus> {
  if (config.KAFKA_BROKERS) {
    const { createKafkaBus, kafkaBusOptions } = await import('@ludex/pipelines/kafka')
    const bus = createKafkaBus(
      kafkaBusOptions(config, logger.child({ component: 'bus' }), {
        ...(options.onDeadLetter && { onDeadLetter: options.onDeadLetter }),
        ...(options.observer && { observer: options.observer }),
      }),
    )
    return { kind: 'kafka', bus, shared: true }
  }
  const bus = createInProcessBus({
    capacity: config.BUS_CAPACITY,
    logger: logger.child({ component: 'bus' }),
    ...busRetryOptions(config),
    ...(options.onDeadLetter && { onDeadLetter: options.onDeadLetter }),
    ...(options.observer && { observer: options.observer }),
  })
  return { kind: 'in-process', bus, shared: false }
}

/**
 * What the process does with its jobs. With BullMQ the two halves can live in different processes: the
 * scheduler role keeps the job schedulers in Redis, the poller role's workers run the jobs. In-process,
 * both are the same timers, so both halves are always in the same process.
 */
export interface SchedulerDuties {
  /** Decide when each registered job runs (the scheduler role). */
  readonly schedule: boolean
  /** Run the registered jobs when they are due (the poller role). */
  readonly run: boolean
}

export interface SelectedScheduler {
  readonly kind: 'in-process' | 'bullmq'
  readonly scheduler: Scheduler
  /** Whether schedules and runs can be split across processes. */
  readonly shared: boolean
}

/** BullMQ job schedulers on Redis when REDIS_URL is set, otherwise in-process timers. */
export async function selectScheduler(
  config: Config,
  logger: Logger,
  options: { clock: Clock; duties: SchedulerDuties },
): Promise<SelectedScheduler> {
  if (config.REDIS_URL) {
    const { createBullmqScheduler, bullmqSchedulerOptionsFrom } = await import('@ludex/workers/bullmq')
    const scheduler = createBullmqScheduler(
      bullmqSchedulerOptionsFrom(config, {
        logger: logger.child({ component: 'scheduler' }),
        clock: options.clock,
        schedule: options.duties.schedule,
        work: options.duties.run,
      }),
    )
    return { kind: 'bullmq', scheduler, shared: true }
  }
  if (!options.duties.schedule || !options.duties.run) {
    // planRoles refuses this combination first; this guards other callers.
    throw new RoleCombinationError(
      [options.duties.schedule ? 'scheduler' : 'poller'],
      ['the in-process scheduler schedules and runs jobs in the same process: it cannot do only one'],
    )
  }
  return {
    kind: 'in-process',
    scheduler: createInProcessScheduler({
      clock: options.clock,
      logger: logger.child({ component: 'scheduler' }),
    }),
    shared: false,
  }
}

/** Which adapters the configuration selects, without starting any (for checks before start-up). */
export function selectedKinds(config: Pick<Config, 'KAFKA_BROKERS' | 'REDIS_URL'>): {
  bus: SelectedBus['kind']
  scheduler: SelectedScheduler['kind']
} {
  return {
    bus: config.KAFKA_BROKERS ? 'kafka' : 'in-process',
    scheduler: config.REDIS_URL ? 'bullmq' : 'in-process',
  }
}

/**
 * The pacing of requests to each upstream host from this process's egress (`egressLabel`). With
 * REDIS_URL every poller process of that egress shares one budget per host, and processes of other
 * egresses have their own (DESIGN §8); otherwise the Roblox client paces in memory (`value` undefined).
 */
export function selectHostPacer(
  config: Config,
  logger: Logger,
  egress: string,
): Selected<HostPacer | undefined> {
  if (config.REDIS_URL) {
    const shared = connectRedisHostPacer({
      redisUrl: config.REDIS_URL,
      prefix: config.SCHEDULER_PREFIX,
      egress,
      intervalMs: config.ROBLOX_HOST_INTERVAL_MS,
      jitter: 0.25,
      logger: logger.child({ component: 'rate-limiter' }),
    })
    return { kind: 'redis', value: shared.pacer, close: () => shared.close() }
  }
  return inMemory(undefined)
}

// The shared state (cache, rate limits, tracker, change memory) is selected in shared-state.ts, which owns
// its one Redis connection.
