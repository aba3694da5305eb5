import { waitFor } from '@ludex/schemas/testing'
import { describe, expect, it } from 'vitest'
import type { AggregateCache } from './aggregate-cache.ts'

/** Each call must give a cache of its own, over an empty store. */
export type AggregateCacheFactory = () => Promise<AggregateCache>

/** A computation that returns `value`, counting its calls (tests of an adapter's own cases use it too). */
export function counted<T>(value: T) {
  const fn = async () => {
    fn.calls++
    return value
  }
  fn.calls = 0
  return fn
}

/**
 * A computation that waits for `open()` before returning `value`; `running` resolves once it started.
 */
export function gated<T>(value: T) {
  let open: () => void = () => {}
  const gate = new Promise<void>((r) => (open = r))
  let started: () => void = () => {}
  const running = new Promise<void>((r) => (started = r))
  const fn = async () => {
    fn.calls++
    started()
    await gate
    return value
  }
  fn.calls = 0
  return { fn, open, running }
}

const HOUR = 3_600_000

/**
 * What every AggregateCache adapter must do. The in-memory adapter runs it in the api project; the Redis
 * adapter runs the same cases against a real redis-server (test/src/shared-state).
 */
export function aggregateCacheContract(name: string, factory: AggregateCacheFactory): void {
  describe(`AggregateCache contract: ${name}`, () => {
    it('computes on a miss, then serves the entry without computing', async () => {
      const cache = await factory()
      const first = counted({ n: 1 })
      const second = counted({ n: 2 })
      expect(await cache.get('k', HOUR, first)).toEqual({ n: 1 })
      expect(await cache.get('k', HOUR, second)).toEqual({ n: 1 })
      expect(first.calls).toBe(1)
      expect(second.calls).toBe(0)
    })

    it('returns JSON values as they were computed', async () => {
      const cache = await factory()
      const value = {
        series: [
          { place_id: 0, name: 'Déjà vu 🎮 "quoted"', data: [{ time: '2026-01-01T00:00:00.000Z', v: 1.5 }] },
        ],
        empty: [],
        none: null,
        flag: false,
        big: 9_007_199_254_740_991,
      }
      await cache.get('json', HOUR, async () => value)
      expect(await cache.get('json', HOUR, async () => ({}))).toEqual(value)
      expect(await cache.get('list', HOUR, async () => [1, 2, 3])).toEqual([1, 2, 3])
      expect(await cache.get('list', HOUR, async () => [])).toEqual([1, 2, 3])
    })

    it('keeps entries of different keys apart', async () => {
      const cache = await factory()
      await cache.get('stats:tag:1', HOUR, async () => 'one')
      await cache.get('stats:tag:2', HOUR, async () => 'two')
      expect(await cache.get('stats:tag:1', HOUR, async () => 'x')).toBe('one')
      expect(await cache.get('stats:tag:2', HOUR, async () => 'x')).toBe('two')
    })

    it('recomputes once the entry has expired', async () => {
      const cache = await factory()
      await cache.get('short', 150, async () => 'old')
      const fresh = counted('new')
      await waitFor(
        'the short entry recomputed',
        async () => (await cache.get('short', 150, fresh)) === 'new',
        {
          timeoutMs: 10_000,
          everyMs: 20,
        },
      )
      expect(fresh.calls).toBe(1)
      expect(await cache.get('short', 150, async () => 'newer')).toBe('new')
    })

    it('keeps an entry as long as its value says when the TTL is a function of it', async () => {
      const cache = await factory()
      const ttlFromValue = (v: { ttl: number }) => v.ttl
      const long = counted({ ttl: HOUR, n: 1 })
      await cache.get('stated', ttlFromValue, long)
      expect(await cache.get('stated', ttlFromValue, counted({ ttl: HOUR, n: 2 }))).toEqual({
        ttl: HOUR,
        n: 1,
      })
      // A value that states a short life is recomputed once it has passed.
      await cache.get('brief', ttlFromValue, async () => ({ ttl: 150, n: 1 }))
      const fresh = counted({ ttl: HOUR, n: 2 })
      await waitFor(
        'the brief entry recomputed',
        async () => (await cache.get('brief', ttlFromValue, fresh)).n === 2,
        { timeoutMs: 10_000, everyMs: 20 },
      )
      expect(fresh.calls).toBe(1)
      expect((await cache.get('brief', ttlFromValue, async () => ({ ttl: HOUR, n: 3 }))).n).toBe(2)
      expect(long.calls).toBe(1)
    })

    it('reset recomputes and replaces the entry', async () => {
      const cache = await factory()
      await cache.get('r', HOUR, async () => 'old')
      const again = counted('new')
      expect(await cache.get('r', HOUR, again, { reset: true })).toBe('new')
      expect(again.calls).toBe(1)
      expect(await cache.get('r', HOUR, async () => 'other')).toBe('new')
      // A reset of a key never cached computes too.
      expect(await cache.get('r2', HOUR, async () => 'first', { reset: true })).toBe('first')
      expect(await cache.get('r2', HOUR, async () => 'other')).toBe('first')
    })

    it('does not cache a failed computation, and reports its error', async () => {
      const cache = await factory()
      const failure = new Error('store down')
      await expect(
        cache.get('f', HOUR, async () => {
          throw failure
        }),
      ).rejects.toBe(failure)
      const next = counted('ok')
      expect(await cache.get('f', HOUR, next)).toBe('ok')
      expect(next.calls).toBe(1)
      expect(await cache.get('f', HOUR, async () => 'later')).toBe('ok')
    })

    it('shares one computation among concurrent misses of a key', async () => {
      const cache = await factory()
      const { fn, open, running } = gated({ rows: 3 })
      const other = counted({ rows: -1 })
      const first = cache.get('c', HOUR, fn)
      await running
      const rest = [1, 2, 3, 4].map(() => cache.get('c', HOUR, other))
      open()
      expect(await Promise.all([first, ...rest])).toEqual(Array(5).fill({ rows: 3 }))
      expect(fn.calls).toBe(1)
      expect(other.calls).toBe(0)
    })

    it('clear() drops every entry', async () => {
      const cache = await factory()
      await cache.get('a', HOUR, async () => 1)
      await cache.get('b', HOUR, async () => 2)
      await cache.clear()
      expect(await cache.get('a', HOUR, async () => 10)).toBe(10)
      expect(await cache.get('b', HOUR, async () => 20)).toBe(20)
    })
  })
}
