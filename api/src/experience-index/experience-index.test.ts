import type { MomentumResponse, SlimExperience } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import type { PlaceEdit } from '../accounts/place-edits.ts'
import { buildExperienceIndex, lookupExperiences } from './build.ts'
import { listExperiences } from './list.ts'
import { searchExperiences } from './search.ts'

/*
 * The index worked by hand: a few experiences in the store's order (players online descending, then
 * place id), with the answers each call must give.
 */

const exp = (
  place_id: number,
  universe_id: number,
  name: string,
  players_online: number,
  more: Partial<SlimExperience> = {},
): SlimExperience => ({
  universe_id,
  place_id,
  name,
  canonical_name: name,
  players_online,
  total_visits: 1000,
  like_percentage: 0.5,
  creator_id: 1,
  genre_l1: '',
  genre_l2: '',
  genre: 'unlabeled',
  ...more,
})

const ROWS = [
  exp(111, 222, '[UPDATE] Grow a Garden', 900_000, {
    like_percentage: 0.97,
    total_visits: 9e9,
    genre: 'sandbox_and_creative',
  }),
  exp(4924922222, 1686885941, 'Brookhaven RP', 500_000, {
    like_percentage: 0.91,
    total_visits: 6e10,
    genre: 'roleplay_and_hangout',
  }),
  exp(2753915549, 994732206, 'Blox Fruits', 400_000, {
    like_percentage: 0.93,
    total_visits: 4e10,
    genre: 'action_rpgs_and_mmos',
  }),
  exp(920587237, 383310974, 'Adopt Me!', 300_000, {
    like_percentage: 0.88,
    total_visits: 3.8e10,
    genre: 'roleplay_and_hangout',
  }),
  exp(606849621, 245662005, 'Jailbreak', 300_000, { like_percentage: 0.89, total_visits: 7e9 }),
  exp(1, 11, 'The Obby', 5, { like_percentage: 0 }),
  exp(3, 13, 'Obby Run', 5, { like_percentage: 0.2 }),
  exp(2, 12, 'Obby King', 1, { like_percentage: 0.4 }),
]
const current = ROWS.map((experience) => ({ experience, rated: experience.like_percentage > 0 }))
const EDITS = new Map<number, PlaceEdit>([
  [2753915549, { placeId: 2753915549, canonicalName: 'Blox Fruits (Classic)', released: null }],
  [111, { placeId: 111, canonicalName: null, released: '2020-01-01T00:00:00.000Z' }],
])
const index = await buildExperienceIndex(current, EDITS)
const ids = (rows: readonly { place_id: number }[]) => rows.map((r) => r.place_id)
const search = (text: string, limit = 9) => ids(searchExperiences(index, text, limit))
const list = (options: Partial<Parameters<typeof listExperiences>[1]>) =>
  listExperiences(index, {
    page: 1,
    pageSize: 20,
    sort: 'rank',
    order: 'asc',
    search: '',
    placeIds: null,
    momentum: null,
    ...options,
  })

describe('the experience index', () => {
  it('ranks by players online: ties share a rank and the next skips', () => {
    expect([...index.ranks]).toEqual([1, 2, 3, 4, 4, 6, 6, 8])
    expect(index.playersOnline).toBe(2_400_011)
    // Like % in 5-percent buckets, no votes as 0 %.
    expect(index.likeRateBuckets.filter((b) => b.count > 0)).toEqual([
      { from: 0, to: 5, count: 1 },
      { from: 20, to: 25, count: 1 },
      { from: 40, to: 45, count: 1 },
      { from: 85, to: 90, count: 2 },
      { from: 90, to: 95, count: 2 },
      { from: 95, to: 100, count: 1 },
    ])
  })

  it('lays the staff canonical names over, and only those set', () => {
    expect(index.rows.map((r) => r.canonical_name).slice(0, 3)).toEqual([
      '[UPDATE] Grow a Garden',
      'Brookhaven RP',
      'Blox Fruits (Classic)',
    ])
  })

  it('looks up ids in the order asked, leaving untracked ones out, with their ranks', () => {
    expect(lookupExperiences(index, [606849621, 42, 111]).map((e) => [e.place_id, e.rank])).toEqual([
      [606849621, 4],
      [111, 1],
    ])
  })
})

