import { Writable } from 'node:stream'
import type { ClickHouseClient } from '@clickhouse/client'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dateTimeParam } from '../store/index.ts'
import { type Clock, createMaterialiser, mergeRange } from './materialiser.ts'
import { bucketStartMs } from './periods.ts'
import {
  insertDetails,
  insertGameEvents,
  insertSnapshots,
  openTestStore,
  rows,
  type SnapshotRow,
  snapshotMaterialised,
  utc,
} from './test-store.ts'

const DAY_MS = 86_400_000
const FIRST_DAY = utc('2024-02-24T00:00:00')
const DAYS = 10
// Slots chosen at the edges of hours, days, weeks and the month boundary (2024-02-29 → 03-01).
const SLOT_OFFSETS = ['00:50', '01:00', '12:00', '23:50'].map((t) => utc(`1970-01-01T${t}:00`))

/** A small deterministic fixture over 10 days: 4 places throughout, a 5th arriving on day 6. */
function fixture(observedShiftMs = 0): SnapshotRow[] {
  const out: SnapshotRow[] = []
  for (let day = 0; day < DAYS; day++) {
    for (const [i, offset] of SLOT_OFFSETS.entries()) {
      const slot = FIRST_DAY + day * DAY_MS + offset
      for (let place = 1; place <= 5; place++) {
        if (place === 5 && day < 6) continue
        const n = day * SLOT_OFFSETS.length + i
        out.push({
          place_id: place,
          slot,
          playing: place * 100 + ((n * 37 + place * 11) % 90),
          visits: place * 10_000 + n * (50 + place),
          favorites: 500 + ((n * 13 + place) % 40),
          up_votes: n % 3 === 0 ? null : 1000 + n * place,
          down_votes: n % 3 === 0 ? null : 100 + n,
          observed_at: slot + 30_000 + observedShiftMs,
        })
      }
    }
  }
  return out
}

const FROM = FIRST_DAY + (SLOT_OFFSETS[0] ?? 0)
const TO = FIRST_DAY + (DAYS - 1) * DAY_MS + (SLOT_OFFSETS[3] ?? 0)

class TestClock implements Clock {
  constructor(public ms: number) {}
  now(): number {
    return this.ms
  }
}

/** A pino logger that keeps the messages it logs, to count runs. */
function recordingLogger(): { logger: pino.Logger; messages: string[] } {
  const messages: string[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      messages.push(String(JSON.parse(String(chunk)).msg))
      done()
    },
  })
  return { logger: pino({ level: 'debug' }, stream), messages }
}

let client: ClickHouseClient
const clock = new TestClock(utc('2024-03-06T00:00:00'))
const silent = pino({ level: 'silent' })

beforeAll(async () => {
  client = await openTestStore()
  const at = utc('2024-01-01T00:00:00')
  await insertDetails(client, [
    { place_id: 1, genre_l1: 'RPG', genre_l2: 'Action RPG', observed_at: at },
    { place_id: 2, genre_l1: 'RPG', genre_l2: 'Turn-based RPG', observed_at: at },
    { place_id: 3, genre_l1: 'Shooter', genre_l2: 'Deathmatch Shooter', observed_at: at },
    { place_id: 5, genre_l1: 'Obby & Platformer', genre_l2: 'Classic Obby', observed_at: at },
  ])
  await insertSnapshots(client, fixture())
  // A few game events on days 2 and 7, so the daily event counts are part of the invariant too.
  await insertGameEvents(
    client,
    [2, 2, 7].map((day, i) => ({
      place_id: 1 + i,
      event_id: `e-${i}`,
      time: FIRST_DAY + day * DAY_MS + 43_200_000,
    })),
  )
})

afterAll(async () => {
  await client.close()
})

