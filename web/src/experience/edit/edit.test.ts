import type { Experience, RankedExperience } from '@ludex/schemas'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../api/queries.ts'
import { canonicalNameEdit, releaseDateEdit, releaseInputValue } from './EditExperience.tsx'
import { saveExperienceEdit } from './save.ts'

const EXPERIENCE: Experience = {
  universe_id: 9001,
  place_id: 1818,
  name: '[UPDATE] Crossroads 🎮',
  updated: '2026-11-01T10:00:00.000Z',
  created: '2015-01-01T00:00:00.000Z',
  released: '0001-01-01T00:00:00.000Z',
  canonical_name: '[UPDATE] Crossroads 🎮',
  thumbnails: { icon: null, banner: null },
  players_online: 1234,
  total_visits: 5_000_000,
  like_percentage: 0.91,
  age_limit: 0,
  play_status: 1,
  restricted_since: null,
  creator_id: 1,
  genre_l1: 'Obby & Platformer',
  genre_l2: 'Classic Obby',
  genre: 'obby',
  daily_pick_dates: [],
  price: 0,
  average_playtime: 300,
  favorites: 77,
  rank: 3,
  tags: [],
}

const ranked = (e: Experience): RankedExperience => ({
  universe_id: e.universe_id,
  place_id: e.place_id,
  name: e.name,
  canonical_name: e.canonical_name,
  players_online: e.players_online,
  total_visits: e.total_visits,
  like_percentage: e.like_percentage,
  creator_id: e.creator_id,
  genre_l1: e.genre_l1,
  genre_l2: e.genre_l2,
  genre: e.genre,
  rank: e.rank,
})
const OTHER = { ...ranked(EXPERIENCE), place_id: 42, universe_id: 43, name: 'Other', canonical_name: 'Other' }

describe('what an edit sends', () => {
  it('saves a canonical name only if it changed; empty resets to the platform name', () => {
    expect(canonicalNameEdit(EXPERIENCE, 'Crossroads')).toEqual({ canonical_name: 'Crossroads' })
    expect(canonicalNameEdit(EXPERIENCE, '  Crossroads  ')).toEqual({ canonical_name: 'Crossroads' })
    expect(canonicalNameEdit(EXPERIENCE, EXPERIENCE.name)).toBeNull()
    // Already the platform's name: emptying it changes nothing.
    expect(canonicalNameEdit(EXPERIENCE, '')).toBeNull()
    const renamed = { ...EXPERIENCE, canonical_name: 'Crossroads' }
    expect(canonicalNameEdit(renamed, ' ')).toEqual({ canonical_name: '' })
    expect(canonicalNameEdit(renamed, 'Crossroads')).toBeNull()
  })

  it('shows an unset release date as an empty date, and sends a change only', () => {
    expect(releaseInputValue(EXPERIENCE.released)).toBe('')
    expect(releaseInputValue('2017-07-14T00:00:00.000Z')).toBe('2017-07-14')
    expect(releaseDateEdit(EXPERIENCE, '')).toBeNull()
    expect(releaseDateEdit(EXPERIENCE, '2017-07-14')).toEqual({ released: '2017-07-14' })
    const released = { ...EXPERIENCE, released: '2017-07-14T00:00:00.000Z' }
    expect(releaseDateEdit(released, '2017-07-14')).toBeNull()
    // Cleared: sent empty, which the server saves as the year 0001.
    expect(releaseDateEdit(released, '')).toEqual({ released: '' })
  })
})

describe('saveExperienceEdit', () => {
  let requests: { url: string; init: RequestInit | undefined }[]
  let answer: (url: string, init?: RequestInit) => Response
  beforeEach(() => {
    requests = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ url, init })
        return answer(url, init)
      }),
    )
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

  it('sends the experience without counters or the other field, then patches the caches at once', async () => {
    const saved = { ...EXPERIENCE, canonical_name: 'Crossroads' }
    answer = (_url, init) => (init?.method === 'PUT' ? json(saved) : json(saved))
    const queryClient = new QueryClient()
    queryClient.setQueryData(api.experience(EXPERIENCE.place_id).queryKey, EXPERIENCE)
    // The kept answers that hold it: a search, a lookup and a page of the list; and one that does not.
    const search = api.experienceSearch('cross').queryKey
    const lookup = api.experienceLookup([42, 1818]).queryKey
    const elsewhere = api.experienceLookup([42]).queryKey
    const page = api.experienceList({
      page: 1,
      pageSize: 20,
      sort: 'rank',
      order: 'asc',
      search: '',
      tagId: null,
    }).queryKey
    queryClient.setQueryData(search, [ranked(EXPERIENCE)])
    queryClient.setQueryData(lookup, [OTHER, ranked(EXPERIENCE)])
    queryClient.setQueryData(elsewhere, [OTHER])
    queryClient.setQueryData(page, {
      total: 2,
      tracked: 2,
      page: 1,
      page_size: 20,
      items: [ranked(EXPERIENCE), OTHER],
    })

    expect(await saveExperienceEdit(queryClient, EXPERIENCE, { canonical_name: 'Crossroads' })).toBe(true)

    const put = requests[0]!
    expect(put.url).toBe('/api/place/1818')
    expect(put.init?.method).toBe('PUT')
    const body = JSON.parse(String(put.init?.body)) as Record<string, unknown>
    expect(body.canonical_name).toBe('Crossroads')
    for (const left of ['players_online', 'total_visits', 'like_percentage', 'released']) {
      expect(body, left).not.toHaveProperty(left)
    }
    expect(body.name).toBe(EXPERIENCE.name)
    // Patched before any other request answers.
    const names = (rows: readonly RankedExperience[] | undefined) => rows?.map((e) => e.canonical_name)
    expect(names(queryClient.getQueryData(search))).toEqual(['Crossroads'])
    expect(names(queryClient.getQueryData(lookup))).toEqual(['Other', 'Crossroads'])
    expect(queryClient.getQueryData(elsewhere)).toEqual([OTHER])
    expect(names(queryClient.getQueryData(page)?.items)).toEqual(['Crossroads', 'Other'])
    expect(queryClient.getQueryData(api.experience(1818).queryKey)).toEqual(saved)
    // The browser's copy of the experience is fetched past its cache.
    await vi.waitFor(() => expect(requests).toHaveLength(2))
    expect([requests[1]!.url, requests[1]!.init?.cache]).toEqual(['/api/place/1818', 'reload'])
  })

  it('is silent on failure, but logs it, and changes nothing', async () => {
    answer = () => json({ error: { code: 'forbidden', message: 'no' } }, 403)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const queryClient = new QueryClient()
    queryClient.setQueryData(api.experience(EXPERIENCE.place_id).queryKey, EXPERIENCE)
    expect(await saveExperienceEdit(queryClient, EXPERIENCE, { released: '2020-01-01' })).toBe(false)
    expect(warn).toHaveBeenCalledWith('Saving experience 1818 failed', expect.anything())
    expect(queryClient.getQueryData(api.experience(1818).queryKey)).toEqual(EXPERIENCE)
    expect(requests).toHaveLength(1)
  })
})
