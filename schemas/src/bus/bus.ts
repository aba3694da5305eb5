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
 * promise resolves; a rejection hands the batch over again after a backoff, so handlers must be
 * idempotent (the sink is: see pipelines' replay invariant). Messages that fail validation never reach
 * the handler: they go to the dead-letter topic with the reason.
 *
 * How a rejection is read: BatchRejectedError says the store refused data of the batch. The batch is
 * tried BUS_MAX_ATTEMPTS times in all, then bisected; halves are tried as batches, and a single message
 * still refused alone is dead-lettered with the error's reason, so the rest lands and the consumer moves
 * on. Any other rejection means the store (or something else the handler needs) is unavailable: the
 * batch is retried with capped backoff until it succeeds, and nothing is dead-lettered.
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

/**
 * A batch handler's rejection saying the store refused data of the batch (a value it cannot parse or
 * store, a violated constraint), as opposed to being unavailable. The bus bisects such a batch and
 * dead-letters only the messages refused alone, with `reason` (the store's error).
 */
export class BatchRejectedError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`The store refused the batch: ${reason}`, options)
    this.name = 'BatchRejectedError'
  }
}

/**
 * Defaults of the bus's failure handling (the BUS_* settings take them): attempts at a batch the store
 * refuses before it is bisected, and the redelivery backoff, doubling per attempt up to its cap.
 */
export const busRetryDefaults = {
  maxAttempts: 3,
  backoffMs: 100,
  maxBackoffMs: 6_400,
} as const