describe('the replay invariant', () => {
  it('holds: redelivered, replayed and overlapping recomputes change no stored value', async () => {
    const m = createMaterialiser({ client, logger: silent, clock, debounceMs: 10 })
    m.markDirty(FROM, TO)
    await m.runNow()
    const before = await snapshotMaterialised(client)
    // Not vacuous: every table holds rows, movement included (place 5 enters).
    for (const [table, r] of Object.entries(before)) expect(r.length, table).toBeGreaterThan(0)

    // A redelivered batch: the very same rows again, and the run they trigger.
    await insertSnapshots(client, fixture())
    clock.ms += 60_000
    m.markDirty(FROM, TO)
    await m.runNow()
    expect(await snapshotMaterialised(client)).toEqual(before)

    // A replay observed later (new raw versions, identical values), materialised in overlapping pieces.
    await insertSnapshots(client, fixture(3_600_000))
    clock.ms += 60_000
    m.markDirty(FROM + 3 * DAY_MS, TO)
    await m.runNow()
    m.markDirty(FROM, FROM + 5 * DAY_MS)
    await m.runNow()
    m.markDirty(FROM + 2 * DAY_MS, FROM + 7 * DAY_MS)
    await m.stop()
    expect(await snapshotMaterialised(client)).toEqual(before)
  })

  it('is not blind: a changed raw value does change the materialised values', async () => {
    const before = await snapshotMaterialised(client)
    const m = createMaterialiser({ client, logger: silent, clock, debounceMs: 10 })
    const slot = FIRST_DAY + 8 * DAY_MS + (SLOT_OFFSETS[2] ?? 0)
    await insertSnapshots(client, [{ place_id: 4, slot, playing: 99_999, observed_at: slot + 7_200_000 }])
    clock.ms += 60_000
    m.markDirty(slot, slot)
    await m.stop()
    const after = await snapshotMaterialised(client)
    for (const table of [
      'place_rollups',
      'genre_ccu',
      'genre_distribution',
      'daily_ranks',
      'genre_benchmarks_daily',
    ]) {
      expect(after[table], table).not.toEqual(before[table])
    }
  })
})

