import type { ClickHouseClient } from '@clickhouse/client'
import { queryRows, tables } from '@ludex/pipelines/store'
import type { Publisher } from '@ludex/schemas'
import {
  type ExperienceRef,
  existsAt,
  experienceAt,
  type GamesSweepReport,
  type PlatformModel,
  type PollerScheduleOptions,
  registerPollers,
  type Tracker,
  trackSeedPlaces,
} from '@ludex/workers'
import type { SharedState } from '../shared-state.ts'
import type { RoleComponent, RoleContext } from './component.ts'
import type { JobScheduler } from './jobs.ts'
import type { PlatformComponent } from './platform.ts'

/**
 * What to track at start-up: every experience already in the store (so a restart keeps polling what
 * it polled), plus, on the simulator, its whole catalogue as the seed list (the simulator's place ids
 * are known up front; against Roblox, SEED_PLACE_IDS are resolved by the pollers' client).
 */
export async function restoreTracker(
  tracker: Tracker,
  client: ClickHouseClient,
  model: PlatformModel | null,
  now: number,
): Promise<Tracker> {
  const stored = await queryRows<{ place_id: number; universe_id: number }>(client, {
    what: 'tracked experiences',
    query: `SELECT place_id, universe_id FROM ${tables.placeLatest} FINAL ORDER BY place_id`,
    int64: ['place_id', 'universe_id'],
  })
  await tracker.addAll(
    stored.map((row) => ({ placeId: row.place_id, universeId: row.universe_id })),
    'seed',
    now,
  )
  if (model) {
    const catalogue: ExperienceRef[] = []
    for (let i = 0; i < model.count; i++) {
      const p = experienceAt(model, i)
      if (existsAt(p, now)) catalogue.push({ placeId: p.rootPlaceId, universeId: p.universeId })
    }
    await tracker.addAll(catalogue, 'seed', now)
  }
  return tracker
}

/**
 * The /readyz words for the newest games sweep this process completed (the process that takes a
 * slot's completion job reports it; other poller processes say none yet).
 */
export function sweepDetail(report: GamesSweepReport | null): string {
  if (!report) return 'no games sweep completed here yet'
  const { result, slot, seconds } = report
  const percent = `${(Math.floor(result.completeness * 10_000) / 100).toFixed(2)}%`
  const dropped = result.overranShards > 0 ? `, ${result.overranShards} shards dropped` : ''
  const overran = report.overran ? `, overran its slot${dropped}` : ''
  return `slot ${new Date(slot).toISOString()} ${percent} complete (${result.snapshots} of ${result.tracked - result.restricted.length - result.missing.length} due) in ${Math.round(seconds)} s${overran}`
}

export interface PollerComponent extends RoleComponent {
  readonly tracker: Tracker
}

/**
 * The poller role: the tracked experiences (restored from the store, plus the seeds), and the runs of
 * every poller registered on this process's job scheduler, publishing to the bus. The runs stop with the
 * scheduler (started last, stopped first); this role holds nothing else.
 */
export async function startPollerRole(
  ctx: RoleContext,
  options: {
    store: ClickHouseClient
    platform: PlatformComponent
    publisher: Publisher
    /** The tracked set and the change memory every poller process shares (Redis with REDIS_URL). */
    shared: SharedState
    jobs: JobScheduler
    schedule: PollerScheduleOptions
  },
): Promise<PollerComponent> {
  const { config, logger, clock, metrics } = ctx
  const { platform, roblox } = options.platform
  const { shared } = options
  ctx.wiring.record('tracker', shared.kind)
  ctx.wiring.record('changeMemory', shared.kind)
  const tracker = await restoreTracker(await shared.tracker(), options.store, platform.model, clock.now())
  if (config.SEED_PLACE_IDS.length > 0) {
    const seeded = await trackSeedPlaces(roblox, tracker, config.SEED_PLACE_IDS, clock.now(), logger)
    if (seeded.unresolved.length > 0) {
      logger.warn({ unresolved: seeded.unresolved }, 'seed place ids without a universe were not tracked')
    }
  }
  let lastSweep: GamesSweepReport | null = null
  const pollers = registerPollers(
    options.jobs.jobs,
    {
      client: roblox,
      tracker,
      publisher: metrics.instrumentPublisher(options.publisher),
      clock,
      logger: logger.child({ component: 'pollers' }),
      memory: shared.changeMemory,
      discovery: config.DISCOVERY,
      trackingRequests: shared.trackingRequests,
    },
    {
      ...options.schedule,
      onGamesSweep: (report) => {
        metrics.gamesSweep(report)
        if (!lastSweep || report.slot >= lastSweep.slot) lastSweep = report
      },
    },
  )
  logger.info({ pollers, tracked: tracker.size }, 'pollers registered')
  return {
    tracker,
    readiness: () => ({
      ok: options.jobs.running(),
      detail: `${pollers.length} pollers, ${tracker.size} experiences tracked; ${sweepDetail(lastSweep)}`,
    }),
    // The shared state closes on its own step, after this role's runs stopped with the scheduler.
    stop: async () => {},
  }
}
