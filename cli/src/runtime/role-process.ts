import type { ClickHouseClient } from '@clickhouse/client'
import { createApiApp, createApiMetrics, listen, type ReadinessCheck, type RunningServer } from '@ludex/api'
import {
  createAnalyticsClient,
  deadLetterWriter,
  type InsertedEvent,
  insertLogWriter,
  migrate,
  type ResumedMaterialiser,
  resumeMaterialiser,
  type Sink,
  startSink,
} from '@ludex/pipelines'
import type { Config } from '@ludex/schemas'
import {
  type Clock,
  type ConnectedRedisPacer,
  connectRedisHostPacer,
  createInMemoryChangeMemory,
  createRobloxClient,
  type HostPacer,
  type PollerDeps,
  type RobloxClient,
  registerPollers,
  trackSeedPlaces,
} from '@ludex/workers'
import type { Logger } from 'pino'
import { type AccountsRuntime, startAccounts } from './accounts.ts'
import {
  type SelectedBus,
  type SelectedScheduler,
  selectBus,
  selectedKinds,
  selectScheduler,
} from './adapters.ts'
import { createApiDeps } from './api-deps.ts'
import { WEB_DIST } from './embedded-app.ts'
import { createRoleMetrics } from './role-metrics.ts'
import { planRoles, type Role, type RolePlan } from './roles.ts'
import { type Platform, restoreTracker, startPlatform } from './stack.ts'

export interface RoleProcessOptions {
  readonly roles: readonly Role[]
  readonly config: Config
  readonly logger: Logger
  readonly clock: Clock
  /** The built SPA the api role serves (default web/dist). */
  readonly staticDir?: string
}

export interface RoleProcess {
  readonly plan: RolePlan
  /** Where /healthz, /readyz and /metrics answer: the API's server when the api role runs here. */
  readonly healthUrl: string
  readonly apiUrl: string | null
  /** Clean shutdown: no new polls, everything accepted inserted and materialised, then close. */
  stop(): Promise<void>
}

/** A job run reached a process that only schedules (the scheduler role with BullMQ). */
export class JobNotRunnableHereError extends Error {
  constructor() {
    super('This process only schedules the pollers; their runs belong to poller processes')
    this.name = 'JobNotRunnableHereError'
  }
}

function schedulingOnlyDeps(): PollerDeps {
  const notHere = (): never => {
    throw new JobNotRunnableHereError()
  }
  return {
    get client() {
      return notHere()
    },
    get tracker() {
      return notHere()
    },
    get publisher() {
      return notHere()
    },
    get clock() {
      return notHere()
    },
    get logger() {
      return notHere()
    },
    get memory() {
      return notHere()
    },
    get discovery() {
      return notHere()
    },
  }
}

function robloxClientFor(
  config: Config,
  platform: Platform,
  logger: Logger,
  pacer?: HostPacer,
): RobloxClient {
  return createRobloxClient({
    ...(pacer && { pacer }),
    baseTemplate: platform.baseTemplate,
    userAgent: config.ROBLOX_USER_AGENT,
    // The simulator accepts any cookie for the calls that need one; a real one is a secret from the env.
    cookie: config.ROBLOX_COOKIE ?? (platform.simulator ? 'simulator' : undefined),
    hostIntervalMs: config.ROBLOX_HOST_INTERVAL_MS,
    timeoutMs: config.ROBLOX_TIMEOUT_MS,
    maxRetries: config.ROBLOX_MAX_RETRIES,
    logger: logger.child({ component: 'roblox-client' }),
  })
}

/**
 * Starts the given roles in this process (the role commands: `ludex poller`, `sink`, `scheduler`,
 * `materialiser`, `api`, each with `--with` for company). The role combination is checked against the
 * selected adapters before anything starts. A process without the API serves /healthz, /readyz and
 * /metrics on HEALTH_PORT from the start, so an orchestrator sees it alive while it connects.
 */
