import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ClickHouseClient } from '@clickhouse/client'
import {
  type AppDatabase,
  createApiApp,
  listen,
  type ReadinessCheck,
  requestUntrackedTagMembers,
} from '@ludex/api'
import { queryRows } from '@ludex/pipelines/store'
import { DUMPS_DIR, type Publisher, siteInfoOf } from '@ludex/schemas'
import type { Logger } from 'pino'
import { startAccounts } from '../accounts.ts'
import { createApiDeps, exchangeRatesUrlFor } from '../api-deps.ts'
import { startLocalAdmin } from '../local-admin/server.ts'
import type { MetricsListener } from '../metrics-listener.ts'
import type { SharedState } from '../shared-state.ts'
import type { AlertsAppDatabase } from './alerts.ts'
import { type RoleComponent, type RoleContext, startComponent } from './component.ts'
import type { PlatformComponent } from './platform.ts'

export const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url))

export interface ApiComponent extends RoleComponent {
  readonly url: string
  /** The app database's alerts and tags and the mail, for an alerts role in this process. */
  readonly appDatabase: AlertsAppDatabase
  /**
   * Older history was stored and rolled up in this process (a backfill chunk): the kept history
   * starts are read again and the hot reads check the rollup watermark at their next read, so pages
   * show the chunk at once rather than after their entries expire.
   */
  historyMoved(): void
}

/** How long /readyz waits for the app database or the store before it calls it unreachable. */
export const READY_PROBE_MS = 3000

/** null when `probe` answered in time; else why not (logged, not shown: /readyz is public). */
async function unanswered(probe: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_PROBE_MS} ms`)), READY_PROBE_MS)
  })
  try {
    await Promise.race([probe(), late])
    return null
  } catch (err) {
    return err
  } finally {
    clearTimeout(timer)
  }
}

/** The API serves only while what its calls read answers: the app database and the analytics store. */
export function apiReadiness(
  database: AppDatabase,
  store: ClickHouseClient,
  logger: Logger,
): () => Promise<ReadinessCheck> {
  return async () => {
    const [db, analytics] = await Promise.all([
      unanswered(() => database.ping()),
      unanswered(() => queryRows(store, { what: 'readiness', query: 'SELECT 1 AS ok' })),
    ])
    const down = [db && 'the app database', analytics && 'the store'].filter(Boolean)
    if (down.length === 0) return { ok: true, detail: `app database (${database.engine}) and store answer` }
    logger.warn(
      { appDatabase: db ? String(db) : undefined, store: analytics ? String(analytics) : undefined },
      'api not ready',
    )
    return { ok: false, detail: `${down.join(' and ')} did not answer` }
  }
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
    /** The aggregate cache and the auth rate limits every replica shares (Redis with REDIS_URL). */
    shared: SharedState
    /** The process's registry, and whether this server serves /metrics (not with METRICS_PORT). */
    metrics: MetricsListener['appOptions']
    /** The built SPA (default web/dist). */
    staticDir?: string
    /**
     * Whether a poller takes this process's tracking requests: one runs here, or the requests are in
     * Redis for every poller process. Otherwise tag members Ludex does not track are not asked for.
     */
    trackingReachesPollers: boolean
    /**
     * Where the API publishes (game events, first-party page views and error reports): the process's
     * bus or a producer opened on first use; null: those calls answer 503.
     */
    publisher: Publisher | null
    /**
     * The data dir this process holds, where the local admin endpoint is announced (`ludex user` while
     * it runs); null when it holds none (every store a server), and then `ludex user` needs no endpoint.
     */
    localAdminDir: string | null
    /**
     * The materialiser of this process, when there is one: each recompute has the hot reads look at
     * the rollup watermark at once (without it, within their recheck).
     */
    rollupsLanded?: (listener: () => void) => void
  },
): Promise<ApiComponent> {
  const { config, logger, clock } = ctx
  const { shared } = options
  ctx.wiring.record('rateLimits', shared.kind)
  ctx.wiring.record('cache', shared.kind)
  const accounts = await startComponent(ctx, 'appDatabase', async () => {
    const started = await startAccounts(config, logger, () => clock.now(), { limiter: shared.rateLimiter })
    return {
      ...started,
      readiness: () => ({ ok: true, detail: started.database.engine }),
      stop: () => started.close(),
    }
  })
  ctx.wiring.record('appDatabase', accounts.database.engine)
  ctx.wiring.record('mail', config.SMTP_URL ? 'smtp' : 'outbox')
  ctx.wiring.record('tagTracking', options.trackingReachesPollers ? shared.kind : 'off')
  if (!options.trackingReachesPollers) {
    logger.warn(
      'no poller shares this process’s state (no REDIS_URL): experiences added to tags that Ludex does ' +
        'not track yet will not be tracked',
    )
  }
  const deps = createApiDeps({
    clickhouse: options.store,
    roblox: options.platform.roblox,
    cache: shared.cache,
    clock,
    logger,
    accounts: accounts.accounts,
    ...(options.trackingReachesPollers && {
      trackPlaces: (placeIds: readonly number[]) => shared.trackingRequests.request(placeIds),
    }),
    ...(options.publisher && { publisher: options.publisher }),
    exchangeRatesUrl: exchangeRatesUrlFor(config, options.platform.platform.simulator),
    ...(config.CODE_LIBRARY_URL && { codeLibraryUrl: config.CODE_LIBRARY_URL }),
    site: siteInfoOf(config),
    dumpsDir: join(config.LUDEX_DATA_DIR, DUMPS_DIR),
  })
  const hotReads = deps.hotReads
  if (hotReads) options.rollupsLanded?.(() => hotReads.signal())
  const server = await listen(
    createApiApp({
      logger: logger.child({ component: 'api' }),
      readiness: ctx.readiness.probe,
      ...options.metrics,
      staticDir: options.staticDir ?? WEB_DIST,
      ...accounts.http,
      deps,
    }),
    config.HOST,
    config.PORT,
  )
  logger.info({ url: server.url }, 'api listening')
  const localAdminDir = options.localAdminDir
  if (localAdminDir) {
    await startComponent(ctx, 'local admin', () =>
      startLocalAdmin(localAdminDir, {
        db: accounts.database.db,
        config,
        logger: logger.child({ component: 'local-admin' }),
        now: () => clock.now(),
      }),
    )
  }
  // Tag members still untracked (a request lost with the last process, or one the platform could not
  // answer) are asked for again; in the background, as nothing else waits on it.
  const retracking = requestUntrackedTagMembers(deps).then(
    (asked) => asked > 0 && logger.info({ asked }, 'untracked tag members asked to be tracked'),
    (err: unknown) => logger.warn({ err }, 'could not ask for untracked tag members to be tracked'),
  )
  return {
    url: server.url,
    appDatabase: { store: accounts.accounts.store, mailer: accounts.mailer },
    historyMoved: () => {
      deps.historyStarts?.forget()
      deps.hotReads?.signal()
    },
    readiness: apiReadiness(accounts.database, options.store, logger),
    stop: async () => {
      await server.close()
      await retracking
    },
  }
}
