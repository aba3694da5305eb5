import { describe, expect, it } from 'vitest'
import { type ChangeMemory, PendingChanges, UnrecalledKeyError } from './change-memory.ts'

/** Each call must give a change memory of its own, over an empty store. */
export type ChangeMemoryFactory = () => Promise<ChangeMemory>

/**
 * What every ChangeMemory adapter must do. The in-memory adapter runs it in the workers project; the
 * Redis adapter runs the same cases against a real redis-server (test/src/shared-state).
 */
export function changeMemoryContract(name: string, factory: ChangeMemoryFactory): void {
  describe(`ChangeMemory contract: ${name}`, () => {
    it('recalls nothing for keys never remembered', async () => {
      const m = await factory()
      expect(await m.recall([])).toEqual(new Map())
      expect(await m.recall(['details:1', 'thumb:Icon:1'])).toEqual(new Map())
    })

    it('recalls what was remembered, the last value of a key winning', async () => {
      const m = await factory()
      await m.remember([
        ['details:1', '{"name":"a"}'],
        ['play:1', '1'],
        ['details:1', '{"name":"b"}'],
      ])
      await m.remember([['play:1', '5']])
      await m.remember([])
      const got = await m.recall(['details:1', 'play:1', 'age:1'])
      expect(got).toEqual(
        new Map([
          ['details:1', '{"name":"b"}'],
          ['play:1', '5'],
        ]),
      )
    })

    it('keeps text exactly: unicode, quotes, empty strings', async () => {
      const m = await factory()
      const text = '{"name":"Déjà vu \\"ü\\" 🎮","d":""}'
      await m.remember([
        ['details:9', text],
        ['thumb:Banner:9', ''],
      ])
      expect(await m.recall(['details:9', 'thumb:Banner:9'])).toEqual(
        new Map([
          ['details:9', text],
          ['thumb:Banner:9', ''],
        ]),
      )
    })

    it('handles a run over thousands of keys in one recall', async () => {
      const m = await factory()
      const keys = Array.from({ length: 2_500 }, (_, i) => `thumb:Icon:${i}`)
      await m.remember(keys.filter((_, i) => i % 2 === 0).map((k, i) => [k, `h${i}`]))
      const got = await m.recall(keys)
      expect(got.size).toBe(1_250)
      expect(got.get('thumb:Icon:0')).toBe('h0')
      expect(got.get('thumb:Icon:2498')).toBe('h1249')
      expect(got.has('thumb:Icon:1')).toBe(false)
    })

    it('PendingChanges offers only what differs and remembers it only on commit', async () => {
      const m = await factory()
      await m.remember([['age:1', '13:mild']])
      const run = await PendingChanges.recall(m, ['age:1', 'age:2', 'age:3'])
      expect(run.last('age:1')).toBe('13:mild')
      expect(run.offer('age:1', '13:mild')).toBe(false)
      expect(run.offer('age:2', '9:minimal')).toBe(true)
      expect(run.offer('age:3', 'null:unrated')).toBe(true)
      expect(() => run.offer('age:4', 'x')).toThrow(UnrecalledKeyError)
      // Not committed (the publish failed): the next run offers the same changes again.
      expect((await PendingChanges.recall(m, ['age:2'])).offer('age:2', '9:minimal')).toBe(true)
      await run.commit()
      const next = await PendingChanges.recall(m, ['age:1', 'age:2', 'age:3'])
      expect(next.offer('age:2', '9:minimal')).toBe(false)
      expect(next.offer('age:3', 'null:unrated')).toBe(false)
      expect(next.offer('age:1', '17:restricted')).toBe(true)
    })
  })
}
