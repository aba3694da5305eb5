import { describe, expect, it } from 'vitest'
import type { TrackingRequests } from './tracking-requests.ts'

/** Each call must give requests of their own, over an empty store. */
export type TrackingRequestsFactory = () => Promise<TrackingRequests>

/**
 * What every TrackingRequests adapter must do. The in-memory adapter runs it in the workers project;
 * the Redis adapter runs the same cases against a real redis-server (test/src/shared-state).
 */
export function trackingRequestsContract(name: string, factory: TrackingRequestsFactory): void {
  describe(`TrackingRequests contract: ${name}`, () => {
    it('starts empty', async () => {
      const r = await factory()
      expect(await r.take(10)).toEqual([])
    })

    it('hands each id asked for out once, a repeated request counting once', async () => {
      const r = await factory()
      await r.request([5, 3, 5])
      await r.request([3, 9_000_000_001])
      const taken = await r.take(10)
      expect([...taken].sort((a, b) => a - b)).toEqual([3, 5, 9_000_000_001])
      expect(await r.take(10)).toEqual([])
    })

    it('takes at most the number asked, leaving the rest for the next taker', async () => {
      const r = await factory()
      const ids = Array.from({ length: 2_500 }, (_, i) => 1_000 + i)
      await r.request(ids)
      const first = await r.take(1_000)
      const second = await r.take(1_000)
      const third = await r.take(1_000)
      expect([first.length, second.length, third.length]).toEqual([1_000, 1_000, 500])
      expect(new Set([...first, ...second, ...third])).toEqual(new Set(ids))
    })

    it('splits what concurrent takers get: no id twice', async () => {
      const r = await factory()
      await r.request(Array.from({ length: 300 }, (_, i) => i + 1))
      const parts = await Promise.all([r.take(100), r.take(100), r.take(100), r.take(100)])
      const all = parts.flat()
      expect(all).toHaveLength(300)
      expect(new Set(all).size).toBe(300)
    })
  })
}
