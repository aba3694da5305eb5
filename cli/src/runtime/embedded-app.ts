import { fileURLToPath } from 'node:url'
import { createApiApp, listen, type ReadinessCheck, type RunningServer } from '@ludex/api'
import type { Config } from '@ludex/schemas'
import {
  type Clock,
  createInMemoryChangeMemory,
  createInProcessScheduler,
  createRobloxClient,
  type PollerName,
  registerPollers,
  type Scheduler,
  type Tracker,
  trackSeedPlaces,
} from '@ludex/workers'
import type { Logger } from 'pino'
import { type AccountsRuntime, startAccounts } from './accounts.ts'
import { createApiDeps } from './api-deps.ts'
import { type BackfillSummary, backfill, backfillDone } from './backfill.ts'
import { type Pipeline, type Platform, restoreTracker, startPipeline, startPlatform } from './stack.ts'

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url))

export interface EmbeddedAppOptions {
  readonly config: Config
  readonly logger: Logger
  readonly clock: Clock
  /** Serve the API (and the SPA, when built); off in tests that drive the stack directly. */
  readonly serveHttp?: boolean
  readonly staticDir?: string
  /** Poll intervals (tests shorten them); default POLL_INTERVAL_MS for the 10-minute pollers. */
  readonly pollEveryMs?: Partial<Record<PollerName, number>>
}

export interface EmbeddedApp {
  readonly pipeline: Pipeline
  readonly platform: Platform
  readonly tracker: Tracker
  readonly scheduler: Scheduler
  readonly http: RunningServer | null
  readonly accounts: AccountsRuntime
  /** The first-start backfill, or null when the data dir already had one (or BACKFILL_DAYS is 0). */
  readonly backfill: BackfillSummary | null
  stop(): Promise<void>
}

/**
 * `ludex run`: everything in one process. The store and the HTTP server start first, so the API
 * answers and /readyz shows progress while the first-start backfill runs; live polling starts once the
 * history is in.
 */
export async function startEmbeddedApp(options: EmbeddedAppOptions): Promise<EmbeddedApp> {
  const { config, logger, clock } = options
  const status: Record<string, ReadinessCheck> = {
    store: { ok: false, detail: 'migrating' },
    backfill: { ok: false, detail: 'waiting' },
    pollers: { ok: false, detail: 'waiting for history' },
  }

  const pipeline = await startPipeline(config, logger, clock)
  status.store = { ok: true, detail: config.CLICKHOUSE_URL ? 'clickhouse server' : 'chDB (embedded)' }
  const accounts = await startAccounts(config, logger, () => clock.now())
  status.appDatabase = { ok: true, detail: accounts.database.engine }
  const platform = await startPlatform(config, logger, clock)
  const client = createRobloxClient({
    baseTemplate: platform.baseTemplate,
    userAgent: config.ROBLOX_USER_AGENT,
    // The simulator accepts any cookie for the calls that need one; a real one is a secret from the env.
    cookie: config.ROBLOX_COOKIE ?? (platform.simulator ? 'simulator' : undefined),
    hostIntervalMs: config.ROBLOX_HOST_INTERVAL_MS,
    timeoutMs: config.ROBLOX_TIMEOUT_MS,
    maxRetries: config.ROBLOX_MAX_RETRIES,
    logger: logger.child({ component: 'roblox-client' }),
  })
  const http =
    options.serveHttp === false
      ? null
      : await listen(
          createApiApp({
            logger: logger.child({ component: 'api' }),
            readiness: async () => ({ ...status }),
            staticDir: options.staticDir ?? WEB_DIST,
            ...accounts.http,
            deps: createApiDeps({
              clickhouse: pipeline.client,
              roblox: client,
              clock,
              logger,
              accounts: accounts.accounts,
            }),
          }),
          config.HOST,
          config.PORT,
        )
  if (http) logger.info({ url: http.url }, 'http server listening')

  let summary: BackfillSummary | null = null
  if (await backfillDone(pipeline)) {
    status.backfill = { ok: true, detail: 'history already present' }
  } else if (config.BACKFILL_DAYS === 0 || !platform.model) {
    status.backfill = {
      ok: true,
      detail: platform.model ? 'disabled (BACKFILL_DAYS=0)' : 'no history source for the real platform',
    }
  } else {
    logger.info({ days: config.BACKFILL_DAYS }, 'empty data dir: backfilling history')
    summary = await backfill({
      pipeline,
      model: platform.model,
      days: config.BACKFILL_DAYS,
      now: clock.now(),
      logger,
      showProgress: true,
      onProgress: (fraction, phase) => {
        status.backfill = { ok: false, detail: `${phase} ${Math.floor(fraction * 100)}%` }
      },
    })
    status.backfill = { ok: true, detail: `${summary.stats.snapshots} snapshots over ${summary.days} days` }
    logger.info(
      {
        snapshots: summary.stats.snapshots,
        snapshotsPerSecond: summary.snapshotsPerSecond,
        ingestMs: Math.round(summary.ingestMs),
        rebuildMs: Math.round(summary.rebuildMs),
      },
      'backfill finished',
    )
  }

  const tracker = await restoreTracker(pipeline.client, platform.model, clock.now())
  if (config.SEED_PLACE_IDS.length > 0) {
    const seeded = await trackSeedPlaces(client, tracker, config.SEED_PLACE_IDS, clock.now(), logger)
    if (seeded.unresolved.length > 0) {
      logger.warn({ unresolved: seeded.unresolved }, 'seed place ids without a universe were not tracked')
    }
  }
  const scheduler = createInProcessScheduler({ clock, logger: logger.child({ component: 'scheduler' }) })
  const pollers = registerPollers(
    scheduler,
    {
      client,
      tracker,
      publisher: pipeline.bus,
      clock,
      logger: logger.child({ component: 'pollers' }),
      memory: createInMemoryChangeMemory(),
      discovery: config.DISCOVERY,
    },
    {
      everyMs: { games: config.POLL_INTERVAL_MS, sorts: config.POLL_INTERVAL_MS, ...options.pollEveryMs },
    },
  )
  await scheduler.start()
  status.pollers = { ok: true, detail: `${pollers.length} pollers, ${tracker.size} experiences tracked` }
  logger.info({ pollers, tracked: tracker.size }, 'live polling started')

  return {
    pipeline,
    platform,
    tracker,
    scheduler,
    http,
    accounts,
    backfill: summary,
    stop: async () => {
      await scheduler.stop()
      await pipeline.stop()
      await platform.stop()
      await http?.close()
      await accounts.close()
      logger.info('stopped')
    },
  }
}
