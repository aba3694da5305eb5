import { Command } from 'commander'
import { backfillCommand } from './commands/backfill.ts'
import { benchCommand } from './commands/bench.ts'
import { benchStorageCommand } from './commands/bench-storage.ts'
import { dlqCommand } from './commands/dlq.ts'
import { lagCommand } from './commands/lag.ts'
import { migrateCommand } from './commands/migrate.ts'
import { rebuildCommand } from './commands/rebuild.ts'
import { replayCommand } from './commands/replay.ts'
import { roleCommands } from './commands/roles.ts'
import { runCommand } from './commands/run.ts'
import { simulatorCommand } from './commands/simulator.ts'
import { userCommand } from './commands/user.ts'

export function buildProgram(): Command {
  const program = new Command('ludex')
    .description('Open-source analytics for Roblox experiences')
    .showHelpAfterError()
  runCommand(program)
  roleCommands(program)
  simulatorCommand(program)
  migrateCommand(program)
  backfillCommand(program)
  rebuildCommand(program)
  replayCommand(program)
  lagCommand(program)
  dlqCommand(program)
  benchCommand(program)
  benchStorageCommand(program)
  userCommand(program)
  return program
}
