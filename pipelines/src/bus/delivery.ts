import {
  type BatchHandler,
  BatchRejectedError,
  busRetryDefaults,
  type Config,
  type DeadLetter,
  type Topic,
} from '@ludex/schemas'
import type { Logger } from 'pino'
import type { BusObserver } from './observer.ts'

/**
 * Handing one batch to a handler with bounded failure handling, shared by every bus adapter (DESIGN §4
 * Failures). The adapter decides what a batch is and what "acknowledged" means (the in-process cursor,
 * Kafka's committed offsets); this module decides what happens between the first try and the
 * acknowledgement:
 *
 * - The batch's invalid messages are dead-lettered first. Writing dead letters must not lose them, so a
 *   failed write is retried, with backoff, until it succeeds.
 * - The valid messages go to the handler. A rejection with BatchRejectedError (the store refused data of
 *   the batch) is retried up to `maxAttempts` tries in all, then the batch is bisected: each half is
 *   tried once as a batch, a half refused again is bisected in turn, and a single message refused alone
 *   is dead-lettered with the store's reason. Halves go in order, so order per key holds.
 * - Any other rejection means the store is unavailable: the same batch (or half) is retried with capped
 *   backoff until it succeeds. Nothing is dead-lettered because the store is down.
 *
 * Every handing-over after the first, and every retried dead-letter write, is reported as a
 * redelivery; every dead letter written, with its kind. A stop (wait() answering false) ends it all
 * early, with nothing acknowledged: the adapter hands the batch over again later (at least once).
 */

/** How a bus retries (BUS_MAX_ATTEMPTS, BUS_RETRY_BACKOFF_MS, BUS_RETRY_MAX_BACKOFF_MS). */
export interface RetryPolicy {
  /** Tries of a batch the store refuses, the first included, before it is bisected. */
  readonly maxAttempts: number
  /** Delay before the first redelivery; doubles per failure up to maxBackoffMs. */
  readonly backoffMs: number
  readonly maxBackoffMs: number
}

/** The failure-handling options every bus adapter takes (defaults: busRetryDefaults). */
export interface BusRetryOptions {
  /** Tries of a batch the store refuses before it is bisected. Default 3. */
  readonly maxAttempts?: number
  /** First redelivery delay after a failure; doubles per failure up to maxRetryBackoffMs. Default 100 ms. */
  readonly retryBackoffMs?: number
  /** Default 6.4 s. */
  readonly maxRetryBackoffMs?: number
}

/** The failure-handling options from the configuration. */
export function busRetryOptions(
  config: Pick<Config, 'BUS_MAX_ATTEMPTS' | 'BUS_RETRY_BACKOFF_MS' | 'BUS_RETRY_MAX_BACKOFF_MS'>,
): Required<BusRetryOptions> {
  return {
    maxAttempts: config.BUS_MAX_ATTEMPTS,
    retryBackoffMs: config.BUS_RETRY_BACKOFF_MS,
    maxRetryBackoffMs: config.BUS_RETRY_MAX_BACKOFF_MS,
  }
}

/** The policy of an adapter's options, defaults filled in once. */
export function retryPolicy(o: BusRetryOptions): RetryPolicy {
  const maxAttempts = o.maxAttempts ?? busRetryDefaults.maxAttempts
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError(`maxAttempts must be a positive integer, got ${maxAttempts}`)
  }
  const backoffMs = o.retryBackoffMs ?? busRetryDefaults.backoffMs
  return {
    maxAttempts,
    backoffMs,
    maxBackoffMs: Math.max(backoffMs, o.maxRetryBackoffMs ?? busRetryDefaults.maxBackoffMs),
  }
}

/** The wait before the n-th retry (n ≥ 1). */
export function backoffDelay(policy: RetryPolicy, failures: number): number {
  return Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** Math.min(failures - 1, 30))
}

/** Which dead letters a write holds: the batch's invalid messages, or one valid message the store refused. */
export type DeadLetterSource =
  | { readonly kind: 'invalid' }
  | {
      readonly kind: 'refused'
      /** The message's position among the valid messages handed to deliverBatch. */
      readonly position: number
    }

export interface DeliveryOptions<T> {
  readonly topic: Topic<T>
  readonly group: string
  readonly policy: RetryPolicy
  readonly handler: BatchHandler<T>
  /** Persists dead letters (the adapter adds where they came from). A rejection is retried. */
  readonly writeDeadLetters: (letters: readonly DeadLetter[], source: DeadLetterSource) => Promise<void>
  /** Waits out a backoff; resolves false when the consumer is stopping (the delivery gives up). */
  readonly wait: (ms: number) => Promise<boolean>
  readonly observer?: BusObserver
  readonly logger: Logger
}

