import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { RateLimiter, RateRule } from './rate-limiter.ts'

/** One limiter under test, with what the contract needs to drive it. */
export interface RateLimiterUnderTest {
  readonly limiter: RateLimiter
  /**
   * Another limiter over the same counts (another replica's connection to the same Redis; for the
   * memory adapter, the same instance: a process shares its one limiter).
   */
  readonly peer: RateLimiter
  /** Lets `ms` pass on the clock that times the windows (an injected clock, or real time for Redis). */
  elapse(ms: number): Promise<void>
}

export type RateLimiterFactory = () => Promise<RateLimiterUnderTest> | RateLimiterUnderTest

/** Short enough for real time (Redis' clock times its windows), long enough to outlast a few calls. */
const WINDOW_MS = 600
const rule = (limit: number): RateRule => ({ limit, windowMs: WINDOW_MS })

/**
 * What every RateLimiter adapter must do. The memory adapter runs it in the api project on an injected
 * clock; the Redis adapter runs the same cases against a real redis-server (test/src/security).
 */
export function rateLimiterContract(name: string, factory: RateLimiterFactory): void {
  describe(`RateLimiter contract: ${name}`, () => {
    // Keys of their own per case: a shared Redis keeps what earlier cases counted.
    const keyOf = (label: string) => `contract:${label}:${randomUUID()}`

    it('allows `limit` events per key and window, then refuses without counting and says when to retry', async () => {
      const { limiter } = await factory()
      const key = keyOf('limit')
      const verdicts = []
      for (let i = 0; i < 5; i++) verdicts.push(await limiter.take(key, rule(3)))
      expect(verdicts.map((v) => [v.allowed, v.count])).toEqual([
        [true, 1],
        [true, 2],
        [true, 3],
        [false, 3],
        [false, 3],
      ])
      expect(verdicts.slice(0, 3).map((v) => v.retryAfterSeconds)).toEqual([0, 0, 0])
      for (const refused of verdicts.slice(3)) {
        expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1)
        expect(refused.retryAfterSeconds).toBeLessThanOrEqual(Math.ceil(WINDOW_MS / 1000))
      }
      // Another key has a budget of its own.
      expect(await limiter.take(keyOf('other'), rule(3))).toMatchObject({
        allowed: true,
        count: 1,
        retryAfterSeconds: 0,
      })
      // Every verdict says when the window ends, allowed or not: the RateLimit-Reset header.
      for (const v of verdicts) {
        expect(v.resetSeconds).toBeGreaterThanOrEqual(1)
        expect(v.resetSeconds).toBeLessThanOrEqual(Math.ceil(WINDOW_MS / 1000))
      }
      for (const refused of verdicts.slice(3)) expect(refused.resetSeconds).toBe(refused.retryAfterSeconds)
    })

    it('makes the whole budget available again once the window has passed', async () => {
      const { limiter, elapse } = await factory()
      const key = keyOf('window')
      for (let i = 0; i < 2; i++) await limiter.take(key, rule(2))
      expect((await limiter.take(key, rule(2))).allowed).toBe(false)
      await elapse(WINDOW_MS + 50)
      expect(await limiter.take(key, rule(2))).toMatchObject({
        allowed: true,
        count: 1,
        retryAfterSeconds: 0,
      })
      expect((await limiter.take(key, rule(2))).allowed).toBe(true)
      expect((await limiter.take(key, rule(2))).allowed).toBe(false)
    })

    it('gives back one event with refund, never going below zero', async () => {
      const { limiter } = await factory()
      const key = keyOf('refund')
      for (let i = 0; i < 3; i++) await limiter.take(key, rule(3))
      await limiter.refund(key)
      expect(await limiter.take(key, rule(3))).toMatchObject({ allowed: true, count: 3 })
      expect((await limiter.take(key, rule(3))).allowed).toBe(false)
      for (let i = 0; i < 5; i++) await limiter.refund(key)
      expect(await limiter.take(key, rule(3))).toMatchObject({ allowed: true, count: 1 })
      // Refunding a key nobody counted is harmless.
      await limiter.refund(keyOf('never'))
    })

    it('forgets a key with reset', async () => {
      const { limiter } = await factory()
      const key = keyOf('reset')
      for (let i = 0; i < 2; i++) await limiter.take(key, rule(2))
      await limiter.reset(key)
      expect(await limiter.take(key, rule(2))).toMatchObject({
        allowed: true,
        count: 1,
        retryAfterSeconds: 0,
      })
    })

    it('never lets concurrent takes from two instances past the limit', async () => {
      const { limiter, peer } = await factory()
      const key = keyOf('concurrent')
      const verdicts = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? limiter : peer).take(key, rule(7))),
      )
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(7)
      expect(
        verdicts
          .filter((v) => v.allowed)
          .map((v) => v.count)
          .sort((a, b) => a - b),
      ).toEqual([1, 2, 3, 4, 5, 6, 7])
      // What one instance counted, the other sees.
      await limiter.reset(key)
      expect((await peer.take(key, rule(7))).count).toBe(1)
    })
  })
}
