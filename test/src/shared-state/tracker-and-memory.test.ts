import {
  ChangeMemoryStoreError,
  createRedisChangeMemory,
  createRedisTracker,
  createRedisTrackingRequests,
  TrackerStoreError,
  TrackingRequestsStoreError,
} from '@ludex/workers'
import { changeMemoryContract, trackerContract, trackingRequestsContract } from '@ludex/workers/testing'
import { describe, expect, it } from 'vitest'
import { useRedisServer } from '../harness/redis-fixture.ts'

const redis = useRedisServer()
/** A connection of its own: as far as Redis can tell, another poller process. */
const connect = redis.connect

const ref = (universeId: number) => ({ universeId, placeId: universeId * 10 + 1 })

trackerContract('Redis', async () =>
  createRedisTracker({ redis: await connect(), prefix: redis.prefix('t') }),
)
changeMemoryContract('Redis', async () =>
  createRedisChangeMemory({ redis: await connect(), prefix: redis.prefix('m') }),
)
trackingRequestsContract('Redis', async () =>
  createRedisTrackingRequests({ redis: await connect(), prefix: redis.prefix('r') }),
)

describe('tracking requests on Redis', () => {
  it('reach a poller process from an API process', async () => {
    const prefix = redis.prefix('r')
    const api = createRedisTrackingRequests({ redis: await connect(), prefix })
    const poller = createRedisTrackingRequests({ redis: await connect(), prefix })
    await api.request([42, 43])
    expect((await poller.take(10)).sort()).toEqual([42, 43])
    expect(await api.take(10)).toEqual([])
  })

  it('keep a place tracked for a tag as such across a poller restart', async () => {
    const prefix = redis.prefix('t')
    const before = await createRedisTracker({ redis: await connect(), prefix })
    await before.addAll([ref(5)], 'tag', 7)
    const after = await createRedisTracker({ redis: await connect(), prefix })
    expect(after.list()).toEqual([{ universeId: 5, placeId: 51, source: 'tag', since: 7 }])
  })

  it('fail with TrackingRequestsStoreError when Redis cannot be reached', async () => {
    const c = await connect()
    const requests = createRedisTrackingRequests({ redis: c, prefix: redis.prefix('r') })
    c.disconnect()
    await expect(requests.request([1])).rejects.toBeInstanceOf(TrackingRequestsStoreError)
    await expect(requests.take(1)).rejects.toBeInstanceOf(TrackingRequestsStoreError)
  })
})

describe('the tracker on Redis', () => {
  it('a poller restart finds the tracked set as it was: discoveries, sources, times and order', async () => {
    const prefix = redis.prefix('t')
    const before = await createRedisTracker({ redis: await connect(), prefix })
    await before.addAll([ref(3), ref(1)], 'seed', 100)
    await before.addAll([ref(9), ref(1), ref(4)], 'discovery', 200)
    const after = await createRedisTracker({ redis: await connect(), prefix })
    expect(after.list()).toEqual(before.list())
    expect(after.list()).toEqual([
      { universeId: 3, placeId: 31, source: 'seed', since: 100 },
      { universeId: 1, placeId: 11, source: 'seed', since: 100 },
      { universeId: 9, placeId: 91, source: 'discovery', since: 200 },
      { universeId: 4, placeId: 41, source: 'discovery', since: 200 },
    ])
    // A restored seed list adds nothing already known: the first source stays.
    expect(await after.addAll([ref(9), ref(3)], 'seed', 300)).toBe(0)
    expect(after.list().find((t) => t.universeId === 9)?.source).toBe('discovery')
  })

  it('two poller processes agree: what one tracks the other sees on refresh, each universe once', async () => {
    const prefix = redis.prefix('t')
    const a = await createRedisTracker({ redis: await connect(), prefix })
    const b = await createRedisTracker({ redis: await connect(), prefix })
    expect(await a.add(ref(1), 'discovery', 1)).toBe(true)
    expect(b.has(1)).toBe(false)
    await b.refresh()
    expect(b.placeIdOf(1)).toBe(11)
    expect(await b.add(ref(1), 'seed', 2)).toBe(false)
    // Both discover overlapping sets at once; each universe is tracked by exactly one of them.
    const fromA = Array.from({ length: 800 }, (_, i) => ref(100 + i))
    const fromB = Array.from({ length: 800 }, (_, i) => ref(500 + i))
    const [addedA, addedB] = await Promise.all([
      a.addAll(fromA, 'discovery', 3),
      b.addAll(fromB, 'discovery', 3),
    ])
    expect(addedA + addedB).toBe(1 + 1_200 - 1)
    await Promise.all([a.refresh(), b.refresh()])
    expect(a.list()).toEqual(b.list())
    expect(a.size).toBe(1_201)
    expect(new Set(a.list().map((t) => t.universeId)).size).toBe(1_201)
  })

  it('refreshes that overlap an add still end with the add in the view', async () => {
    const prefix = redis.prefix('t')
    const a = await createRedisTracker({ redis: await connect(), prefix })
    const b = await createRedisTracker({ redis: await connect(), prefix })
    const refreshes = Array.from({ length: 5 }, () => b.refresh())
    await a.addAll([ref(7), ref(8)], 'seed', 1)
    await Promise.all([...refreshes, b.refresh()])
    expect(b.list().map((t) => t.universeId)).toEqual([7, 8])
  })

  it('fails with TrackerStoreError when Redis cannot be reached', async () => {
    const prefix = redis.prefix('t')
    const c = await connect()
    const tracker = await createRedisTracker({ redis: c, prefix })
    c.disconnect()
    await expect(tracker.add(ref(1), 'seed', 1)).rejects.toBeInstanceOf(TrackerStoreError)
    await expect(tracker.refresh()).rejects.toBeInstanceOf(TrackerStoreError)
  })
})

describe('the change memory on Redis', () => {
  it('survives a poller restart and is the same for every poller process', async () => {
    const prefix = redis.prefix('m')
    const a = createRedisChangeMemory({ redis: await connect(), prefix })
    const b = createRedisChangeMemory({ redis: await connect(), prefix })
    await a.remember([
      ['details:1', '{"name":"x"}'],
      ['thumb:Icon:1', 'abc'],
    ])
    expect(await b.recall(['details:1', 'thumb:Icon:1'])).toEqual(
      new Map([
        ['details:1', '{"name":"x"}'],
        ['thumb:Icon:1', 'abc'],
      ]),
    )
    await b.remember([['thumb:Icon:1', 'def']])
    const restarted = createRedisChangeMemory({ redis: await connect(), prefix })
    expect(await restarted.recall(['thumb:Icon:1', 'details:1', 'play:1'])).toEqual(
      new Map([
        ['thumb:Icon:1', 'def'],
        ['details:1', '{"name":"x"}'],
      ]),
    )
    // Another deployment's prefix is another memory.
    const other = createRedisChangeMemory({ redis: await connect(), prefix: redis.prefix('m') })
    expect(await other.recall(['details:1'])).toEqual(new Map())
  })

  it('fails with ChangeMemoryStoreError when Redis cannot be reached', async () => {
    const c = await connect()
    const memory = createRedisChangeMemory({ redis: c, prefix: redis.prefix('m') })
    c.disconnect()
    await expect(memory.recall(['details:1'])).rejects.toBeInstanceOf(ChangeMemoryStoreError)
    await expect(memory.remember([['details:1', 'x']])).rejects.toBeInstanceOf(ChangeMemoryStoreError)
  })
})
