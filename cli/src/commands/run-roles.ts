import { systemClock } from '@ludex/workers'
import { commandContext } from '../runtime/context.ts'
import { DataDirInUseError } from '../runtime/data-dir/lock.ts'
import { createLifecycle, ShutdownStartedError } from '../runtime/lifecycle/lifecycle.ts'
import { exitThroughLifecycle } from '../runtime/lifecycle/process-exit.ts'
import { type RoleRunOptions, startRoles } from '../runtime/role-process.ts'
import { type Role, RoleCombinationError } from '../runtime/roles/plan.ts'
import { REFUSED_EXIT_CODE } from './refusals.ts'

/**
 * Runs roles in this process until SIGTERM/SIGINT (or a fatal error), for `ludex run` and the role
 * commands alike. Signals are handled from before start-up, so one during a long start (a backfill)
 * stops what has started. A combination that cannot work, or a data dir another live process holds,
 * exits with code 2 and says why.
 */
export async function runRoles(
  command: string,
  roles: readonly Role[],
  extra: Pick<RoleRunOptions, 'firstStartBackfill'> = {},
): Promise<void> {
  const { config, logger } = commandContext()
  const lifecycle = createLifecycle({ logger, deadlineMs: config.SHUTDOWN_TIMEOUT_MS })
  const exit = exitThroughLifecycle(lifecycle, logger)
  let proc: Awaited<ReturnType<typeof startRoles>>
  try {
    proc = await startRoles({
      roles,
      config,
      logger,
      clock: systemClock,
      lifecycle,
      command: `ludex ${command}`,
      ...extra,
    })
  } catch (err) {
    if (err instanceof RoleCombinationError || err instanceof DataDirInUseError) {
      // A configuration mistake or a held data dir, not a crash: the reason on stderr, no stack trace.
      logger.error({ error: err.name, roles }, 'cannot start')
      console.error(`ludex ${command}: ${err.message}`)
      process.exitCode = REFUSED_EXIT_CODE
      return
    }
    // A signal during start-up: the lifecycle is stopping and exits the process.
    if (err instanceof ShutdownStartedError || lifecycle.signal.aborted) {
      if (!(err instanceof ShutdownStartedError)) logger.warn({ err }, 'start-up interrupted')
      await exit.exited
      return
    }
    logger.fatal({ err }, 'start-up failed')
    exit.stop('start-up failed', 'failed')
    await exit.exited
    return
  }
  if (proc.apiUrl) console.error(`Ludex API at ${proc.apiUrl} (docs at ${proc.apiUrl}/api/docs)`)
  if (proc.healthUrl) {
    console.error(`ludex ${command}: health and metrics at ${proc.healthUrl} (/healthz, /readyz, /metrics)`)
  }
  await exit.exited
}
