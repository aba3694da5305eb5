import type { ClickHouseClient } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { playtimeSecondsSql } from '../store/index.ts'
import type { ChunkProgress } from './chunks.ts'
import { bucketSql, bucketStartMs, nextBucketStartMs, ROLLUP_GRANULARITIES } from './periods.ts'
import { materialiseRange } from './rollups.ts'
import { insertSnapshots, openTestStore, rows, type SnapshotRow, utc } from './test-store.ts'

interface RollupRow {
  granularity: string
  place_id: number
  bucket: string
  samples: number
  ccu_sum: number
  ccu_min: number
  ccu_max: number
  visits_min: number
  visits_max: number
  first_slot: string
  last_slot: string
  favorites_last: number
  up_votes_last: number | null
  down_votes_last: number | null
  playtime: number | null
}

// Each place exercises one rule; expectations below are worked out by hand from these rows.
const FIXTURE: SnapshotRow[] = [
  // 1: minute 0 closes the previous hour (09:01), minute 10 opens 10:01.
  { place_id: 1, slot: utc('2024-01-08T10:00:00'), playing: 10 },
  { place_id: 1, slot: utc('2024-01-08T10:10:00'), playing: 20 },
  { place_id: 1, slot: utc('2024-01-08T10:20:00'), playing: 30 },
  // 2: 00:50 belongs to the previous day, 01:00 and 01:10 to the day starting 01:00.
  { place_id: 2, slot: utc('2024-01-08T00:50:00'), playing: 5 },
  { place_id: 2, slot: utc('2024-01-08T01:00:00'), playing: 7 },
  { place_id: 2, slot: utc('2024-01-08T01:10:00'), playing: 9 },
  // 3: Sunday 23:50 and Monday 00:50 are in the week of Monday 2024-01-01; Monday 01:00 opens a new one.
  { place_id: 3, slot: utc('2024-01-07T23:50:00'), playing: 100 },
  { place_id: 3, slot: utc('2024-01-08T00:50:00'), playing: 200 },
  { place_id: 3, slot: utc('2024-01-08T01:00:00'), playing: 300 },
  // 4: day 1 00:50 is still the previous month; day 1 01:00 opens the month.
  { place_id: 4, slot: utc('2024-01-31T23:00:00'), playing: 1 },
  { place_id: 4, slot: utc('2024-02-01T00:50:00'), playing: 2 },
  { place_id: 4, slot: utc('2024-02-01T01:00:00'), playing: 4 },
  // 5: uneven samples per day, visits, falling favorites, votes missing in later slots.
  {
    place_id: 5,
    slot: utc('2024-01-10T01:00:00'),
    playing: 10,
    visits: 1000,
    favorites: 50,
    up_votes: 10,
    down_votes: 2,
  },
  {
    place_id: 5,
    slot: utc('2024-01-10T01:10:00'),
    playing: 20,
    visits: 1100,
    favorites: 60,
    up_votes: 12,
    down_votes: 3,
  },
  {
    place_id: 5,
    slot: utc('2024-01-10T01:20:00'),
    playing: 30,
    visits: 1150,
    favorites: 40,
    up_votes: null,
    down_votes: null,
  },
  {
    place_id: 5,
    slot: utc('2024-01-11T05:00:00'),
    playing: 100,
    visits: 2000,
    favorites: 30,
    up_votes: null,
    down_votes: null,
  },
]

let client: ClickHouseClient
const progress: ChunkProgress[] = []

async function rollup(g: string, placeId: number): Promise<RollupRow[]> {
  return rows<RollupRow>(
    client,
    `SELECT *, ${playtimeSecondsSql()} AS playtime FROM place_rollups FINAL
     WHERE granularity = {g:String} AND place_id = {p:UInt64} ORDER BY bucket`,
    { g, p: placeId },
  )
}

function brief(r: RollupRow[]): [string, number, number][] {
  return r.map((x) => [x.bucket, x.samples, Number(x.ccu_sum)])
}

beforeAll(async () => {
  client = await openTestStore()
  await insertSnapshots(client, FIXTURE)
  await materialiseRange(client, {
    fromMs: utc('2024-01-07T23:50:00'),
    toMs: utc('2024-02-01T01:00:00'),
    now: utc('2024-03-01T00:00:00'),
    onProgress: (p) => progress.push(p),
  })
})

afterAll(async () => {
  await client.close()
})

describe('period starts', () => {
  it('agree between the SQL expressions and the millisecond helpers', async () => {
    const instants = [
      '2024-01-08T00:00:00',
      '2024-01-08T00:50:00',
      '2024-01-08T01:00:00',
      '2024-01-08T01:10:00',
      '2024-01-07T23:50:00',
      '2024-02-01T00:50:00',
      '2024-02-01T01:00:00',
      '2024-02-29T13:40:00',
      '2024-12-31T23:10:00',
      '2025-01-01T00:10:00',
    ].map(utc)
    for (const g of ROLLUP_GRANULARITIES) {
      const got = await rows<{ b: string }>(
        client,
        `SELECT toUnixTimestamp(${bucketSql(g, "toDateTime(t, 'UTC')")}) AS b FROM (SELECT arrayJoin({ts:Array(UInt32)}) AS t)`,
        { ts: instants.map((t) => t / 1000) },
      )
      expect(got.map((r) => Number(r.b) * 1000)).toEqual(instants.map((t) => bucketStartMs(t, g)))
    }
  })

  it('step to the next period', () => {
    expect(nextBucketStartMs(utc('2024-02-01T00:50:00'), 'month')).toBe(utc('2024-02-01T01:00:00'))
    expect(nextBucketStartMs(utc('2024-02-10T05:00:00'), 'month')).toBe(utc('2024-03-01T01:00:00'))
    expect(nextBucketStartMs(utc('2024-01-08T00:50:00'), 'week')).toBe(utc('2024-01-08T01:00:00'))
  })
})

