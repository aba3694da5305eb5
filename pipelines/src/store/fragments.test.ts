import type { ClickHouseClient } from '@clickhouse/client'
import {
  experienceGenre,
  firstWholePeriodStart,
  GRANULARITIES,
  nextPeriodStart,
  periodStart,
  ROBLOX_GENRE_L1,
  ROBLOX_GENRE_L2_BY_L1,
  SLOT_MS,
  wholePeriodSql,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertDetails, openTestStore, rows, utc } from '../materialise/test-store.ts'
import {
  averageCcuSql,
  CURRENT_GENRES_CTE,
  experienceGenreSql,
  genreKeySql,
  latestDetailsSql,
  likeRatioOrZeroSql,
  likeRatioSql,
  playtimeSecondsSql,
  ROLLUP_VALUE_SQL,
} from './fragments.ts'

let client: ClickHouseClient
beforeAll(async () => {
  client = await openTestStore()
})
afterAll(async () => {
  await client.close()
})

/**
 * Hand-worked rollup rows, typed as place_rollups types them:
 * 1: 3 samples, CCU 100+120+80 = 300 (average 100), visits 1000 → 1060 over 20 minutes, votes 30/10:
 *    playtime = 100 × 1200 s ÷ 60 visits = 2000 s; like ratio 30 ÷ 40 = 0.75.
 * 2: one sample (visits flat, votes unknown): no playtime, no rating.
 * 3: votes known but both zero: no rating.
 */
const ROLLUPS = `SELECT * FROM VALUES(
  'id UInt8, samples UInt32, ccu_sum UInt64, visits_min UInt64, visits_max UInt64,
   first_slot DateTime(''UTC''), last_slot DateTime(''UTC''), favorites_last UInt64,
   up_votes_last Nullable(UInt64), down_votes_last Nullable(UInt64)',
  (1, 3, 300, 1000, 1060, '2024-03-01 01:00:00', '2024-03-01 01:20:00', 55, 30, 10),
  (2, 1, 70, 500, 500, '2024-03-01 01:00:00', '2024-03-01 01:00:00', 9, NULL, NULL),
  (3, 2, 10, 1, 2, '2024-03-01 01:00:00', '2024-03-01 01:10:00', 0, 0, 0)
)`

describe('rollup fragments', () => {
  it('average CCU, playtime and like ratio of each row, NULL where undefined', async () => {
    const got = await rows(
      client,
      `SELECT id, ${averageCcuSql('r.')} AS avg, ${playtimeSecondsSql('r.')} AS playtime,
              ${likeRatioSql('r.')} AS rating
       FROM (${ROLLUPS}) AS r ORDER BY id`,
    )
    expect(got).toEqual([
      { id: 1, avg: 100, playtime: 2000, rating: 0.75 },
      { id: 2, avg: 70, playtime: null, rating: null },
      // 5 CCU × 600 s ÷ 1 visit.
      { id: 3, avg: 5, playtime: 3000, rating: null },
    ])
  })

  it('gives every single-valued stat kind its value', async () => {
    const kinds = Object.entries(ROLLUP_VALUE_SQL)
    const got = await rows<Record<string, number | null>>(
      client,
      `SELECT ${kinds.map(([k, sql]) => `${sql} AS ${k}`).join(', ')} FROM (${ROLLUPS}) ORDER BY id`,
    )
    expect(got).toEqual([
      { ccus: 100, visits: 1060, favorites: 55, rating: 0.75, playtime: 2000 },
      { ccus: 70, visits: 500, favorites: 9, rating: null, playtime: null },
      { ccus: 5, visits: 2, favorites: 0, rating: null, playtime: 3000 },
    ])
  })

  it('like ratio of current votes is 0 while there are none', async () => {
    const got = await rows(
      client,
      `SELECT ${likeRatioOrZeroSql('l.')} AS ratio
       FROM VALUES('i UInt8, up_votes Nullable(UInt64), down_votes Nullable(UInt64)',
                   (1, 30, 10), (2, NULL, NULL), (3, 0, 0), (4, 5, NULL)) AS l
       ORDER BY i`,
    )
    expect(got).toEqual([{ ratio: 0.75 }, { ratio: 0 }, { ratio: 0 }, { ratio: 1 }])
  })
})

