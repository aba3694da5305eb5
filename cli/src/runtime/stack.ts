import type { ClickHouseClient } from '@clickhouse/client'
import {
  createAnalyticsClient,
  createInProcessBus,
  deadLetterWriter,
  type InProcessBus,
  type InsertedEvent,
  insertLogWriter,
  migrate,
  type ResumedMaterialiser,
  resumeMaterialiser,
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
  /** Follows the insert log from its stored cursor, so a restart resumes where it stopped. */
  readonly materialiser: ResumedMaterialiser
  /**
   * 'live': every insert is written to the insert log and the materialiser is nudged to read it (the
   * log is what survives a crash). 'deferred': inserted ranges are only collected, nothing is logged (a
   * backfill rebuilds them once at the end, instead of recomputing the same buckets after every batch,
   * and records itself done only then).
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
  const materialiser = await resumeMaterialiser({
    client,
    logger: logger.child({ component: 'materialiser' }),
    clock,
    pollMs: config.INSERT_LOG_POLL_MS,
  })
  const logInsert = insertLogWriter(client)
  let mode: 'live' | 'deferred' = 'live'
  let deferred: { fromMs: number; toMs: number } | null = null
  const onInserted = async (event: InsertedEvent) => {
    if (mode === 'live') {
      await logInsert(event)
      materialiser.nudge()
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
