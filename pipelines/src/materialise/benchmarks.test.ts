import type { ClickHouseClient } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { materialiseBenchmarks } from './benchmarks.ts'
import { materialiseRange } from './rollups.ts'
import { insertDetails, insertSnapshots, openTestStore, rows, type SnapshotRow, utc } from './test-store.ts'

interface BenchmarkRow {
  genre: string
  places: number
  ccu_p25: number
  ccu_p50: number
  ccu_p75: number
  ccu_p90: number
  like_ratio_places: number
  like_ratio_p25: number | null
  like_ratio_p50: number | null
  like_ratio_p75: number | null
  like_ratio_p90: number | null
  playtime_places: number
  playtime_p25: number | null
  playtime_p50: number | null
  playtime_p75: number | null
  playtime_p90: number | null
}

const SLOTS = ['2024-05-06T02:00:00', '2024-05-06T02:10:00', '2024-05-06T02:20:00'].map(utc)

/** Three slots of one place: constant CCU, visits per slot, and the given votes on the last slot. */
function place(id: number, playing: number, visits: number[], votes: [number, number] | null): SnapshotRow[] {
  return SLOTS.map((slot, i) => ({
    place_id: id,
    slot,
    playing,
    visits: visits[i] ?? 0,
    up_votes: i === 2 && votes ? votes[0] : null,
    down_votes: i === 2 && votes ? votes[1] : null,
  }))
}

let client: ClickHouseClient
const range = { fromMs: SLOTS[0] ?? 0, toMs: SLOTS[2] ?? 0 }

async function recompute(now: number): Promise<void> {
  await materialiseRange(client, { ...range, now })
  await materialiseBenchmarks(client, { ...range, now })
}

async function benchmarks(): Promise<BenchmarkRow[]> {
  return rows<BenchmarkRow>(
    client,
    "SELECT * EXCEPT (day, computed_at, is_deleted) FROM genre_benchmarks_daily FINAL WHERE day = '2024-05-06' ORDER BY genre",
  )
}

beforeAll(async () => {
  client = await openTestStore()
  const at = utc('2024-01-01T00:00:00')
  await insertDetails(client, [
    ...[1, 2, 3, 4].map((id) => ({
      place_id: id,
      genre_l1: 'Obby & Platformer',
      genre_l2: 'Classic Obby',
      observed_at: at,
    })),
    { place_id: 5, genre_l1: 'RPG', genre_l2: 'Action RPG', observed_at: at },
  ])
  await insertSnapshots(client, [
    // avg 10; 10 × 1200 s ÷ 200 visits = 60 s; like ratio 0.9
    ...place(1, 10, [0, 100, 200], [90, 10]),
    // avg 20; 20 × 1200 ÷ 100 = 240 s; 0.75
    ...place(2, 20, [0, 50, 100], [30, 10]),
    // avg 30; no visits gained: no playtime; no votes: no like ratio
    ...place(3, 30, [0, 0, 0], null),
    // avg 40; 40 × 1200 ÷ 800 = 60 s; zero votes: no like ratio
    ...place(4, 40, [0, 400, 800], [0, 0]),
    ...place(5, 7, [0, 0, 0], null),
    // no details: unlabeled
    { place_id: 6, slot: SLOTS[0] ?? 0, playing: 5 },
  ])
  await recompute(utc('2024-05-07T02:00:00'))
})

afterAll(async () => {
  await client.close()
})

describe('genre benchmarks', () => {
  it('give exact p25/p50/p75/p90 of day-average CCU, like ratio and playtime per genre', async () => {
    const [rpg, obby, unlabeled] = await benchmarks()
    // CCU 10, 20, 30, 40: position (n − 1) p between order statistics
    expect(obby).toMatchObject({
      genre: 'obby',
      places: 4,
      ccu_p25: 17.5,
      ccu_p50: 25,
      ccu_p75: 32.5,
    })
    expect(obby?.ccu_p90).toBeCloseTo(37, 9)
    // like ratios 0.75 and 0.9
    expect(obby?.like_ratio_places).toBe(2)
    expect(obby?.like_ratio_p25).toBeCloseTo(0.7875, 9)
    expect(obby?.like_ratio_p50).toBeCloseTo(0.825, 9)
    expect(obby?.like_ratio_p75).toBeCloseTo(0.8625, 9)
    expect(obby?.like_ratio_p90).toBeCloseTo(0.885, 9)
    // playtimes 60, 60, 240
    expect(obby?.playtime_places).toBe(3)
    expect([obby?.playtime_p25, obby?.playtime_p50, obby?.playtime_p75]).toEqual([60, 60, 150])
    expect(obby?.playtime_p90).toBeCloseTo(204, 9)

    expect(rpg).toMatchObject({
      genre: 'action_rpgs_and_mmos',
      places: 1,
      ccu_p25: 7,
      ccu_p90: 7,
      like_ratio_places: 0,
      like_ratio_p50: null,
      playtime_places: 0,
      playtime_p50: null,
    })
    expect(unlabeled).toMatchObject({ genre: 'unlabeled', places: 1, ccu_p50: 5 })
  })

  it('drop a genre whose places all moved away when the day is recomputed', async () => {
    await insertDetails(client, [
      {
        place_id: 5,
        genre_l1: 'Shooter',
        genre_l2: 'Deathmatch Shooter',
        observed_at: utc('2024-05-06T12:00:00'),
      },
    ])
    await recompute(utc('2024-05-07T03:00:00'))
    expect((await benchmarks()).map((r) => [r.genre, r.places])).toEqual([
      ['obby', 4],
      ['shooters', 1],
      ['unlabeled', 1],
    ])
  })
})