describe('genre and details fragments', () => {
  it('keys genres as genreGroupKey does: trimmed, lower-cased, empty as unlabeled', async () => {
    const got = await rows<{ k: string }>(
      client,
      `SELECT ${genreKeySql('g')} AS k
       FROM VALUES('i UInt8, g Nullable(String)', (1, '  Role Playing '), (2, ''), (3, '   '), (4, NULL), (5, 'ÉPICO'))
       ORDER BY i`,
    )
    expect(got.map((r) => r.k)).toEqual(['role playing', 'unlabeled', 'unlabeled', 'unlabeled', 'épico'])
  })

  it('gives every experience the genre experienceGenre gives it', async () => {
    // Every documented (genre_l1, genre_l2) under a neutral name, then the edge cases of each rule:
    // names for the brand and keyword rules, unknown and empty sub-genres, casing and spaces.
    const cases: { name: string; l1: string; l2: string }[] = ROBLOX_GENRE_L1.flatMap((l1) => [
      { name: 'Blue Island', l1, l2: '' },
      ...ROBLOX_GENRE_L2_BY_L1[l1].map((l2) => ({ name: 'Blue Island', l1, l2 })),
    ])
    for (const name of [
      "Sol's RNG",
      'anime rng [UPDATE]',
      'Strngth',
      'RNGesus',
      'Haunted Obby',
      'HORROR hotel',
      'Hauntedhouse',
      'Spotify Island',
      'NIKELAND',
      'Vans   World',
      'Nike Obby',
      'Sonic Speed Simulator',
      'Sonic Obby',
      'Haunted Walmart RNG',
      'Haunted RNG',
      'Épico RNG',
      "Bob's 'quoted' \\ name",
    ]) {
      cases.push({ name, l1: 'Simulation', l2: 'Tycoon' }, { name, l1: '', l2: '' })
    }
    cases.push(
      { name: 'x', l1: 'Shooter', l2: 'Arena Shooter' },
      { name: 'x', l1: 'Shooter', l2: 'Exploration' },
      { name: 'x', l1: ' shooter ', l2: ' CLASSIC obby ' },
      { name: 'x', l1: 'obby & platformer', l2: '' },
      { name: 'x', l1: 'Sports & Racing', l2: '' },
      { name: 'x', l1: 'Simulation', l2: 'Farming' },
    )
    const got = await rows<{ genre: string }>(
      client,
      `SELECT ${experienceGenreSql({ name: 't.1', genreL1: 't.2', genreL2: 't.3' })} AS genre
       FROM (SELECT arrayJoin(arrayZip({names:Array(String)}, {l1:Array(String)}, {l2:Array(String)})) AS t)`,
      { names: cases.map((c) => c.name), l1: cases.map((c) => c.l1), l2: cases.map((c) => c.l2) },
    )
    expect(got.map((r) => r.genre)).toEqual(
      cases.map((c) => experienceGenre({ name: c.name, genreL1: c.l1, genreL2: c.l2 })),
    )
    // The cases reach every rule.
    expect(new Set(got.map((r) => r.genre))).toEqual(
      new Set([
        'branded',
        'rng_simulators',
        'horror',
        'tycoons',
        'obby',
        'shooters',
        'unlabeled',
        'action_rpgs_and_mmos',
        'arcade',
        'fashion',
        'fighting_melee_combat',
        'incremental_simulators',
        'racing',
        'roleplay_and_hangout',
        'sandbox_and_creative',
        'sports',
        'tower_defense',
      ]),
    )
  })

  it("reads each place's latest details and current genres", async () => {
    await insertDetails(client, [
      { place_id: 1, genre_l1: 'RPG', genre_l2: 'Action RPG', observed_at: utc('2024-01-01T00:00:00') },
      { place_id: 1, genre_l1: ' Shooter', genre_l2: '', observed_at: utc('2024-02-01T00:00:00') },
      { place_id: 2, genre_l1: 'Obby', genre_l2: 'Classic Obby', observed_at: utc('2024-01-15T00:00:00') },
      { place_id: 3, genre_l1: 'Action', genre_l2: '', observed_at: utc('2024-01-15T00:00:00') },
      // The latest name decides a name rule as the latest genres decide the rest.
      {
        place_id: 3,
        name: 'Haunted Battlegrounds',
        genre_l1: 'Action',
        genre_l2: 'Battlegrounds & Fighting',
        observed_at: utc('2024-01-16T00:00:00'),
      },
    ])
    expect(
      await rows(
        client,
        `WITH ${CURRENT_GENRES_CTE} SELECT place_id, genre, genre_l2 FROM current_genres ORDER BY place_id`,
      ),
    ).toEqual([
      { place_id: 1, genre: 'shooters', genre_l2: 'unlabeled' },
      { place_id: 2, genre: 'obby', genre_l2: 'classic obby' },
      { place_id: 3, genre: 'horror', genre_l2: 'battlegrounds & fighting' },
    ])
    expect(
      await rows(
        client,
        `${latestDetailsSql({ g1: 'genre_l1' }, { where: 'place_id = {p:UInt64}', found: true })}`,
        { p: 1 },
      ),
    ).toEqual([{ place_id: 1, found: 1, g1: ' Shooter' }])
  })
})

describe('wholePeriodSql (schemas) on chDB', () => {
  it('keeps exactly the periods from firstWholePeriodStart on, for every history start', async () => {
    // Every slot of two days around a day, week and month boundary (Monday 1 June 2026 01:00), each
    // against the periods of each granularity from two before its own to two after.
    const from = utc('2026-05-31T00:00:00')
    const histories = Array.from({ length: 2 * 144 }, (_, i) => from + i * SLOT_MS)
    for (const g of GRANULARITIES) {
      const pairs = histories.flatMap((h) => {
        let p = periodStart(periodStart(h, g) - 1, g)
        p = periodStart(p - 1, g)
        const out: [number, number][] = []
        for (let i = 0; i < 5; i++, p = nextPeriodStart(p, g)) out.push([p / 1000, h / 1000])
        return out
      })
      const got = await rows<{ whole: number }>(
        client,
        `SELECT ${wholePeriodSql('p', 'h')} AS whole FROM (
           SELECT toDateTime(x.1, 'UTC') AS p, toDateTime(x.2, 'UTC') AS h, x.3 AS i
           FROM (SELECT arrayJoin(arrayZip({p:Array(UInt32)}, {h:Array(UInt32)}, range(length({p:Array(UInt32)})))) AS x)
         ) ORDER BY i`,
        { p: pairs.map(([p]) => p), h: pairs.map(([, h]) => h) },
      )
      const expected = pairs.map(([p, h]) => (p * 1000 >= firstWholePeriodStart(h * 1000, g) ? 1 : 0))
      expect(new Set(expected), g).toEqual(new Set([0, 1]))
      expect(
        got.map((r) => Number(r.whole)),
        g,
      ).toEqual(expected)
    }
  })
})
