import {
  experienceGenre,
  GENRE_KEYS,
  genreDetail,
  genreGroupKey,
  genreList,
  genreSlug,
  subGenreDetail,
  TEN_MINUTES_MS,
} from '@ludex/schemas'
import { indexOfPlace, metadataAt, restrictedAt, sampleAt, snapSlot } from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, type ErrorBody, getJson, startApiFixture } from './fixture.ts'

/** A tracked experience as the simulator shows it at the last poll, with the genre the mapping gives it. */
interface ModelPlace {
  readonly placeId: number
  readonly genre: string
  readonly subGenre: string
  readonly players: number
  /** Its like ratio, null without votes. */
  readonly like: number | null
}

/** Players, count and like rate (mean over the rated) of some places, as the tables state them. */
function totals(places: readonly ModelPlace[], allPlayers: number) {
  const rated = places.filter((p) => p.like !== null)
  const players = places.reduce((s, p) => s + p.players, 0)
  return {
    experiences: places.length,
    players_online: players,
    share: allPlayers > 0 ? players / allPlayers : 0,
    like_rate: rated.length > 0 ? rated.reduce((s, p) => s + (p.like ?? 0), 0) / rated.length : null,
  }
}

/** Compares a row of the API with the expectation computed from the model (fractions to 9 digits). */
function expectRow(row: Record<string, unknown>, want: ReturnType<typeof totals>, what: string) {
  expect(row.experiences, what).toBe(want.experiences)
  expect(row.players_online, what).toBe(want.players_online)
  expect(row.share as number, what).toBeCloseTo(want.share, 9)
  if (want.like_rate === null) expect(row.like_rate, what).toBeNull()
  else expect(row.like_rate as number, what).toBeCloseTo(want.like_rate, 9)
}

