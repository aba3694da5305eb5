import { exchangeRatesProviderAnswer } from '@ludex/schemas'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEgress } from '../roblox/egress/index.ts'
import {
  createPlatformModel,
  exchangeRatesAt,
  experienceAt,
  metadataAt,
  sampleAt,
  snapSlot,
} from './model/index.ts'
import { type SimulatorServer, startSimulatorServer } from './server.ts'

const NOW = Date.UTC(2026, 10, 20, 12, 34, 56)
const model = createPlatformModel({ seed: 21, experiences: 400 })
const logger = pino({ level: 'silent' })

/** Universe ids of experiences that exist at NOW. */
const live = Array.from({ length: model.count }, (_, i) => experienceAt(model, i)).filter(
  (p) => p.createdMs <= NOW,
)

let server: SimulatorServer
beforeAll(async () => {
  server = await startSimulatorServer({ model, clock: () => NOW, faultRate: 0, logger })
})
afterAll(async () => {
  await server.close()
})

const get = (service: string, path: string, init?: RequestInit) =>
  fetch(`${server.baseTemplate.replace('{service}', service)}${path}`, init)

describe('simulator server', () => {
  it('serves games with the model state of the current slot, dropping unknown ids', async () => {
    const ids = live.slice(0, 5).map((p) => p.universeId)
    const res = await get('games', `/v1/games?universeIds=${[...ids, 999].join(',')}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-ratelimit-limit')).toContain('w=60')
    const body = (await res.json()) as {
      data: {
        id: number
        playing: number
        visits: number
        name: string
        genre_l1: string
        price: number | null
      }[]
    }
    expect(body.data.map((g) => g.id).sort()).toEqual([...ids].sort())
    for (const g of body.data) {
      const p = live.find((x) => x.universeId === g.id)
      if (!p) throw new Error('unexpected id')
      const s = sampleAt(model, p.index, snapSlot(NOW))
      expect(g.playing).toBe(s.playing)
      expect(g.visits).toBe(s.visits)
      expect(g.name).toBe(metadataAt(model, p.index, NOW).name)
      expect(g.genre_l1).toBe(p.genreL1)
    }
  })

  it('enforces the batch limit and id validation', async () => {
    // Upstream takes 100 ids a call where 50 is documented (roblox-api.md §16); 101 is too many.
    const ids = live.slice(0, 101).map((p) => p.universeId)
    expect(ids).toHaveLength(101)
    const tooMany = await get('games', `/v1/games?universeIds=${ids.join(',')}`)
    expect(tooMany.status).toBe(400)
    expect(((await tooMany.json()) as { errors: { code: number }[] }).errors[0]?.code).toBe(9)
    const hundred = await get('games', `/v1/games/votes?universeIds=${ids.slice(0, 100).join(',')}`)
    expect(hundred.status).toBe(200)
    expect(((await hundred.json()) as { data: unknown[] }).data).toHaveLength(100)
    const games = await get('games', `/v1/games?universeIds=${ids.slice(0, 100).join(',')}`)
    expect(((await games.json()) as { data: unknown[] }).data).toHaveLength(100)
    const invalid = await get('games', '/v1/games?universeIds=abc')
    expect(invalid.status).toBe(400)
    const err = (await invalid.json()) as { errors: { code: number; userFacingMessage: string }[] }
    expect(err.errors[0]).toMatchObject({ code: 8, userFacingMessage: 'Something went wrong' })
    const thumbs = await get('thumbnails', `/v1/games/icons?universeIds=${ids.join(',')}`)
    expect(thumbs.status).toBe(400)
    expect(((await thumbs.json()) as { errors: { code: number }[] }).errors[0]?.code).toBe(1)
  })

  it('requires a cookie for place details and maps places to universes', async () => {
    const p = live[0]
    if (!p) throw new Error('no experience')
    const path = `/v1/games/multiget-place-details?placeIds=${p.rootPlaceId}`
    expect((await get('games', path)).status).toBe(401)
    const res = await get('games', path, { headers: { cookie: '.ROBLOSECURITY=anything' } })
    expect(res.status).toBe(200)
    const [details] = (await res.json()) as { universeId: number; reasonProhibited: string }[]
    expect(details?.universeId).toBe(p.universeId)
    const uni = await (await get('apis', `/universes/v1/places/${p.rootPlaceId}/universe`)).json()
    expect(uni).toEqual({ universeId: p.universeId })
    expect(await (await get('apis', '/universes/v1/places/1/universe')).json()).toEqual({ universeId: null })
  })

  it('pages explore sorts with a token, skipping nothing the client must see', async () => {
    expect((await get('apis', '/explore-api/v1/get-sorts')).status).toBe(400)
    const seen: string[] = []
    let token: string | null = ''
    let pages = 0
    let filterSorts = 0
    do {
      const q: string = token ? `&sortsPageToken=${encodeURIComponent(token)}` : ''
      const res = await get('apis', `/charts-api/v1/get-sorts?sessionId=test${q}`)
      expect(res.status).toBe(200)
      const body = (await res.json()) as {
        sorts: { sortId: string; contentType: string; games?: { isSponsored: boolean }[] }[]
        nextSortsPageToken: string | null
      }
      expect(body.sorts.length).toBeLessThanOrEqual(6)
      for (const s of body.sorts) {
        if (s.contentType === 'Filters') filterSorts++
        else seen.push(s.sortId)
      }
      token = body.nextSortsPageToken
      pages++
    } while (token && pages < 20)
    expect(filterSorts).toBe(1)
    expect(seen).toContain('most-popular')
    expect(seen).toContain('todays-picks')
    expect(seen).toContain('recommended-for-you')
    const content = (await (
      await get('apis', '/explore-api/v1/get-sort-content?sessionId=x&sortId=most-popular')
    ).json()) as {
      games: { isSponsored: boolean; playerCount: number }[]
    }
    expect(content.games.length).toBe(100)
    expect(content.games.some((g) => g.isSponsored)).toBe(true)
  })

  it('pages badges and answers creators, age ratings and thumbnails', async () => {
    const withBadges = live.find((p) => p.popularity > 100)
    if (!withBadges) throw new Error('no experience')
    let cursor: string | null = null
    let total = 0
    let pages = 0
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
      const res = await get('badges', `/v1/universes/${withBadges.universeId}/badges?limit=10${q}`)
      expect(res.status).toBe(200)
      const body = (await res.json()) as {
        data: { statistics: { awardedCount: number } }[]
        nextPageCursor: string | null
      }
      total += body.data.length
      cursor = body.nextPageCursor
      pages++
    } while (cursor && pages < 20)
    expect((await get('badges', '/v1/universes/5/badges')).status).toBe(404)
    expect((await get('badges', `/v1/universes/${withBadges.universeId}/badges?limit=7`)).status).toBe(400)
    if (total > 10) expect(pages).toBeGreaterThan(1)

    const age = await get('apis', '/experience-guidelines-api/experience-guidelines/get-age-recommendation', {
      method: 'POST',
      body: JSON.stringify({ universeId: String(withBadges.universeId) }),
    })
    expect(age.status).toBe(200)
    expect(await age.json()).toHaveProperty('ageRecommendationDetails')

    const game = (await (await get('games', `/v1/games?universeIds=${withBadges.universeId}`)).json()) as {
      data: { creator: { id: number; type: string } }[]
    }
    const creator = game.data[0]?.creator
    if (!creator) throw new Error('no creator')
    const path = creator.type === 'User' ? `users/v1/users/${creator.id}` : `groups/v1/groups/${creator.id}`
    const [service, ...rest] = path.split('/')
    const profile = await get(service ?? '', `/${rest.join('/')}`)
    expect(profile.status).toBe(200)
    expect(((await profile.json()) as { id: number }).id).toBe(creator.id)

    const batch = await get('thumbnails', '/v1/batch', {
      method: 'POST',
      body: JSON.stringify([
        { requestId: 'a', targetId: withBadges.universeId, type: 'GameIcon', size: '512x512' },
      ]),
    })
    const items = (await batch.json()) as { data: { state: string; imageUrl: string }[] }
    expect(items.data[0]?.imageUrl).toContain(metadataAt(model, withBadges.index, NOW).iconHash)
  })

  it('injects faults deterministically: always at faultRate 1, never at 0', async () => {
    const faulty = await startSimulatorServer({
      model,
      clock: () => NOW,
      faultRate: 1,
      random: () => 0.5,
      logger,
    })
    try {
      const res = await fetch(`${faulty.url}/games/v1/games?universeIds=${live[0]?.universeId}`)
      expect(res.status).toBe(429)
      expect(res.headers.get('retry-after')).toBe('1')
      const omitting = await startSimulatorServer({
        model,
        clock: () => NOW,
        faultRate: { throttle: 0, serverError: 0, omitFields: 1 },
        logger,
      })
      try {
        const body = (await (
          await fetch(`${omitting.url}/games/v1/games?universeIds=${live[0]?.universeId}`)
        ).json()) as {
          data: Record<string, unknown>[]
        }
        expect(body.data[0]).not.toHaveProperty('genre_l1')
      } finally {
        await omitting.close()
      }
      const errors = await startSimulatorServer({
        model,
        clock: () => NOW,
        faultRate: { throttle: 0, serverError: 1, omitFields: 0 },
        logger,
      })
      try {
        const res5 = await fetch(`${errors.url}/games/v1/games?universeIds=${live[0]?.universeId}`)
        expect([500, 503]).toContain(res5.status)
      } finally {
        await errors.close()
      }
    } finally {
      await faulty.close()
    }
    for (let k = 0; k < 20; k++) {
      expect((await get('games', `/v1/games?universeIds=${live[k]?.universeId}`)).status).toBe(200)
    }
  })

  it('serves daily exchange rates for the USD base in the provider’s shape, fault-free', async () => {
    const clock = { now: Date.UTC(2026, 10, 20, 23, 59, 0) }
    const faulty = await startSimulatorServer({ model, clock: () => clock.now, faultRate: 1, logger })
    try {
      expect(faulty.exchangeRatesUrl).toBe(`${faulty.url}/exchange-rates/v6/latest/USD`)
      const read = async () => {
        const res = await fetch(faulty.exchangeRatesUrl)
        expect(res.status).toBe(200)
        return exchangeRatesProviderAnswer.parse(await res.json())
      }
      const late = await read()
      expect(late.time_last_update_unix).toBe(Date.UTC(2026, 10, 20, 0, 0, 2) / 1000)
      expect(late.time_next_update_unix).toBe(Date.UTC(2026, 10, 21, 0, 0, 2) / 1000)
      expect(late.rates.EUR).toBeGreaterThan(0.9)
      expect(late.rates.EUR).toBeLessThan(0.94)
      expect(late.rates.SEK).toBeGreaterThan(10.3)
      expect(late.rates.SEK).toBeLessThan(10.9)
      expect(late).toEqual(exchangeRatesAt(model.seed, clock.now))
      // Before the day's publication the previous day's rates stand; after it, the new day's.
      clock.now = Date.UTC(2026, 10, 21, 0, 0, 1)
      expect(await read()).toEqual(late)
      clock.now = Date.UTC(2026, 10, 21, 0, 0, 3)
      const next = await read()
      expect(next.time_last_update_unix).toBe(late.time_next_update_unix)
      expect(next.rates).not.toEqual(late.rates)
      const other = await fetch(`${faulty.url}/exchange-rates/v6/latest/EUR`)
      expect(other.status).toBe(404)
      expect(await other.json()).toEqual({ result: 'error', 'error-type': 'unsupported-code' })
    } finally {
      await faulty.close()
    }
  })

  it('answers 429 with retry-after to an address beyond its budget, and not to another address', async () => {
    let now = 0
    const budgeted = await startSimulatorServer({
      model,
      clock: () => NOW,
      faultRate: 0,
      logger,
      addressBudget: { perMinute: 60, burst: 3 },
      budgetNow: () => now,
    })
    // Two clients bound to their own loopback addresses: the simulator sees two client addresses.
    const [a, b] = ['127.0.0.2', '127.0.0.3'].map((localAddress) => createEgress({ localAddress }))
    const ids = live
      .slice(0, 3)
      .map((p) => p.universeId)
      .join(',')
    const games = (egress: typeof a) =>
      egress!.fetch(`${budgeted.baseTemplate.replace('{service}', 'games')}/v1/games?universeIds=${ids}`)
    try {
      for (let i = 0; i < 3; i++) expect((await games(a)).status).toBe(200)
      const refused = await games(a)
      expect(refused.status).toBe(429)
      // One token a second at 60 a minute: the wait is a second, in the games host's envelope (code 4).
      expect(refused.headers.get('retry-after')).toBe('1')
      expect(((await refused.json()) as { errors: { code: number }[] }).errors[0]?.code).toBe(4)
      const votes = await a!.fetch(
        `${budgeted.baseTemplate.replace('{service}', 'games')}/v1/games/votes?universeIds=${ids}`,
      )
      expect(votes.status).toBe(429)
      expect(((await votes.json()) as { errors: { code: number }[] }).errors[0]?.code).toBe(10)
      // The other address has a budget of its own; other hosts are not budgeted.
      for (let i = 0; i < 3; i++) expect((await games(b)).status).toBe(200)
      const thumbs = await a!.fetch(
        `${budgeted.baseTemplate.replace('{service}', 'thumbnails')}/v1/games/icons?universeIds=${ids}&size=512x512&format=Png`,
      )
      expect(thumbs.status).toBe(200)
      // A second later the first address has a token again.
      now += 1_000
      expect((await games(a)).status).toBe(200)
      expect(Object.fromEntries(budgeted.addressUse())).toEqual({
        '127.0.0.2': { requests: 6, throttled: 2 },
        '127.0.0.3': { requests: 3, throttled: 0 },
      })
    } finally {
      a!.close()
      b!.close()
      await budgeted.close()
    }
  })
})
