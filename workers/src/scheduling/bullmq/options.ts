import type { Config } from '@ludex/schemas'
import type { JobsOptions } from 'bullmq'
import type { Logger } from 'pino'
import { type Clock, systemClock } from '../clock.ts'
import { SchedulerJobError } from './errors.ts'

export interface BullmqSchedulerOptions {
  /** A redis:// URL (REDIS_URL); the scheduler opens and closes its own connections. */
  readonly redisUrl: string
  readonly logger: Logger
  /** Where the first run of a new schedule is computed from (default the system clock). */
  readonly clock?: Clock
  /** Prefix of every key (SCHEDULER_PREFIX), so deployments can share one Redis. */
  readonly prefix?: string
  /** Queue name under the prefix; one queue holds every scheduled job, part and completion. */
  readonly queueName?: string
  /** Upsert the job schedulers in Redis on start (the `scheduler` role). Default true. */
  readonly schedule?: boolean
  /** Run a worker that processes the jobs (the `poller` role). Default true. */
  readonly work?: boolean
  /** Jobs this process runs at once (SCHEDULER_CONCURRENCY). */
  readonly concurrency?: number
  /** Tries per job, the first included (SCHEDULER_JOB_ATTEMPTS). */
  readonly attempts?: number
  /** First retry delay; each further retry doubles it (SCHEDULER_BACKOFF_MS). */
  readonly backoffMs?: number
  /** Lock a worker holds on a running job and keeps renewing; a dead worker's jobs stall after it (SCHEDULER_LOCK_MS). */
  readonly lockMs?: number
  /** How often the worker looks for stalled jobs (SCHEDULER_STALLED_INTERVAL_MS). */
  readonly stalledIntervalMs?: number
  /** Stalls a job survives before it is failed (SCHEDULER_MAX_STALLED). */
  readonly maxStalledCount?: number
  /** How long stop() lets running jobs finish before aborting their signal (SCHEDULER_STOP_GRACE_MS). */
  readonly stopGraceMs?: number
  /** Remove the job schedulers of jobs this process did not register (only when `schedule`). Default true. */
  readonly pruneUnregistered?: boolean
}

/** The options with every default applied, once; the parts of the scheduler read only these. */
export interface ResolvedBullmqOptions {
  readonly redisUrl: string
  readonly logger: Logger
  readonly clock: Clock
  readonly prefix: string
  readonly queueName: string
  readonly schedule: boolean
  readonly work: boolean
  readonly concurrency: number
  readonly lockMs: number
  readonly stalledIntervalMs: number
  readonly maxStalledCount: number
  readonly stopGraceMs: number
  readonly pruneUnregistered: boolean
  /** Every job's options: retries with exponential backoff, bounded history. */
  readonly jobOptions: JobsOptions
}

export function resolveBullmqOptions(options: BullmqSchedulerOptions): ResolvedBullmqOptions {
  return {
    redisUrl: options.redisUrl,
    logger: options.logger,
    clock: options.clock ?? systemClock,
    prefix: options.prefix ?? 'ludex',
    queueName: options.queueName ?? 'jobs',
    schedule: options.schedule ?? true,
    work: options.work ?? true,
    concurrency: options.concurrency ?? 4,
    lockMs: options.lockMs ?? 30_000,
    stalledIntervalMs: options.stalledIntervalMs ?? 30_000,
    maxStalledCount: options.maxStalledCount ?? 2,
    stopGraceMs: options.stopGraceMs ?? 30_000,
    pruneUnregistered: options.pruneUnregistered ?? true,
    jobOptions: {
      attempts: options.attempts ?? 3,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 5_000 },
      // Newest first: a new occurrence and its parts are taken before an older one's leftovers, so a
      // straggling sweep never holds the next one back.
      lifo: true,
      // Kept for inspection for a while; a bounded count so Redis never fills with history.
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
    },
  }
}

/**
 * The options of the configured deployment: REDIS_URL and the SCHEDULER_* settings. The role picks the
 * side: `ludex scheduler` = { schedule: true, work: false }, `ludex poller` = { schedule: false, work: true },
 * one process doing both = the defaults.
 */
export function bullmqSchedulerOptionsFrom(
  config: Config,
  role: {
    readonly logger: Logger
    readonly clock?: Clock
    readonly schedule?: boolean
    readonly work?: boolean
  },
): BullmqSchedulerOptions {
  if (!config.REDIS_URL) throw new SchedulerJobError('REDIS_URL is not set: the BullMQ scheduler needs Redis')
  return {
    redisUrl: config.REDIS_URL,
    prefix: config.SCHEDULER_PREFIX,
    concurrency: config.SCHEDULER_CONCURRENCY,
    attempts: config.SCHEDULER_JOB_ATTEMPTS,
    backoffMs: config.SCHEDULER_BACKOFF_MS,
    lockMs: config.SCHEDULER_LOCK_MS,
    stalledIntervalMs: config.SCHEDULER_STALLED_INTERVAL_MS,
    maxStalledCount: config.SCHEDULER_MAX_STALLED,
    stopGraceMs: config.SCHEDULER_STOP_GRACE_MS,
    ...role,
  }
}
