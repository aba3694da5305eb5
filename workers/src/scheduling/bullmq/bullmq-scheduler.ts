import { FlowProducer, Queue } from 'bullmq'
import { Redis } from 'ioredis'
import {
  checkSchedule,
  type JobDefinition,
  JobDefinitionError,
  type JobSchedule,
  type Scheduler,
  sameTiming,
} from '../scheduler.ts'
import { SchedulerJobError } from './errors.ts'
import type { AnyFanOut } from './fan-out.ts'
import { schedulerIdOf } from './job-data.ts'
import { type BullmqSchedulerOptions, resolveBullmqOptions } from './options.ts'
import { createSchedulePlanner, type SchedulePlanner } from './schedules.ts'
import { type RunningWorker, startWorker } from './worker.ts'

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * The distributed scheduler: one BullMQ job scheduler per planned job (`schedules.ts`), one worker per
 * process (`worker.ts`). Each occurrence is a job with a deterministic id, so however many processes run
 * it, an occurrence runs once; failed jobs are retried with exponential backoff; a job whose worker died
 * (lock not renewed) is run again by another worker. A fan-out occurrence adds a BullMQ flow
 * (`fan-out.ts`). Unlike the in-process scheduler, occurrences of one job are not serialised: a run that
 * outlasts its interval overlaps the next, which writes to its own slot.
 */
export function createBullmqScheduler(input: BullmqSchedulerOptions): Scheduler {
  const options = resolveBullmqOptions(input)
  const { logger, prefix, queueName } = options

  /** Every job this process knows the schedule of: planned here (`schedule`) or registered with a run. */
  const plans = new Map<string, JobSchedule>()
  const jobs = new Map<string, JobDefinition>()
  const fanOuts = new Map<string, AnyFanOut>()
  let connection: Redis | null = null
  let queue: Queue | null = null
  let flows: FlowProducer | null = null
  let worker: RunningWorker | null = null
  let started = false
  let stopped = false
  const pending = new Set<Promise<void>>()
  const track = (p: Promise<void>) => {
    pending.add(p)
    void p.finally(() => pending.delete(p))
  }
  /** Set on start in a process with the schedule duty; a plan added after start is upserted at once. */
  let planner: SchedulePlanner | null = null
  const upsertLater = (def: JobSchedule) => {
    if (!planner) return
    track(
      planner
        .upsert(def)
        .catch((err) => logger.error({ err, job: def.name }, 'could not upsert job scheduler')),
    )
  }
  const hasRun = (name: string) => jobs.has(name) || fanOuts.has(name)

  /** Adds a job's plan; a run may join a plan of the same timing (or a plan a run), never a second run. */
  const plan = (def: JobSchedule, withRun: boolean) => {
    checkSchedule(def)
    if (stopped) throw new JobDefinitionError(`${def.name}: the scheduler is stopped`)
    const known = plans.get(def.name)
    if (known) {
      if (!sameTiming(known, def)) {
        throw new JobDefinitionError(`${def.name}: already registered with another interval or offset`)
      }
      if (withRun && hasRun(def.name)) throw new JobDefinitionError(`${def.name}: already registered`)
      return
    }
    const id = schedulerIdOf(def.name)
    for (const other of plans.values()) {
      if (schedulerIdOf(other.name) === id) throw new JobDefinitionError(`${def.name}: already registered`)
    }
    plans.set(def.name, {
      name: def.name,
      everyMs: def.everyMs,
      ...(def.offsetMs !== undefined && { offsetMs: def.offsetMs }),
    })
    upsertLater(def)
  }

  return {
    schedule(def) {
      plan(def, false)
    },

    register(def) {
      plan(def, true)
      jobs.set(def.name, def)
    },

    registerFanOut(def) {
      plan(def, true)
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
      if (options.schedule) {
        planner = createSchedulePlanner(queue, options)
        await planner.syncAll(plans.values())
        planner.reupsertAfterReconnect(connection, () => (stopped ? [] : plans.values()), track)
      }
      if (options.work) {
        worker = await startWorker(
          connection,
          flows,
          { job: (name) => jobs.get(name), fanOut: (name) => fanOuts.get(name) },
          options,
        )
      }
      logger.info(
        {
          queue: `${prefix}:${queueName}`,
          schedule: options.schedule,
          work: options.work,
          concurrency: options.work ? options.concurrency : 0,
          jobs: [...plans.values()].map((d) => ({
            name: d.name,
            everyMs: d.everyMs,
            fanOut: fanOuts.has(d.name),
            runsHere: hasRun(d.name),
          })),
        },
        'scheduler started',
      )
    },

    async stop() {
      if (stopped) return
      stopped = true
      await Promise.allSettled([...pending])
      await worker?.stop()
      await flows?.close()
      await queue?.close()
      if (connection) {
        await connection.quit().catch(() => connection?.disconnect())
      }
      worker = null
      planner = null
      flows = null
      queue = null
      connection = null
    },
  }
}
