/**
 * Retries a Kafka request that failed with an error the protocol calls retriable (a coordinator still
 * loading, leadership not yet known for a new topic, a broker briefly away), with a short backoff.
 * kafkajs' admin client retries some of these itself, not all (offset fetches, list offsets).
 */
export async function retryRetriable<T>(
  fn: () => Promise<T>,
  {
    attempts = 12,
    firstDelayMs = 50,
    maxDelayMs = 1000,
  }: { attempts?: number; firstDelayMs?: number; maxDelayMs?: number } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn()
    } catch (err) {
      if (attempt >= attempts || !isRetriable(err)) throw err
      await new Promise((r) => setTimeout(r, Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1))))
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
