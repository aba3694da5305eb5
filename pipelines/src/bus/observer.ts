/** Why a message was dead-lettered: it failed the topic's schema, or the store refused it alone. */
export type DeadLetterKind = 'invalid' | 'refused'

export interface RedeliveryEvent {
  readonly topic: string
  readonly group: string
  /** Messages handed over again (a whole batch, or the half of one being bisected). */
  readonly messages: number
}

export interface DeadLetteredEvent {
  readonly topic: string
  readonly group: string
  readonly kind: DeadLetterKind
  /** Letters written. */
  readonly count: number
}

/**
 * What a bus reports about its failure handling, for metrics (cli's role metrics count these): the bus
 * adapters stay free of a metrics library. Called synchronously; an observer must not throw.
 */
export interface BusObserver {
  /** A batch or part of one handed to the handler again, or a dead-letter write tried again. */
  redelivered?(event: RedeliveryEvent): void
  /** Dead letters written (counted once the write succeeded). */
  deadLettered?(event: DeadLetteredEvent): void
}
