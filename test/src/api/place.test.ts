import { HISTORY_START_HEADER } from '@ludex/api'
import { experience, experienceGenre, priceHistory, slimExperienceList } from '@ludex/schemas'
import {
  DAY_MS,
  dailyPicksFor,
  experienceAt,
  indexOfPlace,
  metadataAt,
  type ReasonProhibited,
  sampleAt,
  snapSlot,
} from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, type ErrorBody, FIXTURE, getJson, startApiFixture } from './fixture.ts'

describe('/api/place?slim', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
  })
  afterAll(() => f.close())

  it('lists every tracked experience, busiest first, with likes as a fraction', async () => {
    const { status, body, headers } = await getJson(f, '/api/place?slim')
    expect(status).toBe(200)
    const list = slimExperienceList.parse(body)
    expect(list.map((e) => e.place_id).sort()).toEqual([...f.placeIds].sort())
    for (let i = 1; i < list.length; i++) {
      expect(list[i - 1]!.players_online).toBeGreaterThanOrEqual(list[i]!.players_online)
    }
    expect(list.some((e) => e.like_percentage > 0 && e.like_percentage < 1)).toBe(true)
    expect(list.every((e) => e.name.length > 0 && e.canonical_name === e.name)).toBe(true)
    // Each experience's product genre is the mapping of its platform name and genres; the fixture's
    // simulator reaches the name rules too.
    for (const e of list) {
      expect(e.genre, e.name).toBe(
        experienceGenre({ name: e.name, genreL1: e.genre_l1, genreL2: e.genre_l2 }),
      )
    }
    const genres = new Set(list.map((e) => e.genre))
    for (const g of ['branded', 'rng_simulators', 'horror', 'obby', 'unlabeled']) expect(genres).toContain(g)
    expect(headers.get('cache-control')).toBe('public, max-age=10')
    expect(headers.get('etag')).toMatch(/^W\/"/)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${f.url}/api/place?slim`)
    const etag = first.headers.get('etag')!
    const again = await fetch(`${f.url}/api/place?slim`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
  })

  it('refuses an unknown or repeated query key, naming it', async () => {
    const unknown = await getJson<{ error: { details: { field: string }[] } }>(f, '/api/place?slim&foo=1')
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.details[0]?.field).toBe('foo')
    const repeated = await getJson<{ error: { details: { field: string }[] } }>(f, '/api/place?slim&slim')
    expect(repeated.status).toBe(400)
    expect(repeated.body.error.details[0]?.field).toBe('slim')
    const missing = await getJson<{ error: { details: { field: string }[] } }>(f, '/api/place')
    expect(missing.status).toBe(400)
    expect(missing.body.error.details[0]?.field).toBe('slim')
  })
})

/** Play status code of the model's reason (part 1 §9). */
const PLAY_STATUS: Record<ReasonProhibited, number> = {
  None: 1,
  GuestProhibited: 2,
  Unapproved: 3,
  Private: 5,
  UnderReview: 9,
}