export async function startRoles(options: RoleProcessOptions): Promise<RoleProcess> {
  const { config, logger, clock } = options
  const plan = planRoles(options.roles, selectedKinds(config))
  const has = plan.has
  const apiMetrics = createApiMetrics()
  const metrics = createRoleMetrics(apiMetrics.registry, plan.roles)
  const status: Record<string, ReadinessCheck> = { store: { ok: false, detail: 'connecting' } }
  for (const role of plan.roles)
    if (role !== 'api') status[role] = { ok: false, detail: 'waiting for the store' }
  const readiness = async () => ({ ...status })

  let health: RunningServer | undefined
  let client: ClickHouseClient | undefined
  let materialiser: ResumedMaterialiser | undefined
  let bus: SelectedBus | undefined
  let sink: Sink | undefined
  let scheduler: SelectedScheduler | undefined
  let platform: Platform | undefined
  let api: RunningServer | undefined
  let schedulerStarted = false
  let sharedPacer: ConnectedRedisPacer | undefined
  let accounts: AccountsRuntime | undefined

  const step = async (what: string, fn: () => Promise<void>) => {
    try {
      await fn()
    } catch (err) {
      logger.error({ err }, `stopping: ${what} failed`)
    }
  }
  // The order of `ludex run`'s shutdown: nothing new is polled, everything accepted is inserted, then
  // materialised, before the store closes. Parts that never started are skipped.
  const stopAll = async () => {
    if (scheduler && schedulerStarted) await step('scheduler', () => scheduler!.scheduler.stop())
    if (bus && sink) await step('bus drain', () => bus!.bus.drain())
    if (sink) await step('sink', () => sink!.stop())
    if (materialiser) await step('materialiser', () => materialiser!.stop())
    if (bus) await step('bus', () => bus!.bus.close())
    if (sharedPacer) await step('rate limiter', () => sharedPacer!.close())
    if (platform) await step('platform', () => platform!.stop())
    if (api) await step('api', () => api!.close())
    if (accounts) await step('app database', () => accounts!.close())
    if (health) await step('health server', () => health!.close())
    if (client) await step('store', () => client!.close())
    logger.info({ roles: plan.roles }, 'stopped')
  }

  try {
    // Adapters first: one this build lacks stops the process before it opens anything.
    if (has('poller') || has('sink')) {
      bus = await selectBus(config, logger, {
        // Dead letters are written once the store is open; consumers start only after that.
        onDeadLetter: (letters, context) => deadLetterWriter(client!, () => clock.now())(letters, context),
      })
    }
    if (has('poller') || has('scheduler')) {
      scheduler = selectScheduler(config, logger, {
        clock,
        duties: { schedule: has('scheduler'), run: has('poller') },
      })
    }

    if (!has('api')) {
      health = await listen(
        createApiApp({ logger: logger.child({ component: 'health' }), readiness, metrics: apiMetrics }),
        config.HOST,
        config.HEALTH_PORT,
      )
      logger.info({ url: health.url, roles: plan.roles }, 'health and metrics server listening')
    }

    const store = await createAnalyticsClient(config, logger)
    client = store
    await migrate(store, logger)
    status.store = { ok: true, detail: config.CLICKHOUSE_URL ? 'clickhouse server' : 'chDB (embedded)' }

    if (has('materialiser')) {
      // Resumes from its cursor in the insert log; a sink in this process nudges it (below).
      const m = await resumeMaterialiser({
        client: store,
        logger: logger.child({ component: 'materialiser' }),
        clock,
        pollMs: config.INSERT_LOG_POLL_MS,
        onInsert: () => metrics.markedDirty('insert-log'),
        onPoll: (result) => {
          status.materialiser =
            'error' in result
              ? { ok: false, detail: 'cannot read the insert log' }
              : { ok: true, detail: 'following the insert log' }
        },
      })
      materialiser = m
      metrics.watchMaterialiser(() => m.pendingRanges())
      status.materialiser = {
        ok: true,
        detail: `following the insert log (${m.caughtUp} batches to catch up)`,
      }
    }

    if (has('sink') && bus) {
      const writeLog = insertLogWriter(store)
      const m = plan.materialiseInProcess ? materialiser : undefined
      const onInserted = async (event: InsertedEvent) => {
        metrics.inserted(event, clock.now())
        await writeLog(event)
        m?.nudge()
      }
      sink = startSink({
        bus: metrics.instrumentSubscriber(bus.bus),
        client: store,
        logger,
        batchMax: config.SINK_BATCH_MAX,
        batchWaitMs: config.SINK_BATCH_WAIT_MS,
        onInserted,
      })
      status.sink = {
        ok: true,
        detail: `consuming the ${bus.kind} bus, logging inserts for the materialiser`,
      }
    }

    // One platform and one client (one pacing per upstream host) for the pollers and the API's badges.
    let roblox: RobloxClient | undefined
    if (has('poller') || has('api')) {
      platform = await startPlatform(config, logger, clock)
      // With Redis, every poller process paces one upstream host as one budget (DESIGN §2).
      if (config.REDIS_URL && has('poller')) {
        sharedPacer = connectRedisHostPacer({
          redisUrl: config.REDIS_URL,
          prefix: config.SCHEDULER_PREFIX,
          intervalMs: config.ROBLOX_HOST_INTERVAL_MS,
          jitter: 0.25,
          logger: logger.child({ component: 'rate-limiter' }),
        })
      }
      roblox = robloxClientFor(config, platform, logger, sharedPacer?.pacer)
    }

    if (scheduler) {
      const selected = scheduler
      const jobs = metrics.instrumentScheduler(selected.scheduler)
      let deps: PollerDeps = schedulingOnlyDeps()
      if (has('poller') && platform && roblox && bus) {
        const tracker = await restoreTracker(store, platform.model, clock.now())
        if (config.SEED_PLACE_IDS.length > 0) {
          const seeded = await trackSeedPlaces(roblox, tracker, config.SEED_PLACE_IDS, clock.now(), logger)
          if (seeded.unresolved.length > 0) {
            logger.warn(
              { unresolved: seeded.unresolved },
              'seed place ids without a universe were not tracked',
            )
          }
        }
        deps = {
          client: roblox,
          tracker,
          publisher: metrics.instrumentPublisher(bus.bus),
          clock,
          logger: logger.child({ component: 'pollers' }),
          memory: createInMemoryChangeMemory(),
          discovery: config.DISCOVERY,
        }
        status.poller = { ok: false, detail: `${tracker.size} experiences tracked, starting` }
      }
      const pollers = registerPollers(jobs, deps, {
        everyMs: { games: config.POLL_INTERVAL_MS, sorts: config.POLL_INTERVAL_MS },
      })
      await selected.scheduler.start()
      schedulerStarted = true
      if (has('poller')) status.poller = { ok: true, detail: `${pollers.length} pollers` }
      if (has('scheduler'))
        status.scheduler = { ok: true, detail: `${selected.kind}: ${pollers.length} jobs` }
      logger.info({ pollers, scheduler: selected.kind }, 'pollers scheduled')
    }

    if (has('api') && roblox) {
      // The app database (accounts, sessions) is the API's alone: PGlite in the data dir, or DATABASE_URL.
      const started = await startAccounts(config, logger, () => clock.now())
      accounts = started
      status.appDatabase = { ok: true, detail: started.database.engine }
      api = await listen(
        createApiApp({
          logger: logger.child({ component: 'api' }),
          readiness,
          metrics: apiMetrics,
          staticDir: options.staticDir ?? WEB_DIST,
          ...started.http,
          deps: createApiDeps({ clickhouse: store, roblox, clock, logger, accounts: started.accounts }),
        }),
        config.HOST,
        config.PORT,
      )
      logger.info({ url: api.url }, 'api listening')
    }
  } catch (err) {
    await stopAll()
    throw err
  }

  logger.info({ roles: plan.roles, wiring: selectedKinds(config) }, 'roles started')
  // The API's server when the api role runs here, the health server otherwise: one of them always is.
  return { plan, healthUrl: (api ?? health)!.url, apiUrl: api?.url ?? null, stop: stopAll }
}
