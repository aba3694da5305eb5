import { createApiApp, listen } from '@ludex/api'
import { createAnalyticsClient, migrate } from '@ludex/pipelines'
import { createRobloxClient, systemClock } from '@ludex/workers'
import type { Command } from 'commander'
import { startAccounts } from '../runtime/accounts.ts'
import { createApiDeps } from '../runtime/api-deps.ts'
import { commandContext, untilSignal } from '../runtime/context.ts'
import { WEB_DIST } from '../runtime/embedded-app.ts'
import { startPlatform } from '../runtime/stack.ts'

export function apiCommand(program: Command): void {
  program
    .command('api')
    .description('Serve only the read API and the web app over the configured analytics store')
    .action(async () => {
      const { config, logger } = commandContext()
      const clickhouse = await createAnalyticsClient(config, logger)
      await migrate(clickhouse, logger)
      // Badge downloads need the platform: Roblox when ROBLOX_API_BASE is set, else the simulator.
      const platform = await startPlatform(config, logger, systemClock)
      const roblox = createRobloxClient({
        baseTemplate: platform.baseTemplate,
        userAgent: config.ROBLOX_USER_AGENT,
        hostIntervalMs: config.ROBLOX_HOST_INTERVAL_MS,
        timeoutMs: config.ROBLOX_TIMEOUT_MS,
        maxRetries: config.ROBLOX_MAX_RETRIES,
        logger: logger.child({ component: 'roblox-client' }),
      })
      const accounts = await startAccounts(config, logger, () => systemClock.now())
      const server = await listen(
        createApiApp({
          logger: logger.child({ component: 'api' }),
          readiness: async () => ({
            store: { ok: true },
            appDatabase: { ok: true, detail: accounts.database.engine },
          }),
          staticDir: WEB_DIST,
          ...accounts.http,
          deps: createApiDeps({
            clickhouse,
            roblox,
            clock: systemClock,
            logger,
            accounts: accounts.accounts,
          }),
        }),
        config.HOST,
        config.PORT,
      )
      console.error(`Ludex API at ${server.url} (docs at ${server.url}/api/docs)`)
      await untilSignal(logger)
      await server.close()
      await accounts.close()
      await platform.stop()
      await clickhouse.close()
    })
}
