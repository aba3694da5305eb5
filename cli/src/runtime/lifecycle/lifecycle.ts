import type { Logger } from 'pino'

/** Starts a timer; returns its cancel function. Injected so tests can fire the deadline themselves. */
export type SetTimer = (fire: () => void, delayMs: number) => () => void

const realSetTimer: SetTimer = (fire, delayMs) => {
  const t = setTimeout(fire, delayMs)
  return () => clearTimeout(t)
}

/** Anything that can be stopped: what a component hands the lifecycle once it has started. */
export interface Stoppable {
  stop(): Promise<void>
}

export type StepOutcome = 'stopped' | 'failed' | 'abandoned' | 'skipped'

export interface ShutdownReport {
  readonly reason: string
  /** Every registered step, in the order shutdown took them (the reverse of their start). */
  readonly steps: ReadonlyArray<{ readonly name: string; readonly outcome: StepOutcome; readonly ms: number }>
  /** The deadline passed: the step running then was abandoned, the ones after it skipped. */
  readonly timedOut: boolean
}

/** A component finished starting after shutdown began: it was stopped again, and start-up ends here. */
export class ShutdownStartedError extends Error {
  constructor(readonly component: string) {
    super(`shutdown began while ${component} was starting`)
    this.name = 'ShutdownStartedError'
  }
}

export interface Lifecycle {
  /** Aborted when shutdown begins, so long start-up steps (a backfill) can give up early. */
  readonly signal: AbortSignal
  /**
   * Starts a component and registers its stop once it has started. If shutdown began meanwhile, the
   * component is stopped with the rest and start-up ends with `ShutdownStartedError`.
   */
  start<T extends Stoppable>(name: string, start: () => Promise<T>): Promise<T>
  /**
   * Runs a start-up sequence of `start` calls; if it fails, what had started is unwound (in reverse)
   * before the error is rethrown.
   */
  boot<T>(startUp: () => Promise<T>): Promise<T>
  /** Registers the stop of something already running (the same rules as `start`). */
  add(name: string, stop: () => Promise<void>): void
  /**
   * Runs the registered stops in reverse order of registration, one at a time, with a log line each,
   * within the deadline. Idempotent: later calls return the first call's report.
   */
  stop(reason: string): Promise<ShutdownReport>
}

export interface LifecycleOptions {
  readonly logger: Logger
  /** The bound on the whole shutdown (SHUTDOWN_TIMEOUT_MS). */
  readonly deadlineMs: number
  readonly setTimer?: SetTimer
}

interface Step {
  readonly name: string
  readonly stop: () => Promise<void>
}

/**
 * The process's components as a stack: each registers its stop once started; shutdown unwinds the stack,
 * so what started last stops first (pollers before the sink, the sink before the store). A step that
 * fails is logged and the next one runs; a step still running at the deadline is abandoned and the rest
 * are skipped, so a stuck drain cannot hold the process forever (the caller then exits).
 */
export function createLifecycle(options: LifecycleOptions): Lifecycle {
  const { logger } = options
  const setTimer = options.setTimer ?? realSetTimer
  const stack: Step[] = []
  const abort = new AbortController()
  let stopping: Promise<ShutdownReport> | null = null

  const unwind = async (reason: string): Promise<ShutdownReport> => {
    logger.info({ reason, steps: stack.map((s) => s.name).reverse() }, 'shutting down')
    const steps: Array<{ name: string; outcome: StepOutcome; ms: number }> = []
    let expired = false
    let onExpiry: () => void = () => {}
    const deadline = new Promise<'deadline'>((resolve) => {
      onExpiry = () => resolve('deadline')
    })
    const cancel = setTimer(() => {
      expired = true
      onExpiry()
    }, options.deadlineMs)
    try {
      // Popped one by one, so a component that finishes starting during shutdown is stopped too.
      for (let step = stack.pop(); step; step = stack.pop()) {
        if (expired) {
          steps.push({ name: step.name, outcome: 'skipped', ms: 0 })
          continue
        }
        const started = performance.now()
        const run = step.stop().then(
          () => 'stopped' as const,
          (err: unknown) => {
            logger.error({ err, step: step?.name }, 'shutdown step failed')
            return 'failed' as const
          },
        )
        const outcome = await Promise.race([run, deadline])
        const ms = Math.round(performance.now() - started)
        if (outcome === 'deadline') {
          steps.push({ name: step.name, outcome: 'abandoned', ms })
          logger.error(
            { step: step.name, ms, deadlineMs: options.deadlineMs },
            'shutdown step abandoned at the deadline',
          )
          continue
        }
        steps.push({ name: step.name, outcome, ms })
        logger.info({ step: step.name, outcome, ms }, `stopped ${step.name}`)
      }
    } finally {
      cancel()
    }
    const report: ShutdownReport = { reason, steps, timedOut: expired }
    const skipped = steps.filter((s) => s.outcome === 'skipped').map((s) => s.name)
    if (expired) logger.error({ skipped, deadlineMs: options.deadlineMs }, 'shutdown deadline passed')
    else logger.info({ reason }, 'stopped')
    return report
  }

  const add = (name: string, stop: () => Promise<void>) => {
    stack.push({ name, stop })
    if (!stopping) return
    // Registered during shutdown: the unwinding loop pops it next; after shutdown, it is stopped here.
    void stopping.then(() => {
      const index = stack.findIndex((s) => s.stop === stop)
      if (index < 0) return
      stack.splice(index, 1)
      stop().catch((err: unknown) => logger.error({ err, step: name }, 'shutdown step failed'))
    })
  }

  const stop = (reason: string) => {
    if (!stopping) {
      abort.abort(new Error(`shutting down: ${reason}`))
      stopping = unwind(reason)
    }
    return stopping
  }

  return {
    signal: abort.signal,
    add,
    async start(name, start) {
      const component = await start()
      add(name, () => component.stop())
      if (stopping) throw new ShutdownStartedError(name)
      return component
    },
    async boot(startUp) {
      try {
        return await startUp()
      } catch (err) {
        await stop('start-up failed')
        throw err
      }
    },
    stop,
  }
}
