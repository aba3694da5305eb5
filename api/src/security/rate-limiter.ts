/** The verdict on one attempt. */
export interface RateDecision {
  readonly allowed: boolean
  /** Seconds until the window frees an attempt (0 when allowed). */
  readonly retryAfterSeconds: number
}

/**
 * Counts attempts per key in fixed windows. In memory for one process; a Redis implementation of the
 * same interface serves several API processes (later issue).
 */
export interface RateLimiter {
  attempt(key: string, limit: number, windowMs: number): Promise<RateDecision>
  /** Forgets a key (a successful sign-in clears that email's failures). */
  reset(key: string): Promise<void>
}

interface Window {
  readonly startedAt: number
  count: number
}

const SWEEP_EVERY = 1000

export function createMemoryRateLimiter(now: () => number): RateLimiter {
  const windows = new Map<string, Window & { windowMs: number }>()
  let sinceSweep = 0
  const sweep = (t: number) => {
    for (const [key, w] of windows) if (t - w.startedAt >= w.windowMs) windows.delete(key)
  }
  return {
    async attempt(key, limit, windowMs) {
      const t = now()
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0
        sweep(t)
      }
      let w = windows.get(key)
      if (!w || t - w.startedAt >= windowMs) {
        w = { startedAt: t, count: 0, windowMs }
        windows.set(key, w)
      }
      if (w.count >= limit) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((w.startedAt + windowMs - t) / 1000)),
        }
      }
      w.count++
      return { allowed: true, retryAfterSeconds: 0 }
    },
    async reset(key) {
      windows.delete(key)
    },
  }
}
