import type { ClickHouseClient } from '@clickhouse/client'
import {
  createAnalyticsClient,
  createInProcessBus,
  createMaterialiser,
  deadLetterWriter,
  type InProcessBus,
  type InsertedEvent,
  type Materialiser,
  migrate,
  type Sink,
  startSink,
} from '@ludex/pipelines'
import { queryRows, tables } from '@ludex/pipelines/store'
import type { Config } from '@ludex/schemas'
import {
  type Clock,
  createInMemoryTracker,
  createPlatformModel,
  existsAt,
  experienceAt,
  type PlatformModel,
  type SimulatorServer,
  startSimulatorServer,
  type Tracker,
} from '@ludex/workers'
import type { Logger } from 'pino'

/**
 * The embedded pipeline of one process: analytics store (migrated), in-process bus, sink and
 * materialiser. Commands add the parts they need (simulator, pollers, API) on top of it.
 */
export interface Pipeline {
  readonly client: ClickHouseClient
  readonly bus: InProcessBus
  readonly sink: Sink
  readonly materialiser: Materialiser
  /**
   * 'live': every insert marks its slots dirty and the materialiser keeps rollups current.
   * 'deferred': inserted ranges are only collected (a backfill rebuilds them once at the end, instead
   * of recomputing the same buckets after every batch).
   */
  setMaterialisation(mode: 'live' | 'deferred'): void
  /** The slot range inserted while deferred, and clears it. */
  takeDeferredRange(): { fromMs: number; toMs: number } | null
  stop(): Promise<void>
}

export async function startPipeline(config: Config, logger: Logger, clock: Clock): Promise<Pipeline> {
  const client = await createAnalyticsClient(config, logger)
  const migrated = await migrate(client, logger)
  logger.info({ applied: migrated.applied.length }, 'analytics store migrated')
  const bus = createInProcessBus({
    capacity: config.BUS_CAPACITY,
    logger,
    onDeadLetter: deadLetterWriter(client, () => clock.now()),
  })
  const materialiser = createMaterialiser({ client, logger, clock })
  let mode: 'live' | 'deferred' = 'live'
  let deferred: { fromMs: number; toMs: number } | null = null
  const onInserted = (event: InsertedEvent) => {
    if (mode === 'live') {
      materialiser.markDirty(event.minSlot, event.maxSlot)
      return
    }
    deferred = deferred
      ? { fromMs: Math.min(deferred.fromMs, event.minSlot), toMs: Math.max(deferred.toMs, event.maxSlot) }
      : { fromMs: event.minSlot, toMs: event.maxSlot }
  }
  const sink = startSink({
    bus,
    client,
    logger,
    batchMax: config.SINK_BATCH_MAX,
    batchWaitMs: config.SINK_BATCH_WAIT_MS,
    onInserted,
  })
  return {
    client,
    bus,
    sink,
    materialiser,
    setMaterialisation: (next) => {
      mode = next
    },
    takeDeferredRange: () => {
      const range = deferred
      deferred = null
      return range
    },
    stop: async () => {
      // Order matters: everything accepted is inserted, then materialised, before the store closes.
      await bus.drain()
      await sink.stop()
      await materialiser.stop()
      await bus.close()
      await client.close()
    },
  }
}

export interface Platform {
  /** Upstream base URL template the Roblox client uses. */
  readonly baseTemplate: string
  /** The simulated platform when no real upstream is configured. */
  readonly model: PlatformModel | null
  readonly simulator: SimulatorServer | null
  stop(): Promise<void>
}

/** The real Roblox hosts when ROBLOX_API_BASE is set; otherwise the simulator, on loopback. */
export async function startPlatform(config: Config, logger: Logger, clock: Clock): Promise<Platform> {
  if (config.ROBLOX_API_BASE) {
    return { baseTemplate: config.ROBLOX_API_BASE, model: null, simulator: null, stop: async () => {} }
  }
  const model = createPlatformModel({
    seed: config.SIMULATOR_SEED,
    experiences: config.SIMULATOR_EXPERIENCES,
  })
  const simulator = await startSimulatorServer({
    model,
    port: config.SIMULATOR_PORT,
    clock: () => clock.now(),
    faultRate: config.SIMULATOR_FAULT_RATE,
    logger: logger.child({ component: 'simulator' }),
  })
  logger.info(
    { url: simulator.url, experiences: config.SIMULATOR_EXPERIENCES, seed: config.SIMULATOR_SEED },
    'platform simulator started',
  )
  return { baseTemplate: simulator.baseTemplate, model, simulator, stop: () => simulator.close() }
}

/**
 * What to track at start-up: every experience already in the store (so a restart keeps polling what
 * it polled), plus, on the simulator, its whole catalogue as the seed list (the simulator's place ids
 * are known up front; against Roblox, SEED_PLACE_IDS are resolved by the pollers' client).
 */
export async function restoreTracker(
  client: ClickHouseClient,
  model: PlatformModel | null,
  now: number,
): Promise<Tracker> {
  const tracker = createInMemoryTracker()
  const tracked = await queryRows<{ place_id: number; universe_id: number }>(client, {
    what: 'tracked places',
    query: `SELECT place_id, universe_id FROM ${tables.placeLatest} FINAL ORDER BY place_id`,
    int64: ['place_id', 'universe_id'],
  })
  for (const row of tracked) {
    tracker.add({ placeId: row.place_id, universeId: row.universe_id }, 'seed', now)
  }
  if (model) {
    for (let i = 0; i < model.count; i++) {
      const p = experienceAt(model, i)
      if (existsAt(p, now)) tracker.add({ placeId: p.rootPlaceId, universeId: p.universeId }, 'seed', now)
    }
  }
  return tracker
}
