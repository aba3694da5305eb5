/** Wall time as epoch ms, passed in so tests and backfills can run on a clock of their own. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }
