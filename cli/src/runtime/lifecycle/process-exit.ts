import type { Logger } from 'pino'
import type { Lifecycle } from './lifecycle.ts'

/** The parts of `process` the guard uses, injected so tests can raise signals and errors themselves. */
export interface ProcessEvents {
  on(event: 'SIGINT' | 'SIGTERM', listener: (signal: NodeJS.Signals) => void): unknown
  on(event: 'unhandledRejection' | 'uncaughtException', listener: (err: unknown) => void): unknown
  exit(code: number): void
}

/** Exit codes: a clean stop, a stop after a fatal error or a missed deadline, and a second signal. */
export const EXIT_CODES = { stopped: 0, failed: 1, interrupted: 130 } as const

/** How long an exit waits for the log to flush. */
const FLUSH_BOUND_MS = 2000

export interface ProcessExit {
  /** The exit code, once shutdown is over (the process exits with it right after). */
  readonly exited: Promise<number>
  /** Stops the lifecycle and exits, for a command whose work is done (a failed start-up: `failed`). */
  stop(reason: string, outcome?: 'done' | 'failed'): void
}

/**
 * Ends the process through its lifecycle. The first SIGINT or SIGTERM stops it cleanly (exit 0); a
 * second one exits at once (130). An unhandled rejection or uncaught exception is logged, then stops it
 * the same way (exit 1). A shutdown that passes its deadline exits 1. Installed before start-up, so a
 * signal during a long start (a backfill) also stops what has started.
 */
export function exitThroughLifecycle(
  lifecycle: Lifecycle,
  logger: Logger,
  target: ProcessEvents = process,
): ProcessExit {
  // The logger writes asynchronously: what shutdown logged last (its final steps) must reach stdout before
  // the process ends, so the exit waits for a flush, bounded in case the stream never answers.
  const exit = (code: number) => {
    let done = false
    const go = () => {
      if (done) return
      done = true
      target.exit(code)
    }
    setTimeout(go, FLUSH_BOUND_MS).unref()
    logger.flush(() => go())
  }
  let failed = false
  let resolveExit: (code: number) => void = () => {}
  const exited = new Promise<number>((resolve) => {
    resolveExit = resolve
  })
  let ending = false
  const end = (reason: string, outcome: 'done' | 'failed' = 'done') => {
    if (outcome === 'failed') failed = true
    if (ending) return
    ending = true
    void lifecycle.stop(reason).then((report) => {
      const code = failed || report.timedOut ? EXIT_CODES.failed : EXIT_CODES.stopped
      resolveExit(code)
      exit(code)
    })
  }
  let signals = 0
  const onSignal = (signal: NodeJS.Signals) => {
    signals++
    if (signals > 1) {
      logger.warn({ signal }, 'second signal: exiting at once')
      resolveExit(EXIT_CODES.interrupted)
      exit(EXIT_CODES.interrupted)
      return
    }
    logger.info({ signal }, 'signal received')
    end(signal)
  }
  target.on('SIGINT', onSignal)
  target.on('SIGTERM', onSignal)
  const onFatal = (kind: string) => (err: unknown) => {
    failed = true
    logger.fatal({ err }, `${kind}: stopping`)
    end(kind)
  }
  target.on('unhandledRejection', onFatal('unhandled rejection'))
  target.on('uncaughtException', onFatal('uncaught exception'))
  return { exited, stop: end }
}
