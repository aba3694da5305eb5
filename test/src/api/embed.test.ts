import {
  type Experience,
  periodStart,
  SLOT_MS,
  type StatsResponse,
  shortenNumber,
  snapToSlot,
  unescapeMarkup,
  visitorHistoryStartMs,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiFixture,
  asUser,
  type ErrorBody,
  expectBadRequest,
  FIXTURE,
  getJson,
  startApiFixture,
} from './fixture.ts'

/*
 * GET /embed/{place_id}/badge.svg and /embed/{place_id}/sparkline.svg on the fixture's backfilled
 * store (chDB, PGlite): what they draw against the JSON calls, the slot caching (headers, 304, the
 * in-process cache), the 400s and 404s, and the visitors' window.
 */

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

interface Svg {
  readonly status: number
  readonly text: string
  readonly headers: Headers
}

async function getSvg(f: ApiFixture, path: string, headers: Record<string, string> = {}): Promise<Svg> {
  const res = await fetch(`${f.url}${path}`, { headers })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

/** The root's aria-label as a parser reads it. */
function label(svg: string): string {
  const raw = /^<svg[^>]* aria-label="([^"]*)"/.exec(svg)?.[1]
  if (raw === undefined) throw new Error(`no aria-label: ${svg.slice(0, 200)}`)
  return unescapeMarkup(raw)
}

/** The number of points of the sparkline's line (M and L commands of its path). */
function linePoints(svg: string): number {
  const d = /<path d="([^"]+)" stroke="#1c7ed6"/.exec(svg)?.[1] ?? ''
  return (d.match(/[ML]/g) ?? []).length
}

