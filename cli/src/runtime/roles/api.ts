import { fileURLToPath } from 'node:url'
import type { ClickHouseClient } from '@clickhouse/client'
import { type ApiMetrics, createApiApp, listen } from '@ludex/api'
import { startAccounts } from '../accounts.ts'
import { selectAggregateCache, selectAuthRateLimiter } from '../adapters.ts'
import { createApiDeps } from '../api-deps.ts'
import { type RoleComponent, type RoleContext, startComponent } from './component.ts'
import type { PlatformComponent } from './platform.ts'

export const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url))

export interface ApiComponent extends RoleComponent {
  readonly url: string
}

/**
 * The api role: the read API and the web app on PORT, with /healthz, /readyz and /metrics of the whole
 * process. The app database (accounts, sessions) is the API's alone: PGlite in the data dir, or
 * DATABASE_URL; it is its own step, so it closes after the server.
 */
export async function startApiRole(
  ctx: RoleContext,
  options: {
    store: ClickHouseClient
    platform: PlatformComponent
    metrics: ApiMetrics
    /** The built SPA (default web/dist). */
    staticDir?: string
  },
): Promise<ApiComponent> {
  const { config, logger, clock } = ctx
  const limiter = selectAuthRateLimiter(config, logger, clock)
  ctx.wiring.record('rateLimits', limiter.kind)
  const cache = selectAggregateCache(config, logger, clock)
  ctx.wiring.record('cache', cache.kind)
  ctx.lifecycle.add('api shared state', async () => {
    await Promise.all([limiter.close(), cache.close()])
  })
  const accounts = await startComponent(ctx, 'appDatabase', async () => {
    const started = await startAccounts(config, logger, () => clock.now(), { limiter: limiter.value })
    return {
      ...started,
      readiness: () => ({ ok: true, detail: started.database.engine }),
      stop: () => started.close(),
    }
  })
  ctx.wiring.record('appDatabase', accounts.database.engine)
  ctx.wiring.record('mail', config.SMTP_URL ? 'smtp' : 'outbox')
  const server = await listen(
    createApiApp({
      logger: logger.child({ component: 'api' }),
      readiness: ctx.readiness.probe,
      metrics: options.metrics,
      staticDir: options.staticDir ?? WEB_DIST,
      ...accounts.http,
      deps: createApiDeps({
        clickhouse: options.store,
        roblox: options.platform.roblox,
        cache: cache.value,
        clock,
        logger,
        accounts: accounts.accounts,
      }),
    }),
    config.HOST,
    config.PORT,
  )
  logger.info({ url: server.url }, 'api listening')
  return { url: server.url, stop: () => server.close() }
}