describe('the materialiser', () => {
  it('coalesces ranges marked together into one run, and runs nothing when nothing is dirty', async () => {
    const { logger, messages } = recordingLogger()
    const m = createMaterialiser({ client, logger, clock, debounceMs: 50 })
    const day = FIRST_DAY + DAY_MS
    m.markDirty(day + 3_600_000, day + 3_600_000)
    m.markDirty(day + 7_200_000, day + 10_800_000)
    await m.runNow()
    await m.runNow()
    await m.stop()
    expect(messages.filter((x) => x === 'materialised')).toHaveLength(1)
  })

  it('runs after the debounce on its own', async () => {
    const m = createMaterialiser({ client, logger: silent, clock, debounceMs: 20 })
    await client.command({ query: 'TRUNCATE TABLE place_rollups' })
    m.markDirty(FROM, FROM)
    for (let i = 0; i < 100; i++) {
      const [r] = await rows<{ n: number }>(client, 'SELECT count() AS n FROM place_rollups')
      if ((r?.n ?? 0) > 0) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const [r] = await rows<{ n: number }>(
      client,
      "SELECT count() AS n FROM place_rollups WHERE granularity = 'hour'",
    )
    expect(r?.n).toBeGreaterThan(0)
    await m.stop()
  })

  it('never runs two recomputes at once', async () => {
    let active = 0
    let maxActive = 0
    let statementStarted: () => void = () => {}
    // Counts the statements in flight at once; a run issues its statements one after another.
    const counting = new Proxy(client, {
      get(target, prop, receiver) {
        if (prop !== 'command') return Reflect.get(target, prop, receiver)
        return async (params: Parameters<ClickHouseClient['command']>[0]) => {
          active++
          maxActive = Math.max(maxActive, active)
          statementStarted()
          try {
            return await target.command(params)
          } finally {
            active--
          }
        }
      },
    })
    const m = createMaterialiser({ client: counting, logger: silent, clock, debounceMs: 0 })
    const day = (i: number) => FROM + i * 2 * DAY_MS
    const firstStatement = new Promise<void>((resolve) => {
      statementStarted = resolve
    })
    // Separate ranges (two days apart), asked for by callers at once…
    for (const i of [0, 1, 2]) m.markDirty(day(i), day(i))
    const runs = [m.runNow(), m.runNow()]
    // …and by more callers while a recompute has a statement in flight.
    await firstStatement
    for (const i of [3, 4]) m.markDirty(day(i), day(i))
    runs.push(m.runNow(), m.runNow())
    await Promise.all(runs)
    await m.stop()
    expect(maxActive).toBe(1)
  })

  it('finishes pending work on stop and ignores marks after it', async () => {
    const { logger, messages } = recordingLogger()
    const m = createMaterialiser({ client, logger, clock, debounceMs: 60_000 })
    m.markDirty(FROM, FROM)
    await m.stop()
    m.markDirty(FROM, FROM)
    expect(messages).toEqual(['materialised', 'materialiser stopped; dirty range ignored'])
  })
})

describe('the settled position (the insert-log cursor)', () => {
  it('never passes a range whose recompute failed, and moves on once it succeeds; reports each range recomputed', async () => {
    const [x, y, z] = [FROM, FROM + 3 * DAY_MS, FROM + 6 * DAY_MS]
    // The first statement of a range's recompute is its hour rollup, from the hour bucket of its start.
    const yFrom = dateTimeParam(bucketStartMs(y, 'hour'))
    let failY = true
    const failing = new Proxy(client, {
      get(target, prop, receiver) {
        if (prop !== 'command') return Reflect.get(target, prop, receiver)
        return async (params: Parameters<ClickHouseClient['command']>[0]) => {
          if (failY && params.query_params?.from === yFrom) throw new Error('injected store failure')
          return target.command(params)
        }
      },
    })
    const settled: number[] = []
    const recomputed: number[] = []
    const m = createMaterialiser({
      client: failing,
      logger: silent,
      clock,
      debounceMs: 60_000,
      onSettled: async (position) => {
        settled.push(position)
      },
      onRecomputed: (range) => recomputed.push(range.fromMs),
    })
    // Logged in time order of their slots; far enough apart not to merge.
    m.markDirty(x, x, 100)
    m.markDirty(y, y, 200)
    m.markDirty(z, z, 300)
    // Game events recompute their daily counts only: no rollup lands, nothing is reported.
    m.markDirty(x, x, undefined, 'events')
    expect(m.pendingRanges()).toBe(4)
    await expect(m.runNow()).rejects.toThrow('rollup hour failed')
    // x is done; y failed and waits again with z: everything before y's position is done, no more.
    expect(settled).toEqual([200])
    // Only the range whose rollups landed is reported (readers keeping answers look again).
    expect(recomputed).toEqual([x])
    expect(m.pendingRanges()).toBe(3)
    failY = false
    await m.runNow()
    expect(settled).toEqual([200, 300])
    expect(recomputed).toEqual([x, y, z])
    expect(m.pendingRanges()).toBe(0)
    await m.stop()
  })

  it('starts from the stored position and reports only beyond it; unpositioned marks do not move it', async () => {
    const settled: number[] = []
    const m = createMaterialiser({
      client,
      logger: silent,
      clock,
      debounceMs: 60_000,
      settledFrom: 500,
      onSettled: async (position) => {
        settled.push(position)
      },
    })
    m.markDirty(FROM, FROM)
    m.markDirty(FROM + 3 * DAY_MS, FROM + 3 * DAY_MS, 400)
    await m.runNow()
    expect(settled).toEqual([])
    m.markDirty(FROM, FROM, 600)
    await m.stop()
    expect(settled).toEqual([600])
  })
})

describe('mergeRange', () => {
  it('merges overlapping and near ranges, keeps far ones apart, in order', () => {
    let r = mergeRange([], { fromMs: 100, toMs: 200 }, 10)
    r = mergeRange(r, { fromMs: 500, toMs: 600 }, 10)
    r = mergeRange(r, { fromMs: 205, toMs: 300 }, 10)
    r = mergeRange(r, { fromMs: 0, toMs: 50 }, 10)
    expect(r).toEqual([
      { fromMs: 0, toMs: 50 },
      { fromMs: 100, toMs: 300 },
      { fromMs: 500, toMs: 600 },
    ])
    expect(mergeRange(r, { fromMs: 40, toMs: 550 }, 10)).toEqual([{ fromMs: 0, toMs: 600 }])
  })

  it('keeps the earliest position of the marks it merges', () => {
    let r = mergeRange([], { fromMs: 100, toMs: 200, position: 7 }, 10)
    r = mergeRange(r, { fromMs: 150, toMs: 300, position: 3 }, 10)
    r = mergeRange(r, { fromMs: 290, toMs: 310 }, 10)
    r = mergeRange(r, { fromMs: 900, toMs: 900 }, 10)
    expect(r).toEqual([
      { fromMs: 100, toMs: 310, position: 3 },
      { fromMs: 900, toMs: 900 },
    ])
  })
})
