import type { Logger } from 'pino'
import type { Clock } from './clock.ts'
import { runSignal } from './run-signal.ts'
import {
  checkSchedule,
  fanOutInProcess,
  type JobDefinition,
  JobDefinitionError,
  type JobSchedule,
  nextAlignedAfter,
  type Scheduler,
  sameTiming,
} from './scheduler.ts'

/** Starts a timer; returns its cancel function. Injected so tests can drive time. */
export type SetTimer = (fire: () => void, delayMs: number) => () => void

export interface InProcessSchedulerOptions {
  readonly clock: Clock
  readonly logger: Logger
  readonly setTimer?: SetTimer
  /** How long stop() lets running jobs finish before aborting their signal (it still waits after). */
  readonly stopGraceMs?: number
}

const realSetTimer: SetTimer = (fire, delayMs) => {
  const t = setTimeout(fire, Math.max(0, delayMs))
  return () => clearTimeout(t)
}

interface Run {
  readonly scheduledFor: number
  readonly done: Promise<void>
  readonly controller: AbortController
}

interface JobState {
  readonly def: JobDefinition
  /** A fan-out's occurrences may overlap: the next one starts while the last one's stragglers finish. */
  readonly fanOut: boolean
  cancelTimer: (() => void) | null
  readonly runs: Set<Run>
}

/**
 * Timers in this process: each job fires on its interval boundaries (epoch-aligned, plus its offset),
 * so a 10-minute job runs at :00, :10… and hands the run its slot. A run still going when the next
 * boundary comes is not started twice (that boundary is skipped and logged), except a fan-out's: each
 * occurrence writes its own slot, so the next one starts on time while the last one's stragglers
 * finish. A failed run is logged and the next boundary runs as usual.
 */
export function createInProcessScheduler(options: InProcessSchedulerOptions): Scheduler {
  const { clock, logger } = options
  const setTimer = options.setTimer ?? realSetTimer
  const stopGraceMs = options.stopGraceMs ?? 30_000
  const jobs = new Map<string, JobState>()
  let started = false
  let stopped = false

  const arm = (job: JobState, after: number) => {
    const at = nextAlignedAfter(after, job.def.everyMs, job.def.offsetMs ?? 0)
    job.cancelTimer = setTimer(() => fire(job, at), at - clock.now())
  }

  const fire = (job: JobState, scheduledFor: number) => {
    job.cancelTimer = null
    if (stopped) return
    // Re-arm from the boundary itself, so a timer firing a little late never skips the next boundary.
    arm(job, Math.max(scheduledFor, clock.now()))
    const log = logger.child({ job: job.def.name, scheduledFor })
    if (job.runs.size > 0 && !job.fanOut) {
      log.warn('previous run still going; this run is skipped')
      return
    }
    const controller = new AbortController()
    const startedAt = clock.now()
    const done = (async () => {
      try {
        await job.def.run({ scheduledFor, signal: runSignal(controller.signal) })
        log.debug({ ms: clock.now() - startedAt }, 'job done')
      } catch (err) {
        log.error({ err, ms: clock.now() - startedAt }, 'job failed; the next run is still scheduled')
      }
    })()
    const run: Run = { scheduledFor, done, controller }
    job.runs.add(run)
    void done.finally(() => job.runs.delete(run))
  }

  const register = (def: JobDefinition, fanOut = false) => {
    checkSchedule(def)
    if (jobs.has(def.name)) throw new JobDefinitionError(`${def.name}: already registered`)
    const job: JobState = { def, fanOut, cancelTimer: null, runs: new Set() }
    jobs.set(def.name, job)
    if (started && !stopped) arm(job, clock.now())
  }

  return {
    // Timers plan and run in the same process: a plan needs the job's run here.
    schedule(def: JobSchedule) {
      checkSchedule(def)
      const job = jobs.get(def.name)
      if (!job) {
        throw new JobDefinitionError(
          `${def.name}: the in-process scheduler runs the jobs it plans; register the job with its run first`,
        )
      }
      if (!sameTiming(job.def, def)) {
        throw new JobDefinitionError(`${def.name}: already registered with another interval or offset`)
      }
    },
    register: (def) => register(def),
    // Parts run in this process, all at once; a failed part is reported to complete() (no retries here).
    registerFanOut: (def) => register(fanOutInProcess(def), true),

    async start() {
      if (started) return
      started = true
      for (const job of jobs.values()) arm(job, clock.now())
      logger.info(
        { jobs: [...jobs.values()].map((j) => ({ name: j.def.name, everyMs: j.def.everyMs })) },
        'scheduler started',
      )
    },

    async stop() {
      stopped = true
      for (const job of jobs.values()) {
        job.cancelTimer?.()
        job.cancelTimer = null
      }
      const running = [...jobs.values()].flatMap((j) => [...j.runs].map((run) => ({ name: j.def.name, run })))
      if (running.length === 0) return
      logger.info({ running: running.map((r) => r.name) }, 'scheduler stopping; waiting for running jobs')
      let graceTimer: ReturnType<typeof setTimeout> | undefined
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(() => {
          for (const r of running) r.run.controller.abort(new Error('scheduler stopped'))
          resolve()
        }, stopGraceMs)
      })
      const all = Promise.all(running.map((r) => r.run.done))
      await Promise.race([all, grace])
      clearTimeout(graceTimer)
      await all
    },
  }
}
