import { describe, expect, it } from 'vitest'
import { createMemoryRateLimiter } from './rate-limiter.ts'

describe('memory rate limiter', () => {
  it('allows `limit` attempts per key and window, then says when to retry', async () => {
    let now = 1_000_000
    const limiter = createMemoryRateLimiter(() => now)
    const verdicts = []
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.attempt('login:ip:1', 3, 60_000))
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false])
    expect(verdicts[3]?.retryAfterSeconds).toBe(60)
    // Another key has its own count.
    expect((await limiter.attempt('login:ip:2', 3, 60_000)).allowed).toBe(true)
    now += 45_000
    expect(await limiter.attempt('login:ip:1', 3, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 15 })
    now += 15_000
    expect((await limiter.attempt('login:ip:1', 3, 60_000)).allowed).toBe(true)
    await limiter.reset('login:ip:1')
    for (let i = 0; i < 3; i++) expect((await limiter.attempt('login:ip:1', 3, 60_000)).allowed).toBe(true)
  })
})