describe('/api/genre', () => {
  let f: ApiFixture
  let places: ModelPlace[]
  let allPlayers: number
  beforeAll(async () => {
    f = await startApiFixture()
    const lastSlot = snapSlot(f.now)
    places = f.placeIds.map((placeId) => {
      const i = indexOfPlace(f.model, placeId)
      // A restricted experience keeps the counters of its last poll before the restriction.
      let slot = lastSlot
      while (restrictedAt(f.model, i, slot)) slot -= TEN_MINUTES_MS
      const meta = metadataAt(f.model, i, slot)
      const s = sampleAt(f.model, i, slot)
      const votes = s.upVotes + s.downVotes
      return {
        placeId,
        genre: experienceGenre({ name: meta.name, genreL1: meta.genreL1, genreL2: meta.genreL2 }),
        subGenre: genreGroupKey(meta.genreL2),
        players: s.playing,
        like: votes > 0 ? s.upVotes / votes : null,
      }
    })
    allPlayers = places.reduce((s, p) => s + p.players, 0)
  })
  afterAll(() => f.close())

  const inGenre = (genre: string) => places.filter((p) => p.genre === genre)

  it('lists the sixteen genres and unlabeled, each as the simulator’s experiences make it', async () => {
    const { status, body, headers } = await getJson(f, '/api/genre')
    expect(status).toBe(200)
    const { genres } = genreList.parse(body)
    expect(genres.map((g) => g.genre)).toEqual([...GENRE_KEYS, 'unlabeled'])
    for (const g of genres) expectRow(g, totals(inGenre(g.genre), allPlayers), g.genre)
    expect(genres.reduce((s, g) => s + g.experiences, 0)).toBe(f.placeIds.length)
    expect(genres.reduce((s, g) => s + g.share, 0)).toBeCloseTo(1, 9)
    // The fixture reaches the name rules: branded, RNG and horror experiences exist.
    for (const g of ['branded', 'rng_simulators', 'horror']) {
      expect(genres.find((x) => x.genre === g)!.experiences, g).toBeGreaterThan(0)
    }
    expect(headers.get('cache-control')).toBe('public, max-age=60')
  })

  it('gives a genre its sub-genres and its experiences, busiest first', async () => {
    // The genre with the most sub-genres in the fixture.
    const genre = [...GENRE_KEYS].sort(
      (a, b) =>
        new Set(inGenre(b).map((p) => p.subGenre)).size - new Set(inGenre(a).map((p) => p.subGenre)).size,
    )[0]!
    const members = inGenre(genre)
    expect(new Set(members.map((p) => p.subGenre)).size).toBeGreaterThan(1)
    const { status, body } = await getJson(f, `/api/genre/${genre}`)
    expect(status).toBe(200)
    const detail = genreDetail.parse(body)
    expectRow(detail.genre, totals(members, allPlayers), genre)
    expect(detail.experiences.map((e) => e.place_id).sort()).toEqual(members.map((p) => p.placeId).sort())
    for (const e of detail.experiences) expect(e.genre).toBe(genre)
    for (let k = 1; k < detail.experiences.length; k++) {
      expect(detail.experiences[k - 1]!.players_online).toBeGreaterThanOrEqual(
        detail.experiences[k]!.players_online,
      )
    }
    const subs = new Map<string, ModelPlace[]>()
    for (const p of members) subs.set(p.subGenre, [...(subs.get(p.subGenre) ?? []), p])
    expect(detail.sub_genres.map((s) => s.sub_genre).sort()).toEqual([...subs.keys()].sort())
    const genrePlayers = members.reduce((s, p) => s + p.players, 0)
    for (const s of detail.sub_genres) {
      expect(s.slug).toBe(genreSlug(s.sub_genre))
      expectRow(s, totals(subs.get(s.sub_genre)!, genrePlayers), s.sub_genre)
    }
    for (let k = 1; k < detail.sub_genres.length; k++) {
      expect(detail.sub_genres[k - 1]!.players_online).toBeGreaterThanOrEqual(
        detail.sub_genres[k]!.players_online,
      )
    }

    // Each sub-genre's page holds its experiences and the row the genre gave it.
    for (const s of detail.sub_genres) {
      const res = await getJson(f, `/api/genre/${genre}/${s.slug}`)
      expect(res.status).toBe(200)
      const sub = subGenreDetail.parse(res.body)
      expect(sub.genre).toEqual(detail.genre)
      expect(sub.sub_genre).toEqual(s)
      expect(sub.experiences.map((e) => e.place_id).sort()).toEqual(
        subs
          .get(s.sub_genre)!
          .map((p) => p.placeId)
          .sort(),
      )
    }
  })

  it('serves the unlabeled genre and a genre without experiences', async () => {
    const unlabeled = genreDetail.parse((await getJson(f, '/api/genre/unlabeled')).body)
    expect(unlabeled.experiences.length).toBe(inGenre('unlabeled').length)
    const empty = GENRE_KEYS.find((g) => inGenre(g).length === 0)
    if (empty) {
      const res = await getJson(f, `/api/genre/${empty}`)
      expect(res.status).toBe(200)
      expect(genreDetail.parse(res.body)).toMatchObject({ sub_genres: [], experiences: [] })
    }
  })

  it.each([
    ['/api/genre/Obby'],
    ['/api/genre/obby%20%26%20platformer'],
    ['/api/genre/nope'],
    ['/api/genre/obby/nope'],
    ['/api/genre/nope/classic-obby'],
    // A real sub-genre, but not one of this genre's.
    ['/api/genre/obby/tycoon'],
  ])('answers %s with a 404', async (path) => {
    const res = await getJson<ErrorBody>(f, path)
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('not_found')
  })

  it('refuses an overlong genre and unknown query keys, naming them', async () => {
    const long = await getJson<ErrorBody>(f, `/api/genre/${'a'.repeat(65)}`)
    expect(long.status).toBe(400)
    expect(long.body.error.details?.[0]?.field).toBe('genre')
    const extra = await getJson<ErrorBody>(f, '/api/genre?sort=players')
    expect(extra.status).toBe(400)
    expect(extra.body.error.details?.[0]?.field).toBe('sort')
  })
})
