import type { BusObserver, DeadLetteredEvent, RedeliveryEvent } from './observer.ts'

/** What a bus reported to its observer, kept for a test to check, with a wait on the redeliveries. */
export interface ObservedEvents {
  readonly redeliveries: RedeliveryEvent[]
  readonly deadLettered: DeadLetteredEvent[]
  /** To be passed to the bus under test. */
  readonly observer: BusObserver
  /** Resolves once this many redeliveries were reported: the wait is on the event itself, not a sleep. */
  redeliveriesReach(n: number): Promise<void>
}

/** A recording BusObserver (test helper: the bus contract and the store-failure tests share it). */
export function observedEvents(): ObservedEvents {
  const redeliveries: RedeliveryEvent[] = []
  const deadLettered: DeadLetteredEvent[] = []
  let waiters: Array<{ n: number; resolve: () => void }> = []
  return {
    redeliveries,
    deadLettered,
    observer: {
      redelivered: (e) => {
        redeliveries.push(e)
        for (const w of waiters) if (redeliveries.length >= w.n) w.resolve()
        waiters = waiters.filter((w) => redeliveries.length < w.n)
      },
      deadLettered: (e) => deadLettered.push(e),
    },
    redeliveriesReach: (n) =>
      new Promise((resolve) => {
        if (redeliveries.length >= n) resolve()
        else waiters.push({ n, resolve })
      }),
  }
}
