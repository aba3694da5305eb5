import type { Config } from '@ludex/schemas'
import { FlowProducer, type Job, type JobsOptions, Queue, UnrecoverableError, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { z } from 'zod'
import {
  alignedAtOrBefore,
  checkSchedule,
  type FanOutJobDefinition,
  type JobContext,
  type JobDefinition,
  JobDefinitionError,
  type JobSchedule,
  nextAlignedAfter,
  type PartOutcome,
  type Scheduler,
} from './scheduler.ts'

export interface BullmqSchedulerOptions {
  /** A redis:// URL (REDIS_URL); the scheduler opens and closes its own connections. */
  readonly redisUrl: string
  readonly logger: Logger
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

export class SchedulerJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SchedulerJobError'
  }
}

/**
 * The options of the configured deployment: REDIS_URL and the SCHEDULER_* settings. The role picks the
 * side: `ludex scheduler` = { schedule: true, work: false }, `ludex poller` = { schedule: false, work: true },
 * one process doing both = the defaults.
 */
export function bullmqSchedulerOptionsFrom(
  config: Config,
  role: { readonly logger: Logger; readonly schedule?: boolean; readonly work?: boolean },
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

const PART = '#part'
const COMPLETE = '#complete'

const partData = z.object({
  scheduledFor: z.number().int(),
  index: z.number().int().min(0),
  part: z.unknown(),
})
const completeData = z.object({ scheduledFor: z.number().int(), parts: z.number().int().min(0) })

/** BullMQ ids may not contain ':' (it separates the parts of its keys); job names may. */
function schedulerIdOf(name: string): string {
  return name.replaceAll(':', '.')
}

/**
 * The slot an occurrence runs for. BullMQ names each occurrence `repeat:<scheduler id>:<millis>`, the
 * millis being its planned time, which stays with the job through retries and stalls; aligning it to
 * the interval also covers a first run clamped to "now".
 */
export function scheduledForOf(job: Pick<Job, 'id' | 'timestamp'>, def: JobSchedule): number {
  const millis = Number(job.id?.slice(job.id.lastIndexOf(':') + 1))
  const planned = Number.isSafeInteger(millis) && millis > 0 ? millis : job.timestamp
  return alignedAtOrBefore(planned, def.everyMs, def.offsetMs ?? 0)
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err))

// Parts and results are JSON that crossed Redis; the definitions are typed by their registrants.
type AnyFanOut = FanOutJobDefinition<unknown, unknown>

/**
 * The distributed scheduler: one BullMQ job scheduler per job (`upsertJobScheduler`, every = interval,
 * first run on the next aligned boundary plus the offset), one worker per process. Each occurrence is a
 * job with a deterministic id, so however many processes run it, an occurrence runs once; failed jobs
 * are retried with exponential backoff; a job whose worker died (lock not renewed) is run again by
 * another worker. A fan-out occurrence adds a BullMQ flow: one child job per part (each retried on its
 * own, run by any worker) under a completion job that BullMQ starts once every child has ended, failed
 * children included. Unlike the in-process scheduler, occurrences of one job are not serialised: a run
 * that outlasts its interval overlaps the next, which writes to its own slot.
 */
