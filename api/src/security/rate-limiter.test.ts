import { describe, expect, it } from 'vitest'
import { createMemoryRateLimiter } from './rate-limiter.ts'
import { rateLimiterContract } from './rate-limiter-contract.ts'

rateLimiterContract('memory, injected clock', () => {
  let now = 1_000_000
  const limiter = createMemoryRateLimiter(() => now)
  return {
    limiter,
    peer: limiter,
    elapse: async (ms) => {
      now += ms
    },
  }
})

describe('memory rate limiter', () => {
  it('times its windows on the injected clock, to the second', async () => {
    let now = 1_000_000
    const limiter = createMemoryRateLimiter(() => now)
    const rule = { limit: 3, windowMs: 60_000 }
    for (let i = 0; i < 3; i++) await limiter.take('login:ip:1', rule)
    expect(await limiter.take('login:ip:1', rule)).toEqual({
      allowed: false,
      count: 3,
      retryAfterSeconds: 60,
      resetSeconds: 60,
    })
    now += 45_000
    expect(await limiter.take('login:ip:1', rule)).toEqual({
      allowed: false,
      count: 3,
      retryAfterSeconds: 15,
      resetSeconds: 15,
    })
    now += 15_000
    expect(await limiter.take('login:ip:1', rule)).toEqual({
      allowed: true,
      count: 1,
      retryAfterSeconds: 0,
      resetSeconds: 60,
    })
  })
})
