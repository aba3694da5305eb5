import { describe, expect, it } from 'vitest'
import { forgiveEmail, guardAttempt, RateLimitedError } from './attempt-guard.ts'
import { createMemoryRateLimiter } from './rate-limiter.ts'

const rule = { limit: 3, windowMs: 60_000 }

/** A sign-in as the login route makes it: guarded, then settled when the password was right. */
async function signIn(limiter: ReturnType<typeof createMemoryRateLimiter>, address: string, right: boolean) {
  try {
    const attempt = await guardAttempt(limiter, 'login', rule, { address, email: 'owner@example.com' })
    if (right) await attempt.succeeded()
    return right ? 'signed in' : 'wrong password'
  } catch (err) {
    if (err instanceof RateLimitedError) return `refused, retry in ${err.retryAfterSeconds} s`
    throw err
  }
}

describe('attempt guard: budgets per address and per email', () => {
  it('refuses an address over its budget, counting only failures for sign-in', async () => {
    const limiter = createMemoryRateLimiter(() => 0)
    const outcomes = []
    // Successes give their unit back: an address that signs in often is never refused for it.
    for (let i = 0; i < 5; i++) outcomes.push(await signIn(limiter, '10.0.0.1', true))
    for (let i = 0; i < 4; i++) outcomes.push(await signIn(limiter, '10.0.0.1', false))
    expect(outcomes).toEqual([
      ...Array(5).fill('signed in'),
      ...Array(3).fill('wrong password'),
      'refused, retry in 60 s',
    ])
  })

  it('lets the owner in from a clean address while failures from elsewhere have spent the email’s budget', async () => {
    const limiter = createMemoryRateLimiter(() => 0)
    const failures = []
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) {
      failures.push(await signIn(limiter, address, false))
    }
    // The fourth address was clean, so it got its try too; the email's budget was already spent.
    expect(failures).toEqual(Array(4).fill('wrong password'))
    // An address that failed on it lately is refused, whatever it sends, and its refusal costs it nothing.
    expect(await signIn(limiter, '10.0.0.2', true)).toBe('refused, retry in 60 s')
    expect(await signIn(limiter, '10.0.0.2', true)).toBe('refused, retry in 60 s')
    // The owner's address has no failures.
    expect(await signIn(limiter, '192.0.2.50', true)).toBe('signed in')
    // The success forgot the email's failures: the failed addresses have the rest of their own budget.
    expect(await signIn(limiter, '10.0.0.2', true)).toBe('signed in')
  })

  it('counts every attempt of calls that never settle, and forgets an email when its owner proves it', async () => {
    const limiter = createMemoryRateLimiter(() => 0)
    const request = async (address: string) => {
      try {
        await guardAttempt(limiter, 'password-reset', rule, { address, email: 'owner@example.com' })
        return 200
      } catch (err) {
        if (err instanceof RateLimitedError) return 429
        throw err
      }
    }
    expect([await request('10.0.0.1'), await request('10.0.0.1'), await request('10.0.0.2')]).toEqual([
      200, 200, 200,
    ])
    expect(await request('10.0.0.1')).toBe(429)
    await forgiveEmail(limiter, 'password-reset', 'owner@example.com')
    expect(await request('10.0.0.1')).toBe(200)
    // The address's own budget still holds: three of its requests are counted now.
    expect(await request('10.0.0.1')).toBe(429)
  })
})
