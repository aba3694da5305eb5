import { systemClock } from '@ludex/workers'
import type { Command } from 'commander'
import { commandContext } from '../runtime/context.ts'
import { createLifecycle } from '../runtime/lifecycle/lifecycle.ts'
import { exitThroughLifecycle } from '../runtime/lifecycle/process-exit.ts'
import { intOption } from '../runtime/options.ts'
import { startConfiguredSimulator } from '../runtime/roles/platform.ts'

export function simulatorCommand(program: Command): void {
  program
    .command('simulator')
    .description('Serve the simulated Roblox platform over HTTP (for pollers in other processes)')
    .option('--port <n>', 'port (default SIMULATOR_PORT, 0 = any free)', intOption('--port', 0, 65535))
    .option('--experiences <n>', 'simulated experiences', intOption('--experiences', 1, 100_000))
    .action(async (opts: { port?: number; experiences?: number }) => {
      const { config, logger } = commandContext({
        ...(opts.experiences !== undefined && { SIMULATOR_EXPERIENCES: String(opts.experiences) }),
        ...(opts.port !== undefined && { SIMULATOR_PORT: String(opts.port) }),
      })
      const { model, simulator: server } = await startConfiguredSimulator(
        config,
        logger,
        systemClock,
        config.HOST,
      )
      console.log(
        `simulator: ${model.count} experiences at ${server.url} (ROBLOX_API_BASE=${server.baseTemplate})`,
      )
      const lifecycle = createLifecycle({ logger, deadlineMs: config.SHUTDOWN_TIMEOUT_MS })
      lifecycle.add('simulator', () => server.close())
      await exitThroughLifecycle(lifecycle, logger).exited
    })
}
