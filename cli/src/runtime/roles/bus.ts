import type { ClickHouseClient } from '@clickhouse/client'
import { deadLetterWriter } from '@ludex/pipelines'
import { type SelectedBus, selectBus } from '../adapters.ts'
import type { RoleComponent, RoleContext } from './component.ts'

export interface BusComponent extends RoleComponent {
  readonly selected: SelectedBus
}

/**
 * The bus of this process (Kafka with KAFKA_BROKERS, else in-process), its dead letters written to the
 * store. Started before the sink and the pollers, so it closes after both. `createTopics`: the
 * one-process commands (`ludex run`, `ludex backfill`) create or update the Kafka topics as `ludex
 * migrate` does; role processes expect them made by `ludex migrate`.
 */
export async function startBus(
  ctx: RoleContext,
  store: ClickHouseClient,
  options: { createTopics: boolean },
): Promise<BusComponent> {
  const selected = await selectBus(ctx.config, ctx.logger, {
    onDeadLetter: deadLetterWriter(store, () => ctx.clock.now()),
    observer: ctx.metrics.busObserver,
  })
  ctx.wiring.record('bus', selected.kind)
  if (options.createTopics && selected.kind === 'kafka') {
    try {
      const { ensureTopics } = await import('@ludex/pipelines/kafka')
      const topics = await ensureTopics(ctx.config, ctx.logger)
      ctx.logger.info(
        { created: topics.created.length, updated: topics.updated.length },
        'kafka topics ready',
      )
    } catch (err) {
      await selected.bus.close()
      throw err
    }
  }
  return { selected, stop: () => selected.bus.close() }
}
