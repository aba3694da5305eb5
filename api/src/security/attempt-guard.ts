import type { RateLimiter, RateRule } from './rate-limiter.ts'

/** Over a budget: the caller answers 429 with Retry-After. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many attempts')
    this.name = 'RateLimitedError'
  }
}

/** Who an attempt comes from and, when it names one, which account it is about. */
export interface AttemptSource {
  /** The client address (behind TRUST_PROXY hops). */
  readonly address: string
  /** The account's email, normalised. */
  readonly email?: string
}

/** An attempt let through. Calls whose every attempt counts (sign-up, reset requests) never settle it. */
export interface GuardedAttempt {
  /**
   * The attempt did not fail (right password): its unit goes back to the address, and the email's
   * count is forgotten.
   */
  succeeded(): Promise<void>
}

const addressKey = (call: string, address: string) => `${call}:ip:${address}`
const emailKey = (call: string, email: string) => `${call}:email:${email}`

/**
 * The budgets of one rate-limited call: per client address and per email, `rule` each.
 *
 * - An attempt takes a unit from its address's budget before any work (atomic, so a burst of parallel
 *   requests cannot all start under the limit). A sign-in that succeeds gives it back, so for sign-in
 *   the address's count is its recent failures.
 * - The email's budget stops guessing spread over many addresses. Once it is spent, an attempt is
 *   refused only if its address has other recent attempts counted (failures, for sign-in): the owner,
 *   from an address that has not been failing, still gets through, so nobody can lock an account out
 *   by failing on it from elsewhere. A success forgets the email's count.
 */
export async function guardAttempt(
  limiter: RateLimiter,
  call: string,
  rule: RateRule,
  source: AttemptSource,
): Promise<GuardedAttempt> {
  const byAddressKey = addressKey(call, source.address)
  const byAddress = await limiter.take(byAddressKey, rule)
  if (!byAddress.allowed) throw new RateLimitedError(byAddress.retryAfterSeconds)
  const byEmailKey = source.email === undefined ? null : emailKey(call, source.email)
  if (byEmailKey) {
    const byEmail = await limiter.take(byEmailKey, rule)
    const addressIsClean = byAddress.count === 1
    if (!byEmail.allowed && !addressIsClean) {
      // Refused before any work: it costs the address nothing.
      await limiter.refund(byAddressKey)
      throw new RateLimitedError(byEmail.retryAfterSeconds)
    }
  }
  return {
    async succeeded() {
      await limiter.refund(byAddressKey)
      if (byEmailKey) await limiter.reset(byEmailKey)
    },
  }
}

/** Forgets an email's count on a call (its owner proved the mailbox, e.g. by changing the password). */
export function forgiveEmail(limiter: RateLimiter, call: string, email: string): Promise<void> {
  return limiter.reset(emailKey(call, email))
}
