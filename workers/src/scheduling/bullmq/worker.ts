import { type FlowProducer, Job, UnrecoverableError, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { runSignal } from '../run-signal.ts'
import { type JobDefinition, PartOverranError } from '../scheduler.ts'
import { SchedulerJobError } from './errors.ts'
import { type AnyFanOut, completeFanOut, startFanOut } from './fan-out.ts'
import { fanOutJobIds, jobData, scheduledForOf } from './job-data.ts'
import type { ResolvedBullmqOptions } from './options.ts'

/** The runs registered in this process, by job name. */
export interface JobHandlers {
  job(name: string): JobDefinition | undefined
  fanOut(name: string): AnyFanOut | undefined
}

export interface RunningWorker {
  /** Closes the worker: running jobs get the grace period, then their signal is aborted. */
  stop(): Promise<void>
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * The runner half: one BullMQ worker that takes due jobs from the queue and runs the handler registered
 * under the job's name, dispatching on the job's `data.kind` (occurrence, part or completion).
 */
export async function startWorker(
  connection: Redis,
  flows: FlowProducer,
  handlers: JobHandlers,
  options: ResolvedBullmqOptions,
): Promise<RunningWorker> {
  const { logger } = options
  const active = new Map<string, AbortController>()

  const withAbort = async <T>(
    job: Job,
    bullSignal: AbortSignal | undefined,
    run: (s: AbortSignal) => Promise<T>,
  ) => {
    const controller = new AbortController()
    const key = job.id ?? `${job.name}@${job.timestamp}`
    active.set(key, controller)
    const signal = runSignal(
      bullSignal ? AbortSignal.any([controller.signal, bullSignal]) : controller.signal,
    )
    try {
      return await run(signal)
    } finally {
      active.delete(key)
    }
  }

  const processJob = async (job: Job, _token?: string, bullSignal?: AbortSignal): Promise<unknown> =>
    withAbort(job, bullSignal, async (signal) => {
      const data = jobData.parse(job.data)
      const single = handlers.job(job.name)
      const fan = handlers.fanOut(job.name)
      if (data.kind === 'occurrence' && single) {
        await single.run({ scheduledFor: scheduledForOf(job, single), signal })
        return null
      }
      if (data.kind === 'occurrence' && fan) {
        await startFanOut(flows, options, fan, { scheduledFor: scheduledForOf(job, fan), signal })
        return null
      }
      if (data.kind === 'part' && fan) {
        // A straggler yields (not run; retrying cannot help: overran) once it would compete with newer
        // occurrences: a retry once the next occurrence is under way (its flow exists), anything once
        // the one after is. A first attempt still runs after the next occurrence's parts (jobs are taken
        // newest first), so on a machine too slow for a short interval every occurrence still polls.
        const behind = async (n: number) =>
          Boolean(
            await Job.fromId(worker, fanOutJobIds(fan.name, data.scheduledFor + n * fan.everyMs).complete),
          )
        if ((job.attemptsMade > 0 && (await behind(1))) || (await behind(2))) {
          throw new UnrecoverableError(new PartOverranError(data.scheduledFor).message)
        }
        return fan.runPart(data.part, { scheduledFor: data.scheduledFor, signal })
      }
      if (data.kind === 'complete' && fan) {
        await completeFanOut(
          fan,
          job,
          { scheduledFor: data.scheduledFor, signal },
          data.parts,
          logger,
          (id) => Job.fromId(worker, id),
        )
        return null
      }
      // Retrying cannot help: this process has no handler for it (a job removed from the code).
      throw new UnrecoverableError(`no ${data.kind} of a job registered as '${job.name}' in this process`)
    })

  const worker = new Worker(options.queueName, processJob, {
    connection,
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDuration: options.lockMs,
    stalledInterval: options.stalledIntervalMs,
    maxStalledCount: options.maxStalledCount,
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

  return {
    async stop() {
      const running = active.size
      if (running > 0) logger.info({ running }, 'scheduler stopping; waiting for running jobs')
      let graceTimer: ReturnType<typeof setTimeout> | undefined
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(() => {
          // An aborted job that throws is retried by another worker (or this one's successor).
          for (const c of active.values()) c.abort(new SchedulerJobError('scheduler stopped'))
          resolve()
        }, options.stopGraceMs)
      })
      const closing = worker.close()
      await Promise.race([closing, grace])
      clearTimeout(graceTimer)
      await closing
    },
  }
}
