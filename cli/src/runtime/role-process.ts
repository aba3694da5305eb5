import type { ClickHouseClient } from '@clickhouse/client'
import { createApiMetrics, type ReadinessProbe } from '@ludex/api'
import type { Bus, Config, Publisher } from '@ludex/schemas'
import type { Clock, PollerName, Tracker } from '@ludex/workers'
import type { Logger } from 'pino'
import { selectBus, selectedKinds } from './adapters.ts'
import { lockDataDirFor } from './data-dir/data-dir-use.ts'
import { lazyPublisher } from './event-publisher.ts'
import type { HistoryChunk } from './first-start/chunks.ts'
import { type FirstStartBackfill, startFirstStartBackfill } from './first-start/first-start.ts'
import { createLifecycle, type Lifecycle, type ShutdownReport } from './lifecycle/lifecycle.ts'
import { startMetricsListener } from './metrics-listener.ts'
import { createRoleMetrics } from './role-metrics.ts'
import { startAlertsRole } from './roles/alerts.ts'
import { type ApiComponent, startApiRole } from './roles/api.ts'
import { startBus } from './roles/bus.ts'
import { createReadinessBoard, type RoleContext, startComponent } from './roles/component.ts'
import { type HealthServerComponent, startHealthServer } from './roles/health-server.ts'
import { registerHourlyDumpJob } from './roles/hourly-dump.ts'
import { pollerScheduleOptions, selectJobScheduler, startJobs } from './roles/jobs.ts'
import { type MaterialiserComponent, startMaterialiserRole } from './roles/materialiser.ts'
import { planRoles, ROLES, type Role, type RolePlan } from './roles/plan.ts'
import { type PlatformComponent, startPlatformPart } from './roles/platform.ts'
import { startPollerRole } from './roles/poller.ts'
import { registerRetentionJob } from './roles/retention.ts'
import { startSchedulerRole } from './roles/scheduler.ts'
import { startSinkRole } from './roles/sink.ts'
import { startStore } from './roles/store.ts'
import { openSharedState, type SharedState } from './shared-state.ts'
import { createWiring, type WiringPart } from './wiring.ts'

export interface RoleRunOptions {
  readonly roles: readonly Role[]
  readonly config: Config
  readonly logger: Logger
  readonly clock: Clock
  /** The process's lifecycle (a command installs its signal handling on it first); default a new one. */
  readonly lifecycle?: Lifecycle
  /**
   * `ludex run`: on an empty store, backfill the simulator's history, newest first, in the background
   * (live polling starts at once); resume one a previous start left unfinished.
   */
  readonly firstStartBackfill?: boolean
  /** Awaited before each chunk of the first-start backfill (tests hold it at a chunk boundary). */
  readonly beforeBackfillChunk?: (chunk: HistoryChunk) => Promise<void>
  /** The process publishes to the bus itself (`ludex backfill`), so a sink may run without pollers. */
  readonly publishesHere?: boolean
  /** Serve HTTP: the API on PORT with the api role, else health and metrics on HEALTH_PORT. Default true. */
  readonly serveHttp?: boolean
  /** The built SPA the api role serves (default web/dist). */
  readonly staticDir?: string
  /** Poll interval overrides (tests); default POLL_INTERVAL_MS for the 10-minute pollers. */
  readonly pollEveryMs?: Partial<Record<PollerName, number>>
  /** How the data dir's lock names this process (e.g. `ludex run`); default the roles. */
  readonly command?: string
}

export interface RoleProcess {
  readonly plan: RolePlan
  /** What was really wired, part by part (also logged at the end of start-up). */
  readonly wiring: Readonly<Partial<Record<WiringPart, string>>>
  /** Where /healthz, /readyz and /metrics answer: the API's server when the api role runs here. */
  readonly healthUrl: string | null
  readonly apiUrl: string | null
  readonly readiness: ReadinessProbe
  /** The analytics store; null in a process that only schedules. */
  readonly store: ClickHouseClient | null
  readonly bus: Bus | null
  readonly materialiser: MaterialiserComponent | null
  readonly tracker: Tracker | null
  /**
   * The first-start backfill running in the background, or null when the store already had its history
   * (or none was asked for).
   */
  readonly backfill: FirstStartBackfill | null
  /** Clean shutdown in reverse order of start: no new polls, everything accepted inserted and materialised. */
  stop(): Promise<ShutdownReport>
}

/**
 * The one start-up path of every long-running command: `ludex run` is every role plus the first-start
 * backfill; `ludex api`, `poller`, `scheduler`, `sink`, `materialiser`, `alerts` (each with `--with`)
 * are some of them; `ludex backfill` is the sink and the materialiser with the backfill publishing. The
 * combination is checked against the selected adapters before anything starts. Each part starts on the
 * lifecycle, which stops them in reverse order; a part that fails to start unwinds those before it.
 */
