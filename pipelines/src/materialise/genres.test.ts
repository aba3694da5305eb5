import type { ClickHouseClient } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { materialiseGenres } from './genres.ts'
import { materialiseRange } from './rollups.ts'
import { insertDetails, insertSnapshots, openTestStore, rows, utc } from './test-store.ts'

let client: ClickHouseClient
const range = { fromMs: utc('2024-03-05T02:00:00'), toMs: utc('2024-03-05T02:10:00') }

async function recompute(now: number): Promise<void> {
  await materialiseRange(client, { ...range, now })
  await materialiseGenres(client, { ...range, now })
}

async function genreCcu(g: string): Promise<[string, string, string, number, number, number][]> {
  const r = await rows<{
    genre: string
    genre_l2: string
    bucket: string
    places: number
    total: number
    average: number
  }>(
    client,
    'SELECT * FROM genre_ccu FINAL WHERE granularity = {g:String} ORDER BY genre, genre_l2, bucket',
    { g },
  )
  return r.map((x) => [x.genre, x.genre_l2, x.bucket, x.places, x.total, x.average])
}

beforeAll(async () => {
  client = await openTestStore()
  await insertDetails(client, [
    // The latest details decide: place 10 moved from Action to RPG.
    {
      place_id: 10,
      genre_l1: 'Action',
      genre_l2: 'Battlegrounds & Fighting',
      observed_at: utc('2024-01-01T00:00:00'),
    },
    { place_id: 10, genre_l1: 'RPG', genre_l2: 'Action RPG', observed_at: utc('2024-02-01T00:00:00') },
    { place_id: 11, genre_l1: 'RPG', genre_l2: 'Turn-based RPG', observed_at: utc('2024-01-01T00:00:00') },
    { place_id: 12, genre_l1: '', genre_l2: '', observed_at: utc('2024-01-01T00:00:00') },
    // place 13 has no details at all
    // Survival / Escape maps to no genre, but the name says horror.
    {
      place_id: 14,
      name: 'Creepy Hotel',
      genre_l1: 'Survival',
      genre_l2: 'Escape',
      observed_at: utc('2024-01-01T00:00:00'),
    },
  ])
  await insertSnapshots(client, [
    { place_id: 10, slot: utc('2024-03-05T02:00:00'), playing: 10 },
    { place_id: 10, slot: utc('2024-03-05T02:10:00'), playing: 20 },
    { place_id: 11, slot: utc('2024-03-05T02:00:00'), playing: 30 },
    { place_id: 12, slot: utc('2024-03-05T02:00:00'), playing: 4 },
    { place_id: 13, slot: utc('2024-03-05T02:10:00'), playing: 6 },
    { place_id: 14, slot: utc('2024-03-05T02:00:00'), playing: 8 },
  ])
  await recompute(utc('2024-03-06T00:00:00'))
})

afterAll(async () => {
  await client.close()
})

describe('genre ccu', () => {
  it('averages the places of each genre by their exact bucket averages, with totals', async () => {
    const day = '2024-03-05 01:00:00'
    expect(await genreCcu('day')).toEqual([
      // RPG's sub-genres map to action_rpgs_and_mmos, each kept as a sub-genre row.
      // place 10 averages (10 + 20) / 2 = 15, place 11 averages 30
      ['action_rpgs_and_mmos', '', day, 2, 45, 22.5],
      ['action_rpgs_and_mmos', 'action rpg', day, 1, 15, 15],
      ['action_rpgs_and_mmos', 'turn-based rpg', day, 1, 30, 30],
      // By its name; its sub-genre stays the platform's.
      ['horror', '', day, 1, 8, 8],
      ['horror', 'escape', day, 1, 8, 8],
      // empty genre and no details at all are both 'unlabeled'
      ['unlabeled', '', day, 2, 10, 5],
      ['unlabeled', 'unlabeled', day, 2, 10, 5],
    ])
    const week = await genreCcu('week')
    expect(week.map((r) => r.slice(0, 3))).toContainEqual(['action_rpgs_and_mmos', '', '2024-03-04 01:00:00'])
    expect(await genreCcu('hour')).toEqual([])
  })
})

describe('genre distribution', () => {
  it('gives each slot two levels of CCU shares', async () => {
    const r = await rows<{
      slot: string
      genre: string
      genre_l2: string
      places: number
      ccu: number
      share: number
      parent_share: number
    }>(client, 'SELECT * FROM genre_distribution FINAL ORDER BY slot, genre, genre_l2')
    expect(r.map((x) => [x.slot, x.genre, x.genre_l2, x.places, x.ccu, x.share, x.parent_share])).toEqual([
      ['2024-03-05 02:00:00', 'action_rpgs_and_mmos', '', 2, 40, 40 / 52, 1],
      ['2024-03-05 02:00:00', 'action_rpgs_and_mmos', 'action rpg', 1, 10, 10 / 52, 0.25],
      ['2024-03-05 02:00:00', 'action_rpgs_and_mmos', 'turn-based rpg', 1, 30, 30 / 52, 0.75],
      ['2024-03-05 02:00:00', 'horror', '', 1, 8, 8 / 52, 1],
      ['2024-03-05 02:00:00', 'horror', 'escape', 1, 8, 8 / 52, 1],
      ['2024-03-05 02:00:00', 'unlabeled', '', 1, 4, 4 / 52, 1],
      ['2024-03-05 02:00:00', 'unlabeled', 'unlabeled', 1, 4, 4 / 52, 1],
      ['2024-03-05 02:10:00', 'action_rpgs_and_mmos', '', 1, 20, 20 / 26, 1],
      ['2024-03-05 02:10:00', 'action_rpgs_and_mmos', 'action rpg', 1, 20, 20 / 26, 1],
      ['2024-03-05 02:10:00', 'unlabeled', '', 1, 6, 6 / 26, 1],
      ['2024-03-05 02:10:00', 'unlabeled', 'unlabeled', 1, 6, 6 / 26, 1],
    ])
  })
})

describe('a genre change', () => {
  it('moves the place on recompute and leaves no row behind for a genre that lost all its places', async () => {
    await insertDetails(client, [
      {
        place_id: 11,
        genre_l1: 'Shooter',
        genre_l2: 'Deathmatch Shooter',
        observed_at: utc('2024-03-05T12:00:00'),
      },
    ])
    await recompute(utc('2024-03-06T00:10:00'))
    const day = '2024-03-05 01:00:00'
    expect(await genreCcu('day')).toEqual([
      ['action_rpgs_and_mmos', '', day, 1, 15, 15],
      ['action_rpgs_and_mmos', 'action rpg', day, 1, 15, 15],
      ['horror', '', day, 1, 8, 8],
      ['horror', 'escape', day, 1, 8, 8],
      ['shooters', '', day, 1, 30, 30],
      ['shooters', 'deathmatch shooter', day, 1, 30, 30],
      ['unlabeled', '', day, 2, 10, 5],
      ['unlabeled', 'unlabeled', day, 2, 10, 5],
    ])
    const slots = await rows<{ n: number }>(
      client,
      "SELECT count() AS n FROM genre_distribution FINAL WHERE genre_l2 = 'turn-based rpg'",
    )
    expect(slots).toEqual([{ n: 0 }])
  })
})
