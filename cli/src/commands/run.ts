import type { Command } from 'commander'
import { ROLES } from '../runtime/roles/plan.ts'
import { runRoles } from './run-roles.ts'

export function runCommand(program: Command): void {
  program
    .command('run')
    .description(
      'Every role in one process (simulator or Roblox, pollers, bus, sink, rollups, API and web), with the first-start backfill',
    )
    .action(async () => {
      await runRoles('run', ROLES, { firstStartBackfill: true })
    })
}
