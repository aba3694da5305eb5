import type { Topic } from './topics.ts'

/**
 * The bus as producers and consumers see it. The embedded adapter is an in-process bounded queue; the
 * distributed one is Kafka. Both validate with the topic's schema on both sides (types only here: no I/O).
 */
export interface Publisher {
  /**
   * Validates every message against the topic's schema (an invalid one is a producer bug: the call
   * rejects with BusValidationError and publishes none of the batch), then waits until the bus has
   * accepted them all. Backpressure: the promise stays pending while the bus is full.
   */
  publish<T>(topic: Topic<T>, messages: readonly T[]): Promise<void>
}

export interface SubscribeOptions {
  /** Consumer group: each group sees every message of the topic once (at least once across crashes). */
  readonly group: string
  /** Largest batch handed to the handler. */
  readonly maxBatch: number
  /** How long to wait for a fuller batch once at least one message is ready. */
  readonly maxWaitMs: number
}

export interface DeadLetter {
  readonly topic: string
  readonly key: string
  readonly reason: string
  readonly payload: unknown
}

/**
 * Receives validated messages in order per key. A batch counts as consumed only when the handler's
 * promise resolves; a rejection redelivers the same batch after a backoff, so handlers must be
 * idempotent (the sink is: see pipelines' replay invariant). Messages that fail validation never reach
 * the handler: they go to the dead-letter topic with the reason.
 */
export type BatchHandler<T> = (batch: readonly T[]) => Promise<void>

export interface Subscription {
  /** Stops taking new batches, lets the one in flight finish, then resolves. */
  stop(): Promise<void>
}

export interface Subscriber {
  subscribe<T>(topic: Topic<T>, options: SubscribeOptions, handler: BatchHandler<T>): Subscription
}

export interface Bus extends Publisher, Subscriber {
  /** Resolves once every accepted message has been handled by every subscriber (clean shutdown). */
  drain(): Promise<void>
  close(): Promise<void>
}

export class BusValidationError extends Error {
  constructor(
    readonly topic: string,
    readonly index: number,
    readonly issues: string,
    options?: { cause?: unknown },
  ) {
    super(`Invalid message #${index} for ${topic}: ${issues}`, options)
    this.name = 'BusValidationError'
  }
}
