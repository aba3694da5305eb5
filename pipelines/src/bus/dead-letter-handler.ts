import type { DeadLetter } from '@ludex/schemas'

export interface DeadLetterContext {
  /** The consumer group that refused the messages. */
  readonly group: string
}

/**
 * Takes the messages a consumer refused. A rejection makes the bus retry after a backoff, like a batch
 * handler's: a dead letter is never dropped silently.
 */
export type DeadLetterHandler = (letters: readonly DeadLetter[], context: DeadLetterContext) => Promise<void>

/** Reads a zod error as one line: `path: message; path: message`. */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  return issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ')
}
