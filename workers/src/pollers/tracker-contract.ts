import { describe, expect, it } from 'vitest'
import type { Tracker } from './tracker.ts'

/** Each call must give a tracker of its own, over an empty store. */
export type TrackerFactory = () => Promise<Tracker>

const ref = (universeId: number) => ({ universeId, placeId: universeId * 10 + 1 })

/**
 * What every Tracker adapter must do. The in-memory adapter runs it in the workers project; the Redis
 * adapter runs the same cases against a real redis-server (test/src/shared-state).
 */
export function trackerContract(name: string, factory: TrackerFactory): void {
  describe(`Tracker contract: ${name}`, () => {
    it('starts empty', async () => {
      const t = await factory()
      expect(t.size).toBe(0)
      expect(t.list()).toEqual([])
      expect(t.has(1)).toBe(false)
      expect(t.placeIdOf(1)).toBeUndefined()
    })

    it('tracks an experience once: the first source and time win', async () => {
      const t = await factory()
      expect(await t.add(ref(7), 'discovery', 1_000)).toBe(true)
      expect(await t.add({ universeId: 7, placeId: 999 }, 'seed', 2_000)).toBe(false)
      expect(t.list()).toEqual([{ universeId: 7, placeId: 71, source: 'discovery', since: 1_000 }])
      expect(t.has(7)).toBe(true)
      expect(t.placeIdOf(7)).toBe(71)
      expect(t.size).toBe(1)
    })

    it('adds a batch, counting only the new universes, repeats inside the batch included', async () => {
      const t = await factory()
      await t.add(ref(2), 'seed', 10)
      const added = await t.addAll([ref(1), ref(2), ref(3), ref(1), ref(4)], 'discovery', 20)
      expect(added).toBe(3)
      expect(t.list().map((e) => [e.universeId, e.source, e.since])).toEqual([
        [2, 'seed', 10],
        [1, 'discovery', 20],
        [3, 'discovery', 20],
        [4, 'discovery', 20],
      ])
      expect(await t.addAll([], 'seed', 30)).toBe(0)
      expect(t.size).toBe(4)
    })

    it('lists in tracking order across adds, large batches included', async () => {
      const t = await factory()
      const ids = Array.from({ length: 1_234 }, (_, i) => 5_000 - i)
      expect(await t.addAll(ids.slice(0, 700).map(ref), 'seed', 1)).toBe(700)
      expect(await t.add(ref(1), 'discovery', 2)).toBe(true)
      expect(await t.addAll(ids.map(ref), 'discovery', 3)).toBe(ids.length - 700)
      const expected = [...ids.slice(0, 700), 1, ...ids.slice(700)]
      expect(t.list().map((e) => e.universeId)).toEqual(expected)
      // A refresh with nothing new changes nothing.
      await t.refresh()
      expect(t.list().map((e) => e.universeId)).toEqual(expected)
      expect(t.size).toBe(expected.length)
    })

    it('a list already taken is not changed by later adds', async () => {
      const t = await factory()
      await t.add(ref(1), 'seed', 1)
      const before = t.list()
      await t.add(ref(2), 'seed', 2)
      expect(before.map((e) => e.universeId)).toEqual([1])
      expect(t.list().map((e) => e.universeId)).toEqual([1, 2])
    })
  })
}