export async function startRoles(options: RoleRunOptions): Promise<RoleProcess> {
  const { config, logger, clock } = options
  const plan = planRoles(options.roles, selectedKinds(config), {
    publishesHere: options.publishesHere === true,
  })
  const has = plan.has
  const serveHttp = options.serveHttp !== false
  const lifecycle = options.lifecycle ?? createLifecycle({ logger, deadlineMs: config.SHUTDOWN_TIMEOUT_MS })
  const apiMetrics = createApiMetrics({ collectDefaults: serveHttp })
  const wiring = createWiring()
  const readiness = createReadinessBoard()
  const ctx: RoleContext = {
    config,
    logger,
    clock,
    lifecycle,
    wiring,
    readiness,
    metrics: createRoleMetrics(apiMetrics.registry, plan.roles),
  }
  const needsStore =
    has('sink') ||
    has('materialiser') ||
    has('poller') ||
    has('api') ||
    has('alerts') ||
    options.publishesHere
  const servesApi = has('api') && serveHttp
  // The API publishes (game events, page views, error reports): without Kafka it needs the in-process
  // bus and a sink beside it; with Kafka and no bus here it opens a producer on its first publish.
  const needsBus =
    has('sink') || has('poller') || options.publishesHere || (servesApi && !ctx.config.KAFKA_BROKERS)
  if (needsStore) readiness.expect('store', 'connecting')
  // The api role reports itself only where it serves (its check asks the app database and the store).
  for (const role of plan.roles) if (role !== 'api' || servesApi) readiness.expect(role, 'starting')
  if (options.firstStartBackfill) readiness.expect('backfill', 'waiting')

  // The embedded stores take one process at a time: the data dir is held before anything opens, and
  // released last. Refused (DataDirInUseError) when another live process holds it.
  const lock = await lockDataDirFor(config, logger, {
    command: options.command ?? `ludex ${plan.roles.join(',')}`,
    use: { analytics: Boolean(needsStore), appDatabase: servesApi || has('alerts') },
  })
  if (lock) lifecycle.add('data dir lock', () => lock.release())

  const started = await lifecycle.boot(async () => {
    // /metrics on METRICS_PORT when set (else served by the API or the health server): before either.
    const metrics =
      serveHttp && config.METRICS_PORT !== undefined
        ? await lifecycle.start('metrics listener', async () => {
            const listener = await startMetricsListener(config, logger, apiMetrics)
            return { ...listener, stop: () => listener.close() }
          })
        : null
    const httpMetrics = metrics?.appOptions ?? { metrics: apiMetrics, serveMetrics: true }
    let health: HealthServerComponent | null = null
    if (serveHttp && !has('api')) {
      health = await startComponent(ctx, 'health server', () => startHealthServer(ctx, httpMetrics))
    }
    // The state replicas share (cache, rate limits, tracked set, change memory): one Redis connection
    // with REDIS_URL, opened before the roles that use it so it closes after them.
    let shared: SharedState | null = null
    if (has('poller') || servesApi) {
      shared = await lifecycle.start('shared state', async () => {
        const opened = await openSharedState(config, logger, { clock, registry: apiMetrics.registry })
        return { ...opened, stop: () => opened.close() }
      })
    }
    const store = needsStore ? await startComponent(ctx, 'store', () => startStore(ctx)) : null
    const bus =
      store && needsBus
        ? await startComponent(ctx, 'bus', () =>
            startBus(ctx, store.client, {
              createTopics: options.publishesHere === true || !!options.firstStartBackfill,
            }),
          )
        : null
    const materialiser =
      store && has('materialiser')
        ? await startComponent(ctx, 'materialiser', () =>
            // A process that only publishes a backfill leaves the insert log to the deployed materialiser.
            startMaterialiserRole(ctx, { store: store.client, followLog: options.publishesHere !== true }),
          )
        : null
    // An API on the in-process bus without a sink beside it: the bus is a queue in this process, so
    // the sink that writes what the API publishes runs here too (only the API publishes to it).
    const apiSink = servesApi && !has('sink') && bus?.selected.kind === 'in-process'
    if (store && bus && (has('sink') || apiSink)) {
      await startComponent(ctx, 'sink', () =>
        startSinkRole(ctx, {
          store: store.client,
          bus: bus.selected,
          materialiser: plan.materialiseInProcess ? materialiser : null,
        }),
      )
    }
    let platform: PlatformComponent | null = null
    if (has('poller') || servesApi) {
      platform = await startComponent(ctx, 'platform', () => startPlatformPart(ctx, { polls: has('poller') }))
    }
    // The first-start backfill runs in the background from here on: before the app database and the
    // API (their start-up, PGlite's migrations above all, overlaps its first chunk) and before the
    // pollers, which begin at the next slot boundary, so the backfill's plan (up to and including the
    // current slot) is stored by then. The API of this process hears of each chunk once it is in.
    let api: ApiComponent | null = null
    let backfill: FirstStartBackfill | null = null
    if (options.firstStartBackfill && store && bus && materialiser) {
      backfill = await startFirstStartBackfill(
        ctx,
        { client: store.client, bus: bus.selected.bus, materialiser },
        platform?.platform.model ?? null,
        {
          onVisible: () => api?.historyMoved(),
          ...(options.beforeBackfillChunk && { beforeChunk: options.beforeBackfillChunk }),
        },
      )
    }
    if (store && platform && shared && servesApi) {
      const part = platform
      const state = shared
      const published = await apiPublisher(ctx, bus?.selected.bus ?? null, bus?.selected.kind ?? null)
      api = await startComponent(ctx, 'api', () =>
        startApiRole(ctx, {
          store: store.client,
          platform: part,
          shared: state,
          metrics: httpMetrics,
          publisher: published && ctx.metrics.instrumentPublisher(published),
          localAdminDir: lock?.dataDir ?? null,
          ...(options.staticDir && { staticDir: options.staticDir }),
          trackingReachesPollers: state.kind === 'redis' || has('poller'),
          ...(materialiser && { rollupsLanded: materialiser.whenRecomputed }),
        }),
      )
    }
    // Alerts on the api role's app database when it serves here (PGlite is one process's), else their own.
    if (store && has('alerts')) {
      const appDatabase = api?.appDatabase ?? null
      await startComponent(ctx, 'alerts', () => startAlertsRole(ctx, { store: store.client, appDatabase }))
    }

    let tracker: Tracker | null = null
    if (has('poller') || has('scheduler')) {
      const schedule = pollerScheduleOptions(config, options.pollEveryMs)
      const jobs = await selectJobScheduler(ctx, plan)
      if (has('poller') && store && bus && platform && shared) {
        const part = platform
        const state = shared
        const poller = await startComponent(ctx, 'poller', () =>
          startPollerRole(ctx, {
            store: store.client,
            platform: part,
            shared: state,
            publisher: bus.selected.bus,
            jobs,
            schedule,
          }),
        )
        tracker = poller.tracker
        registerRetentionJob(jobs.jobs, store.client, logger)
        registerHourlyDumpJob(jobs.jobs, {
          store: store.client,
          dataDir: config.LUDEX_DATA_DIR,
          clock,
          logger,
        })
      }
      if (has('scheduler')) await startComponent(ctx, 'scheduler', () => startSchedulerRole(jobs, schedule))
      await startComponent(ctx, 'jobs', () => startJobs(jobs))
    }
    return { health, store, bus, materialiser, api, backfill, tracker }
  })

  const report = wiring.snapshot()
  logger.info({ roles: plan.roles, wiring: report }, 'roles started')
  return {
    plan,
    wiring: report,
    healthUrl: (started.api ?? started.health)?.url ?? null,
    apiUrl: started.api?.url ?? null,
    readiness: readiness.probe,
    store: started.store?.client ?? null,
    bus: started.bus?.selected.bus ?? null,
    materialiser: started.materialiser,
    tracker: started.tracker,
    backfill: started.backfill,
    stop: () => lifecycle.stop('stop requested'),
  }
}

