import type { TagExperience } from '@ludex/schemas'
import { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { describe, expect, it } from 'vitest'
import { route } from './route.tsx'
import { tagAverages, tagGenres, tagTotals, topFive } from './tag-summary.ts'

const place = (place_id: number, over: Partial<TagExperience> = {}): TagExperience => ({
  universe_id: place_id + 1000,
  place_id,
  name: `Experience ${place_id}`,
  canonical_name: `Experience ${place_id}`,
  genre_l1: 'Obby',
  genre_l2: 'Classic Obby',
  players_online: 0,
  total_visits: 0,
  favorites: 0,
  like_percentage: 0.5,
  play_status: 0,
  thumbnails: { banner: null },
  ...over,
})

describe('a tag’s numbers (part 2 §2.4)', () => {
  const places = [
    place(1, { players_online: 10, total_visits: 100, favorites: 7, like_percentage: 0.8 }),
    place(2, { players_online: 30, total_visits: 300, favorites: 2, like_percentage: 0.6 }),
    place(3, {
      players_online: 0,
      total_visits: 5,
      favorites: 0,
      like_percentage: 0.95,
      name: 'Haunted Manor',
      genre_l2: '',
    }),
  ]

  it('totals players online, visits and favorites, and the like range', () => {
    expect(tagTotals(places)).toEqual({
      playersOnline: 40,
      visits: 405,
      favorites: 9,
      likeRange: { min: 0.6, max: 0.95 },
    })
    expect(tagTotals([]).likeRange).toBeNull()
  })

  it('averages over the tracked experiences', () => {
    const a = tagAverages(places)
    expect(a?.playersOnline).toBeCloseTo(40 / 3)
    expect(a?.visits).toBe(135)
    expect(a?.favorites).toBe(3)
    expect(a?.likeRate).toBeCloseTo(2.35 / 3)
    expect(tagAverages([])).toBeNull()
  })

  it('groups by the product genre, busiest first', () => {
    expect(tagGenres(places).map((g) => [g.genre, g.experiences, g.playersOnline])).toEqual([
      ['obby', 2, 40],
      ['horror', 1, 0],
    ])
  })

  it('takes the five with the most players online, ties by the lower place id', () => {
    const many = [5, 9, 9, 1, 7, 3].map((online, i) => place(10 - i, { players_online: online }))
    expect(topFive(many).map((p) => p.place_id)).toEqual([8, 9, 6, 10, 5])
  })
})

describe('the tag route', () => {
  it.each(['abc', '0', '1.5'])('answers 404 for the id %s without asking the API', async (id) => {
    const loader = route(new QueryClient()).loader as (args: LoaderFunctionArgs) => Promise<unknown>
    const thrown = await loader({
      params: { experienceTagId: id },
      request: new Request(`http://localhost/tags/${id}`),
    } as unknown as LoaderFunctionArgs).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(404)
  })
})
