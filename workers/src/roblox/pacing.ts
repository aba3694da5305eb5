/**
 * Per-host request pacing, per egress address. Upstream budgets each client address separately
 * (roblox-api.md §12, §16), so a budget belongs to an (egress, host) pair: pacers of one egress share
 * it, pacers of different egresses each have their own. Each upstream service (games, apis,
 * thumbnails…) has its own queue, so one slow or throttled host never holds up the others. Spacing is
 * measured from the moment the previous request was actually let through (not from when it was
 * booked), so a late timer never lets two requests out closer together than the interval allows.
 */
export interface HostPacer {
  /** Resolves when a request to `host` may start. */
  acquire(host: string, signal?: AbortSignal): Promise<void>
  /** The host throttled us: nothing starts before `waitMs` from now, and later spacing widens. */
  penalize(host: string, waitMs: number): void
  /** A request succeeded: the widened spacing recovers gradually. */
  relax(host: string): void
  /** Current spacing factor of a host (1 = configured interval), for logs and tests. */
  slowdown(host: string): number
}

/** The egress of a pacer made without one: every such pacer shares one budget per host. */
export const DEFAULT_EGRESS = 'default'

/** The name of one budget: an upstream host as reached through one egress. */
export function budgetKeyOf(egress: string, host: string): string {
  return `${egress}/${host}`
}

export interface PacerOptions {
  /** The egress the requests leave by (`egressLabel`); default DEFAULT_EGRESS. */
  readonly egress?: string
  /**
   * Where the budgets live: pacers given the same one share a budget per (egress, host), as poller
   * processes do through Redis. Default: one of the pacer's own.
   */
  readonly budgets?: MemoryPacingBudgets
  readonly intervalMs: number
  /** Fraction of the interval added or removed at random (0.25 = ±25%). */
  readonly jitter: number
  readonly now: () => number
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  readonly random: () => number
  /** Upper bound of the throttle slowdown factor. */
  readonly maxSlowdown?: number
}

interface HostState {
  nextAt: number
  factor: number
  /** The last turn handed out; the next waits for it. */
  tail: Promise<void>
}

/** In-memory budgets by (egress, host): the twin of the Redis pacer's keys, for one process. */
export interface MemoryPacingBudgets {
  readonly states: Map<string, HostState>
}

export function createMemoryPacingBudgets(): MemoryPacingBudgets {
  return { states: new Map() }
}

export function createHostPacer(options: PacerOptions): HostPacer {
  const hosts = (options.budgets ?? createMemoryPacingBudgets()).states
  const egress = options.egress ?? DEFAULT_EGRESS
  const maxSlowdown = options.maxSlowdown ?? 8
  const stateOf = (host: string): HostState => {
    const key = budgetKeyOf(egress, host)
    let s = hosts.get(key)
    if (!s) {
      s = { nextAt: Number.NEGATIVE_INFINITY, factor: 1, tail: Promise.resolve() }
      hosts.set(key, s)
    }
    return s
  }
  return {
    acquire(host, signal) {
      const s = stateOf(host)
      const turn = s.tail.then(async () => {
        // A penalty may land while waiting, so re-check until the host is free.
        for (let now = options.now(); s.nextAt > now; now = options.now()) {
          await options.sleep(s.nextAt - now)
        }
        const spread = 1 + options.jitter * (options.random() * 2 - 1)
        s.nextAt = options.now() + options.intervalMs * s.factor * spread
      })
      s.tail = turn.catch(() => {})
      if (!signal) return turn
      // An aborted caller stops waiting; its turn still passes in order, so the queue is never broken.
      return new Promise<void>((resolve, reject) => {
        if (signal.aborted) {
          reject(signal.reason)
          return
        }
        const onAbort = () => reject(signal.reason)
        signal.addEventListener('abort', onAbort, { once: true })
        turn.then(() => {
          signal.removeEventListener('abort', onAbort)
          resolve()
        }, reject)
      })
    },
    penalize(host, waitMs) {
      const s = stateOf(host)
      s.factor = Math.min(maxSlowdown, s.factor * 2)
      s.nextAt = Math.max(s.nextAt, options.now() + waitMs)
    },
    relax(host) {
      const s = stateOf(host)
      if (s.factor > 1) s.factor = Math.max(1, s.factor * 0.9)
    },
    slowdown(host) {
      return hosts.get(budgetKeyOf(egress, host))?.factor ?? 1
    },
  }
}

/** A timer sleep that an abort cuts short (rejecting with the signal's reason). */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
