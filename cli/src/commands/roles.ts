import { systemClock } from '@ludex/workers'
import { type Command, InvalidArgumentError } from 'commander'
import { commandContext, untilSignal } from '../runtime/context.ts'
import { startRoles } from '../runtime/role-process.ts'
import { parseRoleList, type Role, RoleCombinationError, UnknownRoleError } from '../runtime/roles.ts'

/** What each role command does, as `ludex --help` shows it. */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  api: 'Serve the read API and the web app over the configured analytics store',
  poller: 'Poll the platform (the simulator, or Roblox with ROBLOX_API_BASE) and publish to the bus',
  scheduler: 'Schedule the pollers (BullMQ job schedulers with REDIS_URL, else in-process timers)',
  sink: 'Consume the bus into the analytics store, in batches',
  materialiser: 'Keep rollups, genre series, movement and benchmarks current as the sinks insert',
}

function roleList(value: string): Role[] {
  try {
    return parseRoleList(value)
  } catch (err) {
    if (err instanceof UnknownRoleError) throw new InvalidArgumentError(err.message)
    throw err
  }
}

/** Runs the roles in this process until SIGTERM/SIGINT; a combination that cannot work exits with 2. */
async function runRoles(command: Command, roles: Role[]): Promise<void> {
  const { config, logger } = commandContext()
  let proc: Awaited<ReturnType<typeof startRoles>>
  try {
    proc = await startRoles({ roles, config, logger, clock: systemClock })
  } catch (err) {
    if (err instanceof RoleCombinationError) {
      // A configuration mistake, not a crash: the reason on stderr, no stack trace, exit code 2.
      logger.error({ error: err.name, roles }, 'cannot start')
      console.error(`ludex ${command.name()}: ${err.message}`)
      process.exitCode = 2
      return
    }
    throw err
  }
  const name = proc.plan.roles.join(' + ')
  if (proc.apiUrl) console.error(`Ludex API at ${proc.apiUrl} (docs at ${proc.apiUrl}/api/docs)`)
  console.error(`ludex ${name}: health and metrics at ${proc.healthUrl} (/healthz, /readyz, /metrics)`)
  await untilSignal(logger)
  await proc.stop()
}

/** `ludex <role> [--with roles]` for every role (api included: `ludex api` is the API role alone). */
export function roleCommands(program: Command): void {
  for (const [role, description] of Object.entries(ROLE_DESCRIPTIONS) as Array<[Role, string]>) {
    program
      .command(role)
      .description(description)
      .option('--with <roles>', 'other roles to run in this process (comma-separated)', roleList)
      .action(async (opts: { with?: Role[] }, command: Command) => {
        await runRoles(command, [role, ...(opts.with ?? [])])
      })
  }
}
