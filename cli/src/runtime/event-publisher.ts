import type { Bus, Publisher } from '@ludex/schemas'
import type { Logger } from 'pino'

/** A publisher that opens its bus on the first publish, and closes it (if it was opened) on stop. */
export interface LazyPublisher extends Publisher {
  /** Whether the bus was opened (a batch was published). */
  opened(): boolean
  close(): Promise<void>
}

/**
 * The API's way to the game-events topic in a process with no bus of its own (`ludex api` with
 * KAFKA_BROKERS): the producer, and so kafkajs, is loaded and connected only when a game server first
 * sends a batch, so an API that never receives events never loads the bus client. A failed opening
 * is not kept: the next batch tries again (its caller answered 503 meanwhile).
 */
export function lazyPublisher(open: () => Promise<Bus>, logger: Logger): LazyPublisher {
  let opening: Promise<Bus> | null = null
  let closed = false
  const bus = (): Promise<Bus> => {
    if (closed) return Promise.reject(new Error('the event publisher is closed'))
    if (!opening) {
      opening = open().catch((err: unknown) => {
        opening = null
        throw err
      })
      void opening.then(
        () => logger.info('game events producer connected'),
        () => undefined,
      )
    }
    return opening
  }
  return {
    publish: async (topic, messages) => (await bus()).publish(topic, messages),
    opened: () => opening !== null,
    close: async () => {
      closed = true
      const pending = opening
      opening = null
      if (pending) await (await pending.catch(() => null))?.close()
    },
  }
}
