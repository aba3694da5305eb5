/**
 * The platform's budget per client address (roblox-api.md §12, §16: about 300 requests a minute on the
 * games host, per IP): a token bucket per TCP peer address, refilled at `perMinute` a minute and at most
 * `burst` deep, so an address that keeps to the rate is never refused and one that goes beyond it is
 * answered 429 with the wait until its next token.
 */
export interface AddressBudgetOptions {
  /** Requests a minute each client address may make (SIMULATOR_ADDRESS_BUDGET). */
  readonly perMinute: number
  /** Requests an idle address may make at once; default a tenth of a minute's budget (at least 1). */
  readonly burst?: number
}

/** What one client address did against the budget: requests it made, and how many were refused. */
export interface AddressUse {
  readonly requests: number
  readonly throttled: number
}

export type BudgetDecision =
  | { readonly granted: true; readonly remaining: number }
  | { readonly granted: false; readonly retryAfterMs: number }

export interface AddressBudget {
  readonly perMinute: number
  /** Takes a token for one request of `address` at `now` (ms, monotonic). */
  take(address: string, now: number): BudgetDecision
  /** Every address seen so far, with its counts. */
  use(): ReadonlyMap<string, AddressUse>
}

interface Bucket {
  tokens: number
  at: number
  requests: number
  throttled: number
}

/** The TCP peer as a plain address: an IPv4 peer of a dual-stack socket arrives as ::ffff:a.b.c.d. */
export function clientAddressOf(remoteAddress: string | undefined): string {
  if (!remoteAddress) return 'unknown'
  return remoteAddress.startsWith('::ffff:') ? remoteAddress.slice(7) : remoteAddress
}

export function createAddressBudget(options: AddressBudgetOptions): AddressBudget {
  if (!(options.perMinute > 0)) throw new RangeError(`perMinute must be positive, got ${options.perMinute}`)
  const perMs = options.perMinute / 60_000
  const burst = Math.max(1, options.burst ?? Math.round(options.perMinute / 10))
  const buckets = new Map<string, Bucket>()
  return {
    perMinute: options.perMinute,
    take(address, now) {
      let b = buckets.get(address)
      if (!b) {
        b = { tokens: burst, at: now, requests: 0, throttled: 0 }
        buckets.set(address, b)
      }
      b.tokens = Math.min(burst, b.tokens + (now - b.at) * perMs)
      b.at = now
      b.requests++
      if (b.tokens >= 1) {
        b.tokens -= 1
        return { granted: true, remaining: Math.floor(b.tokens) }
      }
      b.throttled++
      return { granted: false, retryAfterMs: (1 - b.tokens) / perMs }
    },
    use: () =>
      new Map(
        [...buckets].map(([address, b]) => [address, { requests: b.requests, throttled: b.throttled }]),
      ),
  }
}