describe('/api/place/{place_id} and its price history', () => {
  /** Answered to a visitor; `user` is the same fixture answered to a signed-in user. */
  let f: ApiFixture
  let user: ApiFixture
  /** The slot of the fixture's last snapshots (the backfill's last complete slot before now). */
  let lastSlot: number
  /** now − 30 days, 2026-10-19T14:03:00Z: where a visitor's history starts. */
  const windowStart = Date.UTC(2026, 9, 19, 14, 3)
  beforeAll(async () => {
    f = await startApiFixture()
    user = await asUser(f)
    lastSlot = snapSlot(f.now)
    expect(f.now - 30 * DAY_MS).toBe(windowStart)
  })
  afterAll(() => f.close())

  /** A few places spread over the popularity range (the busiest, middling ones and idle ones). */
  function samplePlaces(): number[] {
    const ids = [...f.placeIds]
    return [ids[0]!, ids[7]!, ids[33]!, ids[60]!, ids[ids.length - 1]!]
  }

  it('answers the full experience as the simulator shows it at the last poll', async () => {
    // players online at the last slot of every existing experience, for the rank
    const playing = f.placeIds.map((id) => sampleAt(f.model, indexOfPlace(f.model, id), lastSlot).playing)
    for (const placeId of samplePlaces()) {
      const i = indexOfPlace(f.model, placeId)
      const p = experienceAt(f.model, i)
      const meta = metadataAt(f.model, i, lastSlot)
      const sample = sampleAt(f.model, i, lastSlot)
      const { status, body, headers } = await getJson(f, `/api/place/${placeId}`)
      expect(status).toBe(200)
      const e = experience.parse(body)
      expect(e).toMatchObject({
        place_id: placeId,
        universe_id: p.universeId,
        name: meta.name,
        canonical_name: meta.name,
        released: '0001-01-01T00:00:00.000Z',
        created: new Date(meta.createdMs).toISOString(),
        updated: new Date(meta.updatedMs).toISOString(),
        players_online: sample.playing,
        total_visits: sample.visits,
        favorites: sample.favorites,
        genre_l1: meta.genreL1,
        genre_l2: meta.genreL2,
        genre: experienceGenre({ name: meta.name, genreL1: meta.genreL1, genreL2: meta.genreL2 }),
        price: meta.price,
        age_limit: meta.ageRating.minimumAge,
        play_status: PLAY_STATUS[meta.reasonProhibited],
        // The fixture's curated tag holds its first 40 experiences.
        tags: f.tags.filter((t) => t.placeIds.includes(placeId)).map((t) => t.id),
      })
      const votes = sample.upVotes + sample.downVotes
      expect(e.like_percentage).toBeCloseTo(votes === 0 ? 0 : sample.upVotes / votes, 9)
      expect(e.thumbnails.icon?.hash).toBe(meta.iconHash)
      expect(e.thumbnails.banner?.hash).toBe(meta.bannerHash)
      expect(e.thumbnails.icon?.type).toBe('Icon')
      expect(e.thumbnails.banner?.type).toBe('Banner')
      // Ties share a rank: one more than the experiences with strictly more players.
      expect(e.rank).toBe(1 + playing.filter((n) => n > sample.playing).length)
      expect(headers.get('cache-control')).toBe('public, max-age=60')
    }
  })

  it('gives idle experiences that tie on players online the same rank', async () => {
    const idle = f.placeIds.filter(
      (id) => sampleAt(f.model, indexOfPlace(f.model, id), lastSlot).playing === 0,
    )
    expect(idle.length).toBeGreaterThan(1)
    const ranks = await Promise.all(
      idle.slice(0, 3).map(async (id) => experience.parse((await getJson(f, `/api/place/${id}`)).body).rank),
    )
    expect(new Set(ranks).size).toBe(1)
    expect(ranks[0]).toBe(f.placeIds.length - idle.length + 1)
  })

  /** The dates the model picked the place on, over the fixture's days. */
  function picked(placeId: number): string[] {
    const i = indexOfPlace(f.model, placeId)
    const firstDay = Math.floor((f.now - FIXTURE.days * DAY_MS) / DAY_MS)
    const lastDay = Math.floor(f.now / DAY_MS)
    const dates: string[] = []
    for (let d = firstDay; d <= lastDay; d++) {
      if (dailyPicksFor(f.model, d).includes(i)) dates.push(new Date(d * DAY_MS).toISOString().slice(0, 10))
    }
    return dates
  }

  it('lists the days the experience was a daily pick', async () => {
    const withPicks = f.placeIds.find((id) => picked(id).length >= 2)!
    const without = f.placeIds.find((id) => picked(id).length === 0)!
    for (const placeId of [withPicks, without]) {
      const { body, headers } = await getJson(user, `/api/place/${placeId}`)
      expect(experience.parse(body).daily_pick_dates).toEqual(picked(placeId))
      expect(headers.get(HISTORY_START_HEADER)).toBeNull()
    }
  })

  it('lists a visitor only the pick dates of the window, as /api/platform/picks serves them', async () => {
    // The window opens 2026-10-19 14:03: its first whole date is 2026-10-20.
    const firstDate = '2026-10-20'
    const placeId = f.placeIds.find((id) => {
      const dates = picked(id)
      return dates.some((d) => d < firstDate) && dates.some((d) => d >= firstDate)
    })!
    expect(placeId).toBeDefined()
    const { status, body, headers } = await getJson(f, `/api/place/${placeId}`)
    expect(status).toBe(200)
    const dates = experience.parse(body).daily_pick_dates
    expect(dates).toEqual(picked(placeId).filter((d) => d >= firstDate))
    expect(headers.get(HISTORY_START_HEADER)).toBe(`${firstDate}T00:00:00.000Z`)
    // The same dates as the picks a visitor can list (nothing the picks call refuses).
    const picks = await getJson<{ date: string; places: { place_id: number }[] }[]>(
      f,
      '/api/platform/picks?startTime=2024-09-20',
    )
    expect(picks.headers.get(HISTORY_START_HEADER)).toBe(`${firstDate}T00:00:00.000Z`)
    expect(picks.body.filter((p) => p.places.some((x) => x.place_id === placeId)).map((p) => p.date)).toEqual(
      dates,
    )
    // An unknown place is a 404 without a history start.
    const missing = await getJson(f, '/api/place/1')
    expect(missing.status).toBe(404)
    expect(missing.headers.get(HISTORY_START_HEADER)).toBeNull()
  })

  it('estimates average playtime near the true session length over the last 30 days', async () => {
    // The model grows visits as playing time ÷ session minutes; busy experiences estimate it closely.
    const busy = f.placeIds.filter(
      (id) => sampleAt(f.model, indexOfPlace(f.model, id), lastSlot).playing >= 50,
    )
    expect(busy.length).toBeGreaterThan(5)
    for (const placeId of busy.slice(0, 8)) {
      const p = experienceAt(f.model, indexOfPlace(f.model, placeId))
      const e = experience.parse((await getJson(f, `/api/place/${placeId}`)).body)
      expect(Number.isInteger(e.average_playtime)).toBe(true)
      expect(e.average_playtime / (p.sessionMinutes * 60)).toBeGreaterThan(0.98)
      expect(e.average_playtime / (p.sessionMinutes * 60)).toBeLessThan(1.02)
    }
    // No visits gained in the window: no estimate, read as 0.
    const windowStart = snapSlot(f.now - 30 * DAY_MS) + 10 * 60_000
    const flat = f.placeIds.find((id) => {
      const i = indexOfPlace(f.model, id)
      return sampleAt(f.model, i, windowStart).visits === sampleAt(f.model, i, lastSlot).visits
    })!
    expect(flat).toBeDefined()
    expect(experience.parse((await getJson(f, `/api/place/${flat}`)).body).average_playtime).toBe(0)
  })

  it('answers 404 for a well-formed id that is not tracked and 400 naming place_id for a bad one', async () => {
    const missing = await getJson<ErrorBody>(f, '/api/place/1')
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('not_found')
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999']) {
      const res = await getJson<ErrorBody>(f, `/api/place/${bad}`)
      expect(res.status, bad).toBe(400)
      expect(res.body.error.details?.[0]?.field).toBe('place_id')
    }
    const query = await getJson<ErrorBody>(f, `/api/place/${f.placeIds[0]}?x=1`)
    expect(query.status).toBe(400)
    expect(query.body.error.details?.[0]?.field).toBe('x')
  })

  it('refuses PUT from visitors with 401 before reading the id or the body', async () => {
    const put = (path: string, body: string) =>
      getJson<ErrorBody>(f, path, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body,
      })
    const res = await put(`/api/place/${f.placeIds[0]}`, JSON.stringify({ canonical_name: 'Renamed' }))
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('unauthenticated')
    expect(res.body.error.message.length).toBeGreaterThan(0)
    // Nothing about the request is checked for someone who may not make it at all.
    for (const [path, body] of [
      ['/api/place/abc', '{}'],
      [`/api/place/${f.placeIds[0]}`, '{not json'],
    ] as const) {
      const refused = await put(path, body)
      expect(refused.status).toBe(401)
      expect(refused.body.error.code).toBe('unauthenticated')
    }
    // The name did not change.
    const e = experience.parse((await getJson(f, `/api/place/${f.placeIds[0]}`)).body)
    expect(e.canonical_name).not.toBe('Renamed')
  })

  it('lists the price history as changes, first entry 0', async () => {
    const start = f.now - FIXTURE.days * DAY_MS
    for (const placeId of samplePlaces()) {
      const p = experienceAt(f.model, indexOfPlace(f.model, placeId))
      // The prices the model shows from the first poll to now, without repeats.
      const shown = p.prices.filter((period, k) => {
        const next = p.prices[k + 1]
        return period.fromMs <= f.now && (next === undefined || next.fromMs > start)
      })
      const expected = shown.map((period) => period.price).filter((price, k, all) => price !== all[k - 1])
      const { status, body, headers } = await getJson(user, `/api/place/${placeId}/price`)
      expect(status).toBe(200)
      expect(headers.get(HISTORY_START_HEADER)).toBeNull()
      const history = priceHistory.parse(body)
      expect(history.map((h) => h.price)).toEqual(expected)
      expect(history[0]?.change).toBe(0)
      for (let k = 1; k < history.length; k++) {
        expect(history[k]!.change).toBe(history[k]!.price - history[k - 1]!.price)
        expect(Date.parse(history[k]!.time)).toBeGreaterThan(Date.parse(history[k - 1]!.time))
      }
      expect(Date.parse(history[0]!.time)).toBeGreaterThanOrEqual(start)
      expect(Date.parse(history[0]!.time)).toBeLessThan(windowStart)
      expect(headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    }
  })

  it('opens a visitor’s price history at the window with the price then in effect', async () => {
    for (const placeId of samplePlaces()) {
      const price = metadataAt(f.model, indexOfPlace(f.model, placeId), lastSlot).price
      const { status, body, headers } = await getJson(f, `/api/place/${placeId}/price`)
      expect(status).toBe(200)
      // No price changed in the fixture's 40 days: the one price, from the window's first slot (the
      // window opens at 14:03).
      expect(priceHistory.parse(body)).toEqual([{ price, time: '2026-10-19T14:10:00.000Z', change: 0 }])
      expect(headers.get(HISTORY_START_HEADER)).toBe('2026-10-19T14:10:00.000Z')
      expect(headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
    }
    // A place first seen inside the window has nothing to cut: the same list as a user's.
    const [young] = await f.raw<{ place_id: string }>(
      `SELECT place_id FROM place_details FINAL GROUP BY place_id
       HAVING min(observed_at) >= {w:DateTime64(3)} ORDER BY place_id LIMIT 1`,
      { w: windowStart / 1000 },
    )
    expect(young).toBeDefined()
    const visitorList = await getJson(f, `/api/place/${young!.place_id}/price`)
    const userList = await getJson(user, `/api/place/${young!.place_id}/price`)
    expect(priceHistory.parse(visitorList.body)).toHaveLength(1)
    expect(visitorList.body).toEqual(userList.body)
    expect(Date.parse(priceHistory.parse(visitorList.body)[0]!.time)).toBeGreaterThan(windowStart)
  })

  it('answers 404 for the price of an untracked place and 400 naming placeId for a bad id', async () => {
    const missing = await getJson<ErrorBody>(f, '/api/place/1/price')
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('not_found')
    expect(missing.headers.get(HISTORY_START_HEADER)).toBeNull()
    for (const bad of ['abc', '0', '-1', '1.5']) {
      const res = await getJson<ErrorBody>(f, `/api/place/${bad}/price`)
      expect(res.status, bad).toBe(400)
      expect(res.body.error.details?.[0]?.field).toBe('placeId')
    }
  })

  // Last: it writes price changes into this file's private copy of the data.
  it('cuts a changing price history at a visitor’s window, worked by hand', async () => {
    // A free place whose details never changed: one row, so the rows written here are its only changes.
    const [still] = await f.raw<{ place_id: string }>(
      `SELECT place_id FROM place_details FINAL GROUP BY place_id
       HAVING count() = 1 AND any(price) = 0 AND min(observed_at) < {w:DateTime64(3)}
       ORDER BY place_id LIMIT 1`,
      { w: windowStart / 1000 },
    )
    expect(still).toBeDefined()
    const placeId = Number(still!.place_id)
    // Free since the first poll; then 49 before the window, 99 and 75 inside it.
    const changes: [string, number][] = [
      ['2026-10-12T09:30:00.000Z', 49],
      ['2026-10-25T18:00:00.000Z', 99],
      ['2026-11-10T06:20:00.000Z', 75],
    ]
    for (const [at, price] of changes) {
      await f.clickhouse.command({
        query: `INSERT INTO place_details
          SELECT * REPLACE ({at:DateTime64(3)} AS observed_at, {price:UInt64} AS price)
          FROM place_details FINAL WHERE place_id = {placeId:UInt64} ORDER BY observed_at DESC LIMIT 1`,
        query_params: { at: Date.parse(at) / 1000, price, placeId },
      })
    }
    const all = priceHistory.parse((await getJson(user, `/api/place/${placeId}/price`)).body)
    expect(all.slice(1)).toEqual([
      { price: 49, time: '2026-10-12T09:30:00.000Z', change: 49 },
      { price: 99, time: '2026-10-25T18:00:00.000Z', change: 50 },
      { price: 75, time: '2026-11-10T06:20:00.000Z', change: -24 },
    ])
    expect(all[0]).toMatchObject({ price: 0, change: 0 })
    const visitor = await getJson(f, `/api/place/${placeId}/price`)
    // The window's first slot: now − 30 days is 14:03, inside the 14:00 slot, so it opens at 14:10.
    expect(visitor.headers.get(HISTORY_START_HEADER)).toBe('2026-10-19T14:10:00.000Z')
    expect(priceHistory.parse(visitor.body)).toEqual([
      { price: 49, time: '2026-10-19T14:10:00.000Z', change: 0 },
      { price: 99, time: '2026-10-25T18:00:00.000Z', change: 50 },
      { price: 75, time: '2026-11-10T06:20:00.000Z', change: -24 },
    ])
  })
})
