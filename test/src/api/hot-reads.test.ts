import { createHotReads, type HotReads, rowsOf } from '@ludex/api'
import { rebuild } from '@ludex/pipelines'
import { type ClickHouseClient, readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import { insertSnapshots, openTestStore } from '@ludex/pipelines/testing'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/*
 * The hot reads (api/src/cache/hot-reads.ts): a read's rows, and an answer computed from them, kept per
 * statement or key, parameters, kind of viewer and rollup watermark, on real chDB with hand-made slots
 * materialised by the real rebuild.
 */

const SLOT = 600_000
const utc = (text: string) => Date.parse(`${text}Z`)
const logger = pino({ level: 'silent' })
const user = { kind: 'user', userId: 1, role: 'viewer', permissions: [] } as const
const visitor = { kind: 'visitor' } as const
/** In every statement the tests read, so the runs that reach the store can be counted. */
const MARK = 'hot reads test'

describe('hot reads', () => {
  let client: ClickHouseClient
  let runs = 0
  const base = () => ({ clickhouse: client, logger })

  async function poll(place: number, fromIso: string, slots: number): Promise<void> {
    const from = utc(fromIso)
    const rows = Array.from({ length: slots }, (_, k) => ({
      place_id: place,
      slot: from + k * SLOT,
      playing: 10 + k,
    }))
    await insertSnapshots(client, rows)
    await rebuild(client, { fromMs: from, toMs: from + slots * SLOT, now: from + slots * SLOT })
  }

  /** A place's hour buckets, as a stats read has them (through `store`, kept or not). */
  function hours(store: StoreReader, place: number): Promise<{ t: number; samples: number }[]> {
    return readRows<{ t: number; samples: number }>(store, {
      what: MARK,
      query: `SELECT toUnixTimestamp(bucket) * 1000 AS t, samples FROM ${tables.placeRollups} FINAL
WHERE granularity = 'hour' AND place_id = {place:UInt64} /* ${MARK} */ ORDER BY bucket`,
      params: { place },
      int64: ['t'],
    })
  }

  beforeAll(async () => {
    client = await openTestStore()
    const query = client.query.bind(client)
    client.query = ((params: Parameters<typeof client.query>[0]) => {
      if (params.query.includes(MARK)) runs++
      return query(params)
    }) as typeof client.query
    await poll(1, '2026-05-10T13:20:00', 3)
    await poll(2, '2026-05-10T13:20:00', 2)
  })
  afterAll(async () => {
    await client.close()
  })

  it('keeps an answer until the rollups move, then reads the fresh one', async () => {
    let now = utc('2026-05-10T14:00:00')
    const hot: HotReads = createHotReads({ store: base(), now: () => now, recheckMs: 5000 })
    const store = hot.reader(base(), user)
    runs = 0
    const first = await hours(store, 1)
    expect(first.map((r) => r.samples)).toEqual([3])
    expect(await hours(store, 1)).toEqual(first)
    expect(runs).toBe(1)

    // A new slot lands in a new hour: until the watermark is read again the kept answer stands...
    await poll(1, '2026-05-10T14:10:00', 1)
    expect(await hours(store, 1)).toEqual(first)
    expect(runs).toBe(1)
    // ...and once signalled, the next read sees it.
    hot.signal()
    const fresh = await hours(store, 1)
    expect(fresh.map((r) => [r.t, r.samples])).toEqual([
      [utc('2026-05-10T13:01:00'), 3],
      [utc('2026-05-10T14:01:00'), 1],
    ])
    expect(runs).toBe(2)
    expect(await hours(store, 1)).toEqual(fresh)
    expect(runs).toBe(2)

    // Without a signal (rollups landed in another process) the watermark is read again after recheckMs.
    await poll(1, '2026-05-10T14:20:00', 1)
    now += 4999
    expect((await hours(store, 1)).at(-1)?.samples).toBe(1)
    now += 1
    expect((await hours(store, 1)).at(-1)?.samples).toBe(2)
    expect(runs).toBe(3)
  })

  it('recomputing an older range moves the watermark too', async () => {
    const now = utc('2026-05-10T15:00:00')
    const hot = createHotReads({ store: base(), now: () => now })
    const store = hot.reader(base(), user)
    expect((await hours(store, 2)).map((r) => r.samples)).toEqual([2])
    // A backfilled slot before the place's history: the newest slot stands, the recompute is newer.
    await insertSnapshots(client, [{ place_id: 2, slot: utc('2026-05-10T13:10:00'), playing: 5 }])
    await rebuild(client, {
      fromMs: utc('2026-05-10T13:10:00'),
      toMs: utc('2026-05-10T13:20:00'),
      now: utc('2026-05-10T15:00:00'),
    })
    hot.signal()
    expect((await hours(store, 2)).map((r) => r.samples)).toEqual([3])
  })

  it('never serves a visitor an entry of a signed-in viewer, nor the reverse', async () => {
    const now = utc('2026-05-10T15:00:00')
    const hot = createHotReads({ store: base(), now: () => now })
    runs = 0
    const asUser = await hours(hot.reader(base(), user), 1)
    expect(runs).toBe(1)
    // The same statement and parameters: still read apart for a visitor, then each kept for its own.
    expect(await hours(hot.reader(base(), visitor), 1)).toEqual(asUser)
    expect(runs).toBe(2)
    await hours(hot.reader(base(), visitor), 1)
    await hours(hot.reader(base(), user), 1)
    expect(runs).toBe(2)
  })

  it('keeps at most maxEntries answers, pushing out the oldest', async () => {
    const now = utc('2026-05-10T15:00:00')
    const hot = createHotReads({ store: base(), now: () => now, maxEntries: 2 })
    const store = hot.reader(base(), user)
    runs = 0
    await hours(store, 1)
    await hours(store, 2)
    await hours(store, 3)
    expect(runs).toBe(3)
    // Place 1's answer was the oldest: read again; place 3's is still kept.
    await hours(store, 3)
    expect(runs).toBe(3)
    await hours(store, 1)
    expect(runs).toBe(4)
  })

  it('does not keep an answer of more than maxRows rows', async () => {
    const now = utc('2026-05-10T15:00:00')
    const hot = createHotReads({ store: base(), now: () => now, maxRows: 1 })
    const store = hot.reader(base(), user)
    runs = 0
    expect((await hours(store, 1)).length).toBe(2)
    expect((await hours(store, 1)).length).toBe(2)
    expect(runs).toBe(2)
    await hours(store, 2)
    await hours(store, 2)
    expect(runs).toBe(3)
  })
  /** An answer computed from a place's hours (the sum of samples), counting its computations. */
  function summed(
    hot: HotReads,
    viewer: typeof user | typeof visitor,
    place: number,
    counter: { n: number },
  ) {
    return hot.answer(viewer, ['summed', place], async () => {
      counter.n++
      const rows = await hours(hot.reader(base(), viewer), place)
      return { place, samples: rows.reduce((sum, r) => sum + r.samples, 0), hours: rows.map((r) => r.t) }
    })
  }

  it('keeps a computed answer until the rollups move, then computes it from the fresh rows', async () => {
    let now = utc('2026-05-10T16:00:00')
    const hot = createHotReads({ store: base(), now: () => now, recheckMs: 5000 })
    const computed = { n: 0 }
    const first = await summed(hot, user, 4, computed)
    expect(first.samples).toBe(0)
    // The same object while kept (so the mount writes its JSON and compressed bytes once).
    expect(await summed(hot, user, 4, computed)).toBe(first)
    expect(computed.n).toBe(1)

    await poll(4, '2026-05-10T15:10:00', 2)
    expect(await summed(hot, user, 4, computed)).toBe(first)
    hot.signal()
    const fresh = await summed(hot, user, 4, computed)
    expect(fresh.samples).toBe(2)
    expect(computed.n).toBe(2)

    // Without a signal, after the recheck.
    await poll(4, '2026-05-10T15:30:00', 1)
    now += 4999
    expect((await summed(hot, user, 4, computed)).samples).toBe(2)
    now += 1
    expect((await summed(hot, user, 4, computed)).samples).toBe(3)
    expect(computed.n).toBe(3)
  })

  it('never answers a visitor with a signed-in viewer’s kept answer, nor the reverse', async () => {
    const hot = createHotReads({ store: base(), now: () => utc('2026-05-10T16:00:00') })
    const computed = { n: 0 }
    const asUser = await summed(hot, user, 1, computed)
    const asVisitor = await summed(hot, visitor, 1, computed)
    expect(asVisitor).toEqual(asUser)
    expect(asVisitor).not.toBe(asUser)
    expect(computed.n).toBe(2)
    expect(await summed(hot, visitor, 1, computed)).toBe(asVisitor)
    expect(await summed(hot, user, 1, computed)).toBe(asUser)
    expect(computed.n).toBe(2)
  })

  it('keeps apart answers of different keys, and no failed computation', async () => {
    const hot = createHotReads({ store: base(), now: () => utc('2026-05-10T16:00:00') })
    const computed = { n: 0 }
    expect((await summed(hot, user, 1, computed)).place).toBe(1)
    expect((await summed(hot, user, 2, computed)).place).toBe(2)
    expect(computed.n).toBe(2)
    let tries = 0
    const failing = () =>
      hot.answer(user, ['failing'], async () => {
        tries++
        if (tries === 1) throw new Error('store down')
        return { ok: true }
      })
    await expect(failing()).rejects.toThrow('store down')
    expect(await failing()).toEqual({ ok: true })
    expect(tries).toBe(2)
  })

  it('bounds kept answers by the entries and by their rows, as it bounds reads', async () => {
    const now = () => utc('2026-05-10T16:00:00')
    const few = createHotReads({ store: base(), now, maxEntries: 2 })
    const computed = { n: 0 }
    // Each answer is two entries: its own and its read's rows.
    await summed(few, user, 1, computed)
    await summed(few, user, 2, computed)
    await summed(few, user, 1, computed)
    expect(computed.n).toBe(3)

    // An answer of more rows than maxRows (the items of its arrays) is computed each time.
    const small = createHotReads({ store: base(), now, maxRows: 1 })
    const big = { n: 0 }
    const listOf = (n: number) =>
      small.answer(user, ['list', n], async () => {
        big.n++
        return { items: Array.from({ length: n }, (_, i) => i) }
      })
    await listOf(2)
    await listOf(2)
    expect(big.n).toBe(2)
    await listOf(1)
    await listOf(1)
    expect(big.n).toBe(3)
  })

  it('keeps one value per key, computing only the keys not kept, together, once for concurrent calls', async () => {
    let now = utc('2026-05-10T16:00:00')
    const hot = createHotReads({ store: base(), now: () => now, recheckMs: 5000 })
    const calls: number[][] = []
    // Each key's value: its place's hours, read for the missing places in one call.
    const hoursOf = (places: readonly number[]) =>
      hot.each(
        user,
        places.map((p) => ['hours of', p] as const),
        async (missing) => {
          calls.push(missing.map((i) => places[i] as number))
          return Promise.all(missing.map((i) => hours(base(), places[i] as number)))
        },
      )
    const [one, two] = await hoursOf([1, 2])
    expect(calls).toEqual([[1, 2]])
    expect(one).toEqual(await hours(base(), 1))
    expect(two).toEqual(await hours(base(), 2))
    // Kept: only the new key is computed; the kept ones are the same objects.
    const again = await hoursOf([2, 4, 1])
    expect(calls).toEqual([[1, 2], [4]])
    expect(again[0]).toBe(two)
    expect(again[2]).toBe(one)
    // Concurrent calls over the same new keys share one computation.
    const [a, b] = await Promise.all([hoursOf([5, 1]), hoursOf([1, 5])])
    expect(calls).toEqual([[1, 2], [4], [5]])
    expect(a[0]).toBe(b[1])
    // A moved watermark computes every key again, still in one call; a visitor never gets a user's.
    await poll(1, '2026-05-10T15:40:00', 1)
    now += 5000
    const fresh = await hoursOf([1, 2])
    expect(calls.at(-1)).toEqual([1, 2])
    expect(fresh[0]).not.toEqual(one)
    await hot.each(visitor, [['hours of', 1]], async (missing) => {
      calls.push(missing.map(() => -1))
      return [[]]
    })
    expect(calls.at(-1)).toEqual([-1])
  })

  it('weighs a read by its rows and an answer by the items of its arrays', () => {
    expect(rowsOf([{ a: 1 }, { a: 2 }, { a: 3 }])).toBe(3)
    expect(rowsOf([])).toBe(1)
    expect(
      rowsOf({
        stat: 'ccus',
        series: [
          {
            data: [
              [1, 2],
              [3, 4],
            ],
          },
          { data: [] },
        ],
      }),
    ).toBe(2 + 2 + 2 * 2)
    expect(rowsOf({ day: null, groups: [] })).toBe(1)
  })
})
