import { type Command, InvalidArgumentError } from 'commander'
import { parseRoleList, type Role, UnknownRoleError } from '../runtime/roles/plan.ts'
import { runRoles } from './run-roles.ts'

/** What each role command does, as `ludex --help` shows it. */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  api: 'Serve the read API and the web app over the configured analytics store',
  poller: 'Poll the platform (the simulator, or Roblox with ROBLOX_API_BASE) and publish to the bus',
  scheduler: 'Schedule the pollers (BullMQ job schedulers with REDIS_URL, else in-process timers)',
  sink: 'Consume the bus into the analytics store, in batches',
  materialiser: 'Keep rollups, genre series, movement and benchmarks current as the sinks insert',
  alerts: 'Evaluate users’ alerts once each slot is rolled up, and deliver them (email, webhooks)',
}

function roleList(value: string): Role[] {
  try {
    return parseRoleList(value)
  } catch (err) {
    if (err instanceof UnknownRoleError) throw new InvalidArgumentError(err.message)
    throw err
  }
}

/** `ludex <role> [--with roles]` for every role (api included: `ludex api` is the API role alone). */
export function roleCommands(program: Command): void {
  for (const [role, description] of Object.entries(ROLE_DESCRIPTIONS) as Array<[Role, string]>) {
    program
      .command(role)
      .description(description)
      .option('--with <roles>', 'other roles to run in this process (comma-separated)', roleList)
      .action(async (opts: { with?: Role[] }, command: Command) => {
        await runRoles(command.name(), [role, ...(opts.with ?? [])])
      })
  }
}