/**
 * Where the API of this process publishes (the game events it accepts, first-party page views and
 * error reports): this process's bus when it has one (a sink reads it here, or it is Kafka); with
 * KAFKA_BROKERS and no bus here (`ludex api`), a Kafka producer opened on the first publish, so an API
 * that never publishes never loads kafkajs; otherwise none, and those calls answer 503.
 */
async function apiPublisher(
  ctx: RoleContext,
  bus: Bus | null,
  kind: string | null,
): Promise<Publisher | null> {
  if (bus) {
    ctx.wiring.record('apiPublishes', kind ?? 'bus')
    return bus
  }
  if (!ctx.config.KAFKA_BROKERS) {
    ctx.wiring.record('apiPublishes', 'off')
    return null
  }
  ctx.wiring.record('apiPublishes', 'kafka (connected on the first batch)')
  return ctx.lifecycle.start('api producer', async () => {
    const publisher = lazyPublisher(
      async () => (await selectBus(ctx.config, ctx.logger)).bus,
      ctx.logger.child({ component: 'events' }),
    )
    return { ...publisher, stop: () => publisher.close() }
  })
}

/** `ludex run` has every part: the store and the tracked experiences are always there. */
export interface RunProcess extends RoleProcess {
  readonly store: ClickHouseClient
  readonly tracker: Tracker
}

/** A role run that its caller needs whole came up without one of its parts (a wiring bug, not input). */
export class PartMissingError extends Error {
  constructor(
    readonly run: string,
    readonly part: string,
  ) {
    super(`${run} started without ${part}`)
    this.name = 'PartMissingError'
  }
}

/** `ludex run`: every role in this process, plus the first-start backfill. */
export async function startRun(
  options: Omit<RoleRunOptions, 'roles' | 'firstStartBackfill'>,
): Promise<RunProcess> {
  const p = await startRoles({ ...options, roles: ROLES, firstStartBackfill: true })
  if (!p.store || !p.tracker) {
    await p.stop()
    throw new PartMissingError('ludex run', p.store ? 'its pollers' : 'a store')
  }
  return { ...p, store: p.store, tracker: p.tracker }
}