export function createBullmqScheduler(options: BullmqSchedulerOptions): Scheduler {
  const logger = options.logger
  const prefix = options.prefix ?? 'ludex'
  const queueName = options.queueName ?? 'jobs'
  const schedule = options.schedule ?? true
  const work = options.work ?? true
  const attempts = options.attempts ?? 3
  const backoffMs = options.backoffMs ?? 5_000
  const stopGraceMs = options.stopGraceMs ?? 30_000
  const jobOptions: JobsOptions = {
    attempts,
    backoff: { type: 'exponential', delay: backoffMs },
    // Kept for inspection for a while; a bounded count so Redis never fills with history.
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
  }

  const jobs = new Map<string, JobDefinition>()
  const fanOuts = new Map<string, AnyFanOut>()
  const schedules = new Map<string, JobSchedule>()
  const active = new Map<string, AbortController>()
  let connection: Redis | null = null
  let queue: Queue | null = null
  let flows: FlowProducer | null = null
  let worker: Worker | null = null
  let started = false
  let stopped = false
  const pending = new Set<Promise<void>>()

  const track = (p: Promise<void>) => {
    pending.add(p)
    void p.finally(() => pending.delete(p))
  }

  const upsert = async (def: JobSchedule) => {
    if (!queue) return
    const id = schedulerIdOf(def.name)
    const offset = def.offsetMs ?? 0
    // BullMQ keeps an existing scheduler's planned times on upsert; a new interval or offset starts afresh.
    const existing = await queue.getJobScheduler(id)
    if (existing && (existing.every !== def.everyMs || (existing.offset ?? 0) !== offset)) {
      await queue.removeJobScheduler(id)
      logger.info(
        { job: def.name, everyMs: def.everyMs, offsetMs: offset },
        'job schedule changed; its scheduler starts afresh',
      )
    }
    await queue.upsertJobScheduler(
      id,
      {
        every: def.everyMs,
        ...(offset > 0 ? { offset } : {}),
        // Only read when the scheduler is new (or its interval changed): the first run is on a boundary.
        startDate: nextAlignedAfter(Date.now(), def.everyMs, offset),
      },
      { name: def.name, data: {}, opts: jobOptions },
    )
  }

  const upsertAll = async () => {
    for (const def of schedules.values()) await upsert(def)
  }

  const prune = async () => {
    if (!queue || options.pruneUnregistered === false) return
    const wanted = new Set([...schedules.values()].map((d) => schedulerIdOf(d.name)))
    for (const existing of await queue.getJobSchedulers()) {
      const id = existing.id ?? existing.key
      if (!wanted.has(id)) {
        await queue.removeJobScheduler(id)
        logger.info({ scheduler: id }, 'removed the job scheduler of a job no longer registered')
      }
    }
  }

  const register = (def: JobSchedule) => {
    checkSchedule(def)
    if (def.name.includes('#')) throw new JobDefinitionError(`${def.name}: '#' is reserved in job names`)
    const id = schedulerIdOf(def.name)
    for (const other of schedules.values()) {
      if (schedulerIdOf(other.name) === id) throw new JobDefinitionError(`${def.name}: already registered`)
    }
    if (stopped) throw new JobDefinitionError(`${def.name}: the scheduler is stopped`)
    schedules.set(def.name, def)
    if (started && schedule) {
      track(
        upsert(def).catch((err) => logger.error({ err, job: def.name }, 'could not upsert job scheduler')),
      )
    }
  }

  const withAbort = async <T>(
    job: Job,
    bullSignal: AbortSignal | undefined,
    run: (s: AbortSignal) => Promise<T>,
  ) => {
    const controller = new AbortController()
    const key = job.id ?? `${job.name}@${job.timestamp}`
    active.set(key, controller)
    const signal = bullSignal ? AbortSignal.any([controller.signal, bullSignal]) : controller.signal
    try {
      return await run(signal)
    } finally {
      active.delete(key)
    }
  }

  /** One occurrence of a fan-out: split, then a flow of parts under their completion job. */
  const startFanOut = async (def: AnyFanOut, ctx: JobContext) => {
    const parts = await def.split(ctx)
    if (parts.length === 0) {
      await def.complete([], ctx)
      return
    }
    if (!flows) throw new SchedulerJobError('flow producer is closed')
    // Deterministic ids: a retried or recovered occurrence finds its flow already there and adds nothing.
    const base = `${schedulerIdOf(def.name)}-${ctx.scheduledFor}`
    await flows.add({
      name: `${def.name}${COMPLETE}`,
      queueName,
      data: { scheduledFor: ctx.scheduledFor, parts: parts.length },
      opts: { ...jobOptions, jobId: `${base}-complete` },
      children: parts.map((part, index) => ({
        name: `${def.name}${PART}`,
        queueName,
        data: { scheduledFor: ctx.scheduledFor, index, part },
        // A part that fails for good is reported to the completion job instead of blocking it.
        opts: { ...jobOptions, jobId: `${base}-part-${index}`, ignoreDependencyOnFailure: true },
      })),
    })
  }

  /** The part index of a child job key (`<prefix>:<queue>:<id>`, the id ending in `-part-<index>`). */
  const indexOfKey = (key: string) => Number(key.slice(key.lastIndexOf('-part-') + 6))

  const completeFanOut = async (def: AnyFanOut, job: Job, ctx: JobContext, parts: number) => {
    const values = await job.getChildrenValues<unknown>()
    const failures = await job.getIgnoredChildrenFailures()
    const outcomes: PartOutcome<unknown>[] = []
    for (const [key, result] of Object.entries(values))
      outcomes.push({ index: indexOfKey(key), ok: true, result })
    for (const [key, error] of Object.entries(failures))
      outcomes.push({ index: indexOfKey(key), ok: false, error })
    outcomes.sort((a, b) => a.index - b.index)
    if (outcomes.length !== parts) {
      logger.warn(
        { job: def.name, expected: parts, got: outcomes.length },
        'fan-out completed with parts missing',
      )
    }
    await def.complete(outcomes, ctx)
  }

  const processJob = async (job: Job, _token?: string, bullSignal?: AbortSignal): Promise<unknown> =>
    withAbort(job, bullSignal, async (signal) => {
      const name = job.name
      const def = jobs.get(name)
      if (def) {
        await def.run({ scheduledFor: scheduledForOf(job, def), signal })
        return null
      }
      const fan = fanOuts.get(name)
      if (fan) {
        await startFanOut(fan, { scheduledFor: scheduledForOf(job, fan), signal })
        return null
      }
      if (name.endsWith(PART)) {
        const def = fanOuts.get(name.slice(0, -PART.length))
        if (def) {
          const data = partData.parse(job.data)
          return def.runPart(data.part, { scheduledFor: data.scheduledFor, signal })
        }
      }
      if (name.endsWith(COMPLETE)) {
        const def = fanOuts.get(name.slice(0, -COMPLETE.length))
        if (def) {
          const data = completeData.parse(job.data)
          await completeFanOut(def, job, { scheduledFor: data.scheduledFor, signal }, data.parts)
          return null
        }
      }
      // Retrying cannot help: this process has no handler for it (a job removed from the code).
      throw new UnrecoverableError(`no job registered as '${name}' in this process`)
    })

  return {
    register(def) {
      register(def)
      jobs.set(def.name, def)
    },

    registerFanOut(def) {
      register(def)
      // The definition's part and result types are erased here; they come back as JSON from Redis.
      fanOuts.set(def.name, def as unknown as AnyFanOut)
    },

    async start() {
      if (started) return
      if (stopped) throw new SchedulerJobError('the scheduler is stopped')
      started = true
      connection = new Redis(options.redisUrl, {
        // BullMQ needs commands to wait through a reconnect rather than fail after a few tries.
        maxRetriesPerRequest: null,
        connectionName: `${prefix}-scheduler`,
      })
      connection.on('error', (err) => logger.warn({ err: messageOf(err) }, 'redis connection error'))
      queue = new Queue(queueName, { connection, prefix })
      queue.on('error', (err) => logger.warn({ err: messageOf(err) }, 'queue error'))
      flows = new FlowProducer({ connection, prefix })
      flows.on('error', (err) => logger.warn({ err: messageOf(err) }, 'flow producer error'))
      if (schedule) {
        await upsertAll()
        await prune()
        // After a reconnect the schedules are upserted again: a Redis that lost its data (no persistence,
        // a failover) gets them back. Upserting an existing scheduler keeps its next occurrence.
        let ready = true
        connection.on('close', () => {
          ready = false
        })
        connection.on('ready', () => {
          if (ready || stopped) return
          ready = true
          track(
            upsertAll().catch((err) =>
              logger.warn({ err: messageOf(err) }, 'could not re-upsert schedulers'),
            ),
          )
        })
      }
      if (work) {
        worker = new Worker(queueName, processJob, {
          connection,
          prefix,
          concurrency: options.concurrency ?? 4,
          lockDuration: options.lockMs ?? 30_000,
          stalledInterval: options.stalledIntervalMs ?? 30_000,
          maxStalledCount: options.maxStalledCount ?? 2,
        })
        worker.on('error', (err) => logger.warn({ err: messageOf(err) }, 'worker error'))
        worker.on('failed', (job, err) => {
          if (!job) return
          const final = job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError
          logger[final ? 'error' : 'warn'](
            { job: job.name, id: job.id, attempt: job.attemptsMade, err: messageOf(err) },
            final ? 'job failed for good' : 'job failed; it will be retried',
          )
        })
        worker.on('stalled', (id) => logger.warn({ id }, 'job stalled (its worker stopped); it runs again'))
        await worker.waitUntilReady()
      }
      logger.info(
        {
          queue: `${prefix}:${queueName}`,
          schedule,
          work,
          concurrency: work ? (options.concurrency ?? 4) : 0,
          jobs: [...schedules.values()].map((d) => ({
            name: d.name,
            everyMs: d.everyMs,
            fanOut: fanOuts.has(d.name),
          })),
        },
        'scheduler started',
      )
    },

    async stop() {
      if (stopped) return
      stopped = true
      await Promise.allSettled([...pending])
      if (worker) {
        const w = worker
        const running = active.size
        if (running > 0) logger.info({ running }, 'scheduler stopping; waiting for running jobs')
        let graceTimer: ReturnType<typeof setTimeout> | undefined
        const grace = new Promise<void>((resolve) => {
          graceTimer = setTimeout(() => {
            // An aborted job that throws is retried by another worker (or this one's successor).
            for (const c of active.values()) c.abort(new SchedulerJobError('scheduler stopped'))
            resolve()
          }, stopGraceMs)
        })
        const closing = w.close()
        await Promise.race([closing, grace])
        clearTimeout(graceTimer)
        await closing
      }
      await flows?.close()
      await queue?.close()
      if (connection) {
        await connection.quit().catch(() => connection?.disconnect())
      }
      worker = null
      flows = null
      queue = null
      connection = null
    },
  }
}