describe('rollups', () => {
  it('put minute 0 in the previous hour and minute 10 in the next', async () => {
    expect(brief(await rollup('hour', 1))).toEqual([
      ['2024-01-08 09:01:00', 1, 10],
      ['2024-01-08 10:01:00', 2, 50],
    ])
    const [, h] = await rollup('hour', 1)
    expect([h?.ccu_min, h?.ccu_max]).toEqual([20, 30])
  })

  it('start days at 01:00 UTC: 00:50 is the previous day, 01:00 and 01:10 the new one', async () => {
    expect(brief(await rollup('day', 2))).toEqual([
      ['2024-01-07 01:00:00', 1, 5],
      ['2024-01-08 01:00:00', 2, 16],
    ])
  })

  it('start weeks on Monday 01:00 UTC, never Sunday', async () => {
    expect(brief(await rollup('week', 3))).toEqual([
      ['2024-01-01 01:00:00', 2, 300],
      ['2024-01-08 01:00:00', 1, 300],
    ])
    expect(brief(await rollup('day', 3))).toEqual([
      ['2024-01-07 01:00:00', 2, 300],
      ['2024-01-08 01:00:00', 1, 300],
    ])
  })

  it('start months on day 1 at 01:00 UTC', async () => {
    expect(brief(await rollup('month', 4))).toEqual([
      ['2024-01-01 01:00:00', 2, 3],
      ['2024-02-01 01:00:00', 1, 4],
    ])
  })

  it('average exactly across uneven sample counts (never an average of averages)', async () => {
    const days = await rollup('day', 5)
    expect(brief(days)).toEqual([
      ['2024-01-10 01:00:00', 3, 60],
      ['2024-01-11 01:00:00', 1, 100],
    ])
    const [week] = await rollup('week', 5)
    // (10 + 20 + 30 + 100) / 4 = 40, where the mean of the day means would be (20 + 100) / 2 = 60.
    expect(Number(week?.ccu_sum) / (week?.samples ?? 0)).toBe(40)
  })

  it('keep visits as min and max, falling counters as their last value, votes as the last known', async () => {
    const [d10, d11] = await rollup('day', 5)
    expect([d10?.visits_min, d10?.visits_max, d10?.favorites_last]).toEqual([1000, 1150, 40])
    expect([d10?.up_votes_last, d10?.down_votes_last]).toEqual([12, 3])
    expect([d11?.favorites_last, d11?.up_votes_last, d11?.down_votes_last]).toEqual([30, null, null])
    for (const g of ['week', 'month']) {
      const [r] = await rollup(g, 5)
      expect([r?.visits_min, r?.visits_max, r?.favorites_last, r?.up_votes_last, r?.down_votes_last]).toEqual(
        [1000, 2000, 30, 12, 3],
      )
    }
  })

  it('expose playtime as CCU-time over visits gained', async () => {
    const [d10, d11] = await rollup('day', 5)
    // avg 20 × 1200 s ÷ 150 visits
    expect(d10?.playtime).toBe(160)
    // one sample: no span, no visits gained: undefined, not zero
    expect(d11?.playtime).toBeNull()
    const [week] = await rollup('week', 5)
    // avg 40 × 28 h ÷ 1000 visits
    expect(week?.playtime).toBe(4032)
  })

  it('compose week and month from days exactly as computing them from raw', async () => {
    for (const g of ['week', 'month'] as const) {
      const composed = await rows(
        client,
        `SELECT * EXCEPT (granularity, computed_at) FROM place_rollups FINAL
         WHERE granularity = {g:String} ORDER BY place_id, bucket`,
        { g },
      )
      const direct = await rows(
        client,
        `SELECT place_id, ${bucketSql(g, 'slot')} AS bucket, count() AS samples, sum(playing) AS ccu_sum,
                min(playing) AS ccu_min, max(playing) AS ccu_max, min(visits) AS visits_min,
                max(visits) AS visits_max, min(slot) AS first_slot, max(slot) AS last_slot,
                argMax(favorites, slot) AS favorites_last,
                argMaxIf(up_votes, slot, up_votes IS NOT NULL) AS up_votes_last,
                argMaxIf(down_votes, slot, down_votes IS NOT NULL) AS down_votes_last
         FROM place_snapshots FINAL GROUP BY place_id, bucket ORDER BY place_id, bucket`,
      )
      expect(composed).toEqual(direct)
    }
  })

  it('works a month of slots at a time, reporting each chunk', () => {
    expect(progress.map((p) => [p.done, p.total, p.fromMs, p.toMs])).toEqual([
      [1, 2, utc('2024-01-07T23:50:00'), utc('2024-02-01T01:00:00') - 1],
      [2, 2, utc('2024-02-01T01:00:00'), utc('2024-02-01T01:00:00')],
    ])
  })
})
