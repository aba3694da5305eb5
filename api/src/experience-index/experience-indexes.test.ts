import type { SlimExperience } from '@ludex/schemas'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { PlaceEdit } from '../accounts/place-edits.ts'
import type { AggregateCache } from '../cache/aggregate-cache.ts'
import type { ApiDeps } from '../deps.ts'
import type { CurrentExperience } from '../store/experiences.ts'
import { createExperienceIndexes } from './experience-indexes.ts'

/*
 * When the kept index is served, rebuilt behind the calls, or waited for. The current experiences come
 * through the deps' aggregate cache (as cachedCurrentExperiences reads them); here a cache that answers
 * the test's list, each read counted, and a gate that holds a read until the test opens it.
 */

const row = (place_id: number, players_online: number, name = `Game ${place_id}`): CurrentExperience => ({
  experience: {
    universe_id: place_id + 1,
    place_id,
    name,
    canonical_name: name,
    players_online,
    total_visits: 0,
    like_percentage: 0,
    creator_id: 0,
    genre_l1: '',
    genre_l2: '',
    genre: 'unlabeled',
  } satisfies SlimExperience,
  rated: false,
})

function setup() {
  const state = {
    now: 0,
    current: [row(1, 10)],
    reads: 0,
    edits: new Map<number, PlaceEdit>(),
    /** While set, a read of the current experiences waits for it. */
    gate: null as Promise<void> | null,
  }
  const cache: AggregateCache = {
    async get<T>(key: string, _ttl: unknown, compute: () => Promise<T>) {
      if (key !== 'place:current') return compute()
      state.reads++
      const list = state.current
      if (state.gate) await state.gate
      return list as T
    },
    clear: async () => {},
  }
  const deps = {
    cache,
    now: () => state.now,
    logger: pino({ level: 'silent' }),
    accounts: { store: { placeEdits: { all: async () => state.edits } } },
  } as unknown as ApiDeps // only what the holder and cachedCurrentExperiences read
  const indexes = createExperienceIndexes({ now: () => state.now, ttlMs: 10_000, maxStaleMs: 600_000 })
  const names = async () => (await indexes.current(deps)).rows.map((r) => r.canonical_name)
  const gate = () => {
    let open = () => {}
    state.gate = new Promise<void>((resolve) => {
      open = resolve
    })
    return () => {
      state.gate = null
      open()
    }
  }
  return { state, indexes, deps, names, gate }
}

describe('createExperienceIndexes', () => {
  it('builds once and serves the kept index while it is young', async () => {
    const { state, names } = setup()
    expect(await names()).toEqual(['Game 1'])
    state.current = [row(2, 20)]
    state.now = 9_999
    expect(await names()).toEqual(['Game 1'])
    expect(state.reads).toBe(1)
  })

  it('serves the old index while a newer one is built past its age, one build at a time', async () => {
    const { state, names, gate } = setup()
    await names()
    state.current = [row(2, 20)]
    state.now = 10_000
    const open = gate()
    // Past the TTL: the kept index answers at once, a build starts behind it.
    expect(await names()).toEqual(['Game 1'])
    expect(await names()).toEqual(['Game 1'])
    expect(state.reads).toBe(2)
    open()
    await expect.poll(names).toEqual(['Game 2'])
    expect(state.reads).toBe(2)
  })

  it('waits for a new index when a staff canonical name changed, or the kept one is too old', async () => {
    const { state, names, gate } = setup()
    await names()
    state.edits = new Map([[1, { placeId: 1, canonicalName: 'Renamed', released: null }]])
    expect(await names()).toEqual(['Renamed'])
    state.edits = new Map()
    expect(await names()).toEqual(['Game 1'])

    state.current = [row(3, 30)]
    state.now = 600_000
    const open = gate()
    const waiting = names()
    let answered = false
    void waiting.then(() => {
      answered = true
    })
    await expect.poll(() => state.reads).toBe(4)
    expect(answered).toBe(false)
    open()
    expect(await waiting).toEqual(['Game 3'])
  })

  it('keeps serving the old index when a rebuild fails, and tries again on the next call', async () => {
    const { state, names, deps } = setup()
    await names()
    state.now = 20_000
    const failing = deps.cache.get
    let fail = true
    ;(deps.cache as { get: AggregateCache['get'] }).get = (key, ttl, compute, options) =>
      fail && key === 'place:current'
        ? Promise.reject(new Error('store down'))
        : failing(key, ttl, compute, options)
    expect(await names()).toEqual(['Game 1'])
    fail = false
    state.current = [row(4, 40)]
    await expect.poll(names).toEqual(['Game 4'])
  })
})
