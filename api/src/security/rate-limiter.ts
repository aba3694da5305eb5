/** A budget: at most `limit` counted events per key in a window of `windowMs` from the first of them. */
export interface RateRule {
  readonly limit: number
  readonly windowMs: number
}

/** The verdict on one event. */
export interface RateDecision {
  readonly allowed: boolean
  /** Events counted in the key's window after this call (a refused take counts nothing). */
  readonly count: number
  /** Seconds until the window ends and the budget is whole again (0 when allowed). */
  readonly retryAfterSeconds: number
  /**
   * Seconds until the key's window ends, allowed or not (at least 1): what a RateLimit-Reset header
   * says.
   */
  readonly resetSeconds: number
}

/**
 * Counts events per key in fixed windows. `take` checks and counts in one step, so concurrent
 * requests cannot all slip through under the limit before any of them is counted; an event that turns
 * out not to count (a sign-in that succeeded) is given back with `refund`. The memory adapter serves
 * one process; the Redis adapter (`redis-rate-limiter.ts`) gives every API replica one shared budget.
 * Both pass `rate-limiter-contract.ts`.
 */
export interface RateLimiter {
  /** Counts one event against the key if its budget has room; refused, nothing is counted. */
  take(key: string, rule: RateRule): Promise<RateDecision>
  /**
   * Un-counts one event taken earlier in the key's window; never below zero (at zero the window is
   * forgotten). After the window ended there is nothing to give back.
   */
  refund(key: string): Promise<void>
  /** Forgets the key's window (a successful sign-in clears the email's failures). */
  reset(key: string): Promise<void>
}

interface Window {
  readonly endsAt: number
  count: number
}

/** Ended windows are swept every this many takes, so keys nobody uses again do not pile up. */
const SWEEP_EVERY = 1000

/** The limiter of one process, on the injected clock. */
export function createMemoryRateLimiter(now: () => number): RateLimiter {
  const windows = new Map<string, Window>()
  let sinceSweep = 0
  const sweep = (t: number) => {
    for (const [key, w] of windows) if (t >= w.endsAt) windows.delete(key)
  }
  const live = (key: string, t: number): Window | undefined => {
    const w = windows.get(key)
    if (w && t >= w.endsAt) {
      windows.delete(key)
      return undefined
    }
    return w
  }
  return {
    async take(key, rule) {
      const t = now()
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0
        sweep(t)
      }
      const w = live(key, t) ?? { endsAt: t + rule.windowMs, count: 0 }
      const resetSeconds = Math.max(1, Math.ceil((w.endsAt - t) / 1000))
      if (w.count >= rule.limit) {
        return { allowed: false, count: w.count, retryAfterSeconds: resetSeconds, resetSeconds }
      }
      w.count++
      windows.set(key, w)
      return { allowed: true, count: w.count, retryAfterSeconds: 0, resetSeconds }
    },
    async refund(key) {
      const w = live(key, now())
      if (!w) return
      w.count--
      if (w.count <= 0) windows.delete(key)
    },
    async reset(key) {
      windows.delete(key)
    },
  }
}
