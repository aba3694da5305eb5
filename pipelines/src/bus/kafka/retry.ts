/**
 * Retries a Kafka request that failed with an error the protocol calls retriable (a coordinator still
 * loading, leadership not yet known for a new topic, a broker briefly away), with a short backoff.
 * kafkajs' admin client retries some of these itself, not all (offset fetches, list offsets).
 */
export interface RetryOptions {
  /** Attempts in all; Infinity retries until the error is not retriable or `giveUp` says so. */
  readonly attempts?: number
  readonly firstDelayMs?: number
  readonly maxDelayMs?: number
  /** Checked before each new attempt: true ends the retries with the last error. */
  readonly giveUp?: () => boolean
  readonly onRetry?: (err: unknown, attempt: number, delayMs: number) => void
}

export async function retryRetriable<T>(fn: () => Promise<T>, o: RetryOptions = {}): Promise<T> {
  const { attempts = 12, firstDelayMs = 50, maxDelayMs = 1000 } = o
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn()
    } catch (err) {
      if (attempt >= attempts || !isRetriable(err) || o.giveUp?.()) throw err
      const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(attempt - 1, 20))
      o.onRetry?.(err, attempt, delay)
      await new Promise((r) => setTimeout(r, delay))
    }
  }
}

export function isRetriable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const e = err as { retriable?: unknown; name?: unknown; cause?: unknown }
  if (e.retriable === true) return true
  // kafkajs wraps the last error of its own retries; what counts is whether that one was retriable.
  if (e.name === 'KafkaJSNumberOfRetriesExceeded' || e.name === 'KafkaJSNonRetriableError') {
    return isRetriable(e.cause)
  }
  return e.name === 'KafkaJSConnectionError' || e.name === 'KafkaJSRequestTimeoutError'
}
