import { systemClock } from '@ludex/workers'
import type { Command } from 'commander'
import { commandContext, untilSignal } from '../runtime/context.ts'
import { startEmbeddedApp } from '../runtime/embedded-app.ts'

export function runCommand(program: Command): void {
  program
    .command('run')
    .description('Everything in one process: simulator (or Roblox), pollers, bus, sink, rollups, API and web')
    .action(async () => {
      const { config, logger } = commandContext()
      const app = await startEmbeddedApp({ config, logger, clock: systemClock })
      if (app.http) console.error(`Ludex is running at ${app.http.url} (Ctrl+C stops it)`)
      await untilSignal(logger)
      await app.stop()
    })
}