describe('/embed badge and sparkline', () => {
  /** The API's clock: moved forward by one test to reach the next slot. */
  let now: number = FIXTURE.now
  let f: ApiFixture
  let place: number
  let detail: Experience
  beforeAll(async () => {
    f = await startApiFixture({ now: () => now })
    place = f.placeIds[0]!
    detail = (await getJson<Experience>(f, `/api/place/${place}`)).body
  })
  afterAll(() => f.close())

  const secondsLeftInSlot = () => Math.ceil((snapToSlot(now) + SLOT_MS - now) / 1000)

  it('draws the name and the players online now, with its text alternative', async () => {
    const res = await getSvg(f, `/embed/${place}/badge.svg`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    const players = detail.players_online.toLocaleString('en-US')
    const alt = `${detail.name}: ${players} ${detail.players_online === 1 ? 'player' : 'players'} online now`
    expect(label(res.text)).toBe(alt)
    expect(res.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*role="img"/)
    expect(res.text).toContain('<title>')
    expect(res.text).toContain(`>${players} online</text>`)
    expect(res.text.endsWith('</svg>')).toBe(true)
  })

  it('is cached for the rest of the slot: public max-age to its end, a strong ETag, 304 on If-None-Match', async () => {
    const first = await getSvg(f, `/embed/${place}/badge.svg?style=plastic&theme=dark`)
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${secondsLeftInSlot()}`)
    // 14:03 in the fixture: seven minutes to the 14:10 slot.
    expect(secondsLeftInSlot()).toBe(420)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    for (const ifNoneMatch of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await getSvg(f, `/embed/${place}/badge.svg?style=plastic&theme=dark`, {
        'if-none-match': ifNoneMatch,
      })
      expect(again.status, ifNoneMatch).toBe(304)
      expect(again.text).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe(`public, max-age=${secondsLeftInSlot()}`)
    }
    const stale = await getSvg(f, `/embed/${place}/badge.svg?style=plastic&theme=dark`, {
      'if-none-match': '"not-this-one"',
    })
    expect(stale.status).toBe(200)
    expect(stale.text).toBe(first.text)
    // Another style is another image with another tag.
    const flat = await getSvg(f, `/embed/${place}/badge.svg`)
    expect(flat.headers.get('etag')).not.toBe(etag)
  })

  it('builds an image once per place, options and slot, then answers from memory', async () => {
    const path = `/embed/${place}/sparkline.svg?stat=visits&range=24h`
    const before = f.computations()
    const first = await getSvg(f, path)
    expect(f.computations()).toBe(before + 1)
    for (let i = 0; i < 5; i++) expect((await getSvg(f, path)).text).toBe(first.text)
    expect(f.computations()).toBe(before + 1)
    await getSvg(f, `/embed/${place}/sparkline.svg?stat=visits&range=24h&theme=dark`)
    expect(f.computations()).toBe(before + 2)
    // The next slot builds it again; its max-age is then a whole slot.
    now = snapToSlot(now) + SLOT_MS
    try {
      const next = await getSvg(f, path)
      expect(f.computations()).toBe(before + 3)
      expect(next.headers.get('cache-control')).toBe('public, max-age=600')
    } finally {
      now = FIXTURE.now
    }
  })

  it('draws the visitor’s series of /api/stats for each range, the session making no difference', async () => {
    const user = await asUser(f)
    for (const [range, granularity, back] of [
      ['24h', 'hour', DAY_MS],
      ['7d', 'hour', 7 * DAY_MS],
      ['30d', 'day', 30 * DAY_MS],
    ] as const) {
      const start = periodStart(now - back, granularity)
      const stats = await getJson<StatsResponse>(
        f,
        `/api/stats/ccus?placeIds=${place}&granularity=${granularity}&startTime=${start}`,
      )
      const values = stats.body.series[0]!.data.map((row) => row[1] as number)
      expect(values.length, range).toBeGreaterThan(1)
      const path = `/embed/${place}/sparkline.svg?stat=ccus&range=${range}`
      const svg = await getSvg(f, path)
      expect(svg.status).toBe(200)
      const fmt = (v: number) => shortenNumber(v)
      expect(label(svg.text)).toBe(
        `${detail.name}: players online over the last ${range === '24h' ? '24 hours' : range === '7d' ? '7 days' : '30 days'}, ` +
          `latest ${fmt(values.at(-1)!)}, low ${fmt(Math.min(...values))}, high ${fmt(Math.max(...values))}`,
      )
      expect(linePoints(svg.text), range).toBe(values.length)
      // A signed-in user gets the same image: embeds are anonymous.
      const signedIn = await getSvg(f, path, user.headers)
      expect(signedIn.headers.get('etag')).toBe(svg.headers.get('etag'))
    }
    // The 30-day line holds only days that start inside the visitors' window.
    const firstDay = periodStart(visitorHistoryStartMs(now), 'day') + DAY_MS
    const month = await getJson<StatsResponse>(
      f,
      `/api/stats/ccus?placeIds=${place}&granularity=day&startTime=${now - 40 * DAY_MS}`,
      user.headers ? { headers: user.headers } : undefined,
    )
    const inside = month.body.series[0]!.data.filter((row) => (row[0] as number) >= firstDay)
    expect(month.body.series[0]!.data.length).toBeGreaterThan(inside.length)
    expect(linePoints((await getSvg(f, `/embed/${place}/sparkline.svg?range=30d`)).text)).toBe(inside.length)
  })

  it('refuses bad parameters with a 400 naming each, a range beyond 30 days saying why', async () => {
    const cases: [string, string][] = [
      [`/embed/${place}/badge.svg?style=round`, 'style'],
      [`/embed/${place}/badge.svg?theme=blue`, 'theme'],
      [`/embed/${place}/badge.svg?style=flat&style=plastic`, 'style'],
      [`/embed/${place}/badge.svg?label=x`, 'label'],
      ['/embed/abc/badge.svg', 'place_id'],
      ['/embed/0/sparkline.svg', 'place_id'],
      [`/embed/${place}/sparkline.svg?stat=likes`, 'stat'],
      [`/embed/${place}/sparkline.svg?range=2d`, 'range'],
      [`/embed/${place}/sparkline.svg?theme=`, 'theme'],
    ]
    for (const [path, field] of cases) await expectBadRequest(f, path, field)
    for (const range of ['90d', '1y', '31d']) {
      const body = await expectBadRequest(
        f,
        `/embed/${place}/sparkline.svg?stat=ccus&range=${range}`,
        'range',
      )
      expect(body.error.details?.[0]?.message).toMatch(/anonymous.*last 30 days/)
    }
  })

  it('answers an untracked place with the API’s JSON 404, no image', async () => {
    for (const path of ['/embed/1/badge.svg', '/embed/1/sparkline.svg?range=24h']) {
      const res = await getJson<ErrorBody>(f, path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.body.error.message).toBe('Place 1 is not tracked')
      expect(res.headers.get('etag')).toBeNull()
    }
  })
})

/*
 * Embeds are not budgeted per address (a decision, published on /api/docs): image proxies fetch them
 * for every reader of a README or a chat from a handful of addresses, and each image is built once per
 * slot, so a per-address limit would blank them for everyone behind one proxy at no saving.
 */
describe('/embed beside the public API budget', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture({ env: { RATE_LIMIT_API: '2' } })
  })
  afterAll(() => f.close())

  it('serves an address whose API budget is spent, without RateLimit headers', async () => {
    const place = f.placeIds[0]!
    const api = []
    for (let i = 0; i < 3; i++) api.push((await fetch(`${f.url}/api/site`)).status)
    expect(api).toEqual([200, 200, 429])
    for (let i = 0; i < 5; i++) {
      const res = await getSvg(f, `/embed/${place}/badge.svg`)
      expect(res.status).toBe(200)
      expect(res.headers.get('ratelimit-limit')).toBeNull()
    }
  })
})
