import type { ClickHouseClient } from '@clickhouse/client'
import { type InsertedEvent, insertLogWriter, startSink } from '@ludex/pipelines'
import type { SelectedBus } from '../adapters.ts'
import type { RoleComponent, RoleContext } from './component.ts'
import type { MaterialiserComponent } from './materialiser.ts'

/**
 * The sink role: consumes the bus into the store in batches. It hands each inserted range to the
 * materialiser of this process when that one is fed directly (`materialiser`), else writes it to the
 * insert log before the batch is acknowledged, for a materialiser in any process.
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
    if (materialiser) materialiser.inserted(event.minSlot, event.maxSlot)
    else await writeLog(event)
  }
  const sink = startSink({
    bus: metrics.instrumentSubscriber(bus.bus),
    client: options.store,
    logger,
    batchMax: config.SINK_BATCH_MAX,
    batchWaitMs: config.SINK_BATCH_WAIT_MS,
    onInserted,
  })
  const detail = `consuming the ${bus.kind} bus${materialiser ? '' : ', logging inserts for the materialiser'}`
  return {
    readiness: () => ({ ok: true, detail }),
    stop: async () => {
      // Everything the bus accepted is inserted before the sink lets go of it.
      await bus.bus.drain()
      await sink.stop()
    },
  }
}
