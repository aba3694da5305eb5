import type { ClickHouseClient } from '@clickhouse/client'
import { type InsertedEvent, startSink } from '@ludex/pipelines'
import type { BatchHandler, Subscriber, Topic } from '@ludex/schemas'
import type { Logger } from 'pino'

/**
 * The sink's handler of one topic (its inserts into ClickHouse), for a command that feeds it itself
 * (replay): the sink subscribes through a Subscriber that only records the handlers it is given.
 */
export function sinkHandlerOf<T>(
  topic: Topic<T>,
  client: ClickHouseClient,
  logger: Logger,
  onInserted: (event: InsertedEvent) => void,
): BatchHandler<T> {
  const handlers = new Map<string, BatchHandler<unknown>>()
  const recorder: Subscriber = {
    subscribe(t, _options, handler) {
      handlers.set(t.name, handler as BatchHandler<unknown>)
      return { stop: async () => {} }
    },
  }
  startSink({ bus: recorder, client, logger, batchMax: 1, batchWaitMs: 0, onInserted })
  const handler = handlers.get(topic.name)
  if (!handler) throw new Error(`the sink does not consume ${topic.name}`)
  return handler as BatchHandler<T>
}