describe('searchExperiences', () => {
  it('matches name and canonical name in any case', () => {
    expect(search('CLASSIC')).toEqual([2753915549])
    expect(search('garden')).toEqual([111])
  })

  it('puts an exact place or universe id first, then ids that start with the text last', () => {
    expect(search('920587237')).toEqual([920587237])
    expect(search('1686885941')).toEqual([4924922222])
    expect(search('111')).toEqual([111])
    expect(search('0920587237')).toEqual([920587237])
    expect(search('4924')).toEqual([4924922222])
  })

  it('orders names starting with the text before names containing it, busier first, then the lower place id', () => {
    expect(search('obby')).toEqual([3, 2, 1])
    expect(search('bro')).toEqual([4924922222])
  })

  it('answers at most the limit, the best first', () => {
    // Two names start with 'o'; the many that contain it come after them.
    expect(search('o', 2)).toEqual([3, 2])
    expect(search('o', 3)).toEqual([3, 2, 111])
    expect(search('obby', 1)).toEqual([3])
    expect(search('nothing like it')).toEqual([])
  })
})

describe('listExperiences', () => {
  it('pages the rows by rank, with the totals', () => {
    const page = list({ pageSize: 3, page: 2 })
    expect(ids(page.items)).toEqual([920587237, 606849621, 1])
    expect(page.items.map((e) => e.rank)).toEqual([4, 4, 6])
    expect(page).toMatchObject({ total: 8, tracked: 8, page: 2, page_size: 3 })
    expect(list({ pageSize: 3, page: 4 }).items).toEqual([])
  })

  it('sorts either way, ties in rank order both ways', () => {
    expect(ids(list({ sort: 'rank', order: 'desc' }).items)).toEqual([
      2, 1, 3, 920587237, 606849621, 2753915549, 4924922222, 111,
    ])
    expect(ids(list({ sort: 'players_online', order: 'asc' }).items)).toEqual([
      2, 1, 3, 920587237, 606849621, 2753915549, 4924922222, 111,
    ])
    expect(ids(list({ sort: 'like_percentage', order: 'desc' }).items).slice(0, 3)).toEqual([
      111, 2753915549, 4924922222,
    ])
    expect(ids(list({ sort: 'name', order: 'asc' }).items)).toEqual([
      111, 920587237, 2753915549, 4924922222, 606849621, 2, 3, 1,
    ])
    // Genres by their shown name; the three unlabeled ('-') keep the rank order in both directions.
    const byGenre = ids(list({ sort: 'genre', order: 'desc' }).items)
    expect(byGenre.slice(-4)).toEqual([606849621, 1, 3, 2])
  })

  it('sorts by momentum change, experiences without a label last either way', () => {
    const momentum: MomentumResponse = {
      previous_from: '2026-11-03T01:00:00.000Z',
      recent_from: '2026-11-10T01:00:00.000Z',
      recent_to: '2026-11-17T01:00:00.000Z',
      places: [
        {
          place_id: 1,
          momentum: 'rising',
          change: 0.5,
          recent_average: 15,
          previous_average: 10,
          reason: null,
        },
        {
          place_id: 2,
          momentum: 'declining',
          change: -0.3,
          recent_average: 7,
          previous_average: 10,
          reason: null,
        },
        {
          place_id: 3,
          momentum: 'stable',
          change: 0.01,
          recent_average: 10,
          previous_average: 10,
          reason: null,
        },
        {
          place_id: 111,
          momentum: null,
          change: 2,
          recent_average: 3,
          previous_average: 1,
          reason: 'too_few_players',
        },
      ],
    }
    expect(ids(list({ sort: 'momentum', order: 'desc', momentum }).items).slice(0, 3)).toEqual([1, 3, 2])
    expect(ids(list({ sort: 'momentum', order: 'asc', momentum }).items).slice(0, 4)).toEqual([2, 3, 1, 111])
  })

  it('searches names, canonical names and equal ids, and keeps a tag’s members', () => {
    expect(ids(list({ search: 'OBBY' }).items)).toEqual([1, 3, 2])
    expect(ids(list({ search: 'classic' }).items)).toEqual([2753915549])
    expect(ids(list({ search: '383310974' }).items)).toEqual([920587237])
    expect(ids(list({ search: 'https://www.roblox.com/games/606849621/Jailbreak' }).items)).toEqual([
      606849621,
    ])
    // Part of an id is not an id.
    expect(list({ search: '92058723' }).total).toBe(0)
    const members = new Set([2, 111, 42])
    expect(list({ placeIds: members })).toMatchObject({ total: 2, tracked: 8 })
    expect(ids(list({ placeIds: members, search: 'king' }).items)).toEqual([2])
    expect(ids(list({ placeIds: members, pageSize: 1, page: 2 }).items)).toEqual([2])
  })
})
