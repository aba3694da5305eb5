import type { ClickHouseClient } from '@clickhouse/client'
import { type InsertedEvent, insertLogWriter, startSink } from '@ludex/pipelines'
import type { SelectedBus } from '../adapters.ts'
import type { RoleComponent, RoleContext } from './component.ts'
import type { MaterialiserComponent } from './materialiser.ts'

/**
 * The sink role: consumes the bus into the store in batches. Each inserted range goes to the insert log
 * before the batch is acknowledged (on Kafka: before its offsets are committed), so a materialiser in
 * any process, or in this one after a crash, recomputes it; a materialiser in this process is nudged to
 * read it at once, and during a backfill holds the backfill's part of the range for the backfill's own
 * recompute instead.
 */
export async function startSinkRole(
  ctx: RoleContext,
  options: { store: ClickHouseClient; bus: SelectedBus; materialiser: MaterialiserComponent | null },
): Promise<RoleComponent> {
  const { config, logger, clock, metrics } = ctx
  const { bus, materialiser } = options
  const writeLog = insertLogWriter(options.store)
  const onInserted = async (event: InsertedEvent) => {
    metrics.inserted(event, clock.now())
    const rest = materialiser ? materialiser.hold(event) : { fromMs: event.minSlot, toMs: event.maxSlot }
    if (!rest) return
    await writeLog({ ...event, minSlot: rest.fromMs, maxSlot: rest.toMs })
    materialiser?.nudge()
  }
  const sink = startSink({
    bus: metrics.instrumentSubscriber(bus.bus),
    client: options.store,
    logger,
    batchMax: config.SINK_BATCH_MAX,
    batchWaitMs: config.SINK_BATCH_WAIT_MS,
    onInserted,
  })
  const detail = `consuming the ${bus.kind} bus, logging inserts for the materialiser`
  return {
    readiness: () => ({ ok: true, detail }),
    stop: async () => {
      // Everything the bus accepted is inserted before the sink lets go of it.
      await bus.bus.drain()
      await sink.stop()
    },
  }
}
