import type { ClickHouseClient } from '@clickhouse/client'
import type { Publisher } from '@ludex/schemas'
import {
  existsAt,
  experienceAt,
  type PlatformModel,
  type PollerScheduleOptions,
  registerPollers,
  type Tracker,
  trackSeedPlaces,
} from '@ludex/workers'
import { selectChangeMemory, selectTracker } from '../adapters.ts'
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
  const result = await client.query({
    query: 'SELECT place_id, universe_id FROM place_latest FINAL ORDER BY place_id',
    format: 'JSONEachRow',
  })
  for (const row of await result.json<{ place_id: number | string; universe_id: number | string }>()) {
    tracker.add({ placeId: Number(row.place_id), universeId: Number(row.universe_id) }, 'seed', now)
  }
  if (model) {
    for (let i = 0; i < model.count; i++) {
      const p = experienceAt(model, i)
      if (existsAt(p, now)) tracker.add({ placeId: p.rootPlaceId, universeId: p.universeId }, 'seed', now)
    }
  }
  return tracker
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
    jobs: JobScheduler
    schedule: PollerScheduleOptions
  },
): Promise<PollerComponent> {
  const { config, logger, clock, metrics } = ctx
  const { platform, roblox } = options.platform
  const trackerAdapter = selectTracker(config, logger)
  ctx.wiring.record('tracker', trackerAdapter.kind)
  const memory = selectChangeMemory(config, logger)
  ctx.wiring.record('changeMemory', memory.kind)
  const tracker = await restoreTracker(trackerAdapter.value, options.store, platform.model, clock.now())
  if (config.SEED_PLACE_IDS.length > 0) {
    const seeded = await trackSeedPlaces(roblox, tracker, config.SEED_PLACE_IDS, clock.now(), logger)
    if (seeded.unresolved.length > 0) {
      logger.warn({ unresolved: seeded.unresolved }, 'seed place ids without a universe were not tracked')
    }
  }
  const pollers = registerPollers(
    options.jobs.jobs,
    {
      client: roblox,
      tracker,
      publisher: metrics.instrumentPublisher(options.publisher),
      clock,
      logger: logger.child({ component: 'pollers' }),
      memory: memory.value,
      discovery: config.DISCOVERY,
    },
    options.schedule,
  )
  logger.info({ pollers, tracked: tracker.size }, 'pollers registered')
  return {
    tracker,
    readiness: () => ({
      ok: options.jobs.running(),
      detail: `${pollers.length} pollers, ${tracker.size} experiences tracked`,
    }),
    stop: async () => {
      await Promise.all([trackerAdapter.close(), memory.close()])
    },
  }
}