export interface DeliveryOutcome {
  /** True once every message was handled or dead-lettered; false if the consumer stopped first. */
  readonly done: boolean
  /** Valid messages dead-lettered because the store refused them. */
  readonly refused: number
}

/** Dead-letters `invalid`, then hands `valid` to the handler as described above. */
export async function deliverBatch<T>(
  valid: readonly T[],
  invalid: readonly DeadLetter[],
  o: DeliveryOptions<T>,
): Promise<DeliveryOutcome> {
  const d = new Delivery(o, valid)
  if (invalid.length > 0 && !(await d.deadLetter(invalid, { kind: 'invalid' }))) {
    return { done: false, refused: 0 }
  }
  if (valid.length === 0) return { done: true, refused: 0 }
  const done = await d.part(0, valid.length, o.policy.maxAttempts, false)
  return { done, refused: d.refused }
}

class Delivery<T> {
  refused = 0

  constructor(
    private readonly o: DeliveryOptions<T>,
    private readonly batch: readonly T[],
  ) {}

  /**
   * Delivers batch[from, to): retried while the store is unavailable; refused `attempts` times, then
   * bisected. False if the consumer stopped first.
   */
  async part(from: number, to: number, attempts: number, again: boolean): Promise<boolean> {
    const { o } = this
    // The whole batch goes as it came: no copy on the path every batch takes.
    const slice = from === 0 && to === this.batch.length ? this.batch : this.batch.slice(from, to)
    let refusals = 0
    let failures = 0
    for (let redelivery = again; ; redelivery = true) {
      if (redelivery) this.redelivered(slice.length)
      try {
        await o.handler(slice)
        return true
      } catch (err) {
        failures++
        if (err instanceof BatchRejectedError && ++refusals >= attempts) {
          if (slice.length === 1) return this.refuse(from, slice[0]!, err.reason)
          const mid = from + Math.ceil(slice.length / 2)
          o.logger.warn(
            { reason: err.reason, size: slice.length, attempts: refusals },
            'the store refuses the batch; bisecting it',
          )
          // Each half has been refused once already, as part of this one: it is tried once, then split.
          return (await this.part(from, mid, 1, true)) && (await this.part(mid, to, 1, true))
        }
        const delay = backoffDelay(o.policy, failures)
        o.logger.warn(
          {
            err,
            attempt: failures,
            size: slice.length,
            retryInMs: delay,
            refused: err instanceof BatchRejectedError,
          },
          'batch failed; redelivering',
        )
        if (!(await o.wait(delay))) return false
      }
    }
  }

  /** Writes dead letters until the write succeeds; false if the consumer stopped first. */
  async deadLetter(letters: readonly DeadLetter[], source: DeadLetterSource): Promise<boolean> {
    const { o } = this
    for (let failures = 1; ; failures++) {
      try {
        await o.writeDeadLetters(letters, source)
        o.observer?.deadLettered?.({
          topic: o.topic.name,
          group: o.group,
          kind: source.kind,
          count: letters.length,
        })
        return true
      } catch (err) {
        const delay = backoffDelay(o.policy, failures)
        o.logger.warn(
          { err, attempt: failures, letters: letters.length, retryInMs: delay },
          'dead-letter write failed; retrying',
        )
        if (!(await o.wait(delay))) return false
        this.redelivered(letters.length)
      }
    }
  }

  private async refuse(position: number, message: T, reason: string): Promise<boolean> {
    const { o } = this
    const letter: DeadLetter = { topic: o.topic.name, key: keyOf(o.topic, message), reason, payload: message }
    o.logger.warn({ key: letter.key, reason }, 'the store refuses a message alone; dead-lettering it')
    if (!(await this.deadLetter([letter], { kind: 'refused', position }))) return false
    this.refused++
    return true
  }

  private redelivered(messages: number): void {
    this.o.observer?.redelivered?.({ topic: this.o.topic.name, group: this.o.group, messages })
  }
}

/** A message's key for its dead letter; a message the key function cannot read is keyed 'unknown'. */
export function keyOf<T>(topic: Topic<T>, message: unknown): string {
  try {
    return topic.key(message as T)
  } catch {
    return 'unknown'
  }
}
