import { apiRoutes, HISTORY_START_HEADER } from '@ludex/api'
import { PARTIAL_FROM_HEADER, parseCsv } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, expectBadRequest, getJson, startApiFixture } from './fixture.ts'

/*
 * Issue 21.1: every /api/stats and /api/platform call answers CSV (format=csv or Accept: text/csv) with
 * the rows of its JSON answer. The expected rows are derived here from the JSON the same call answers,
 * independently of the API's table code: one CSV row per JSON row, times as ISO 8601 UTC.
 */

const DAY_MS = 86_400_000
type Cell = string | number | boolean | null
const iso = (ms: number) => new Date(ms).toISOString()
/** A cell as the CSV holds it: empty for nothing; a text a spreadsheet would run as a formula defused. */
const text = (c: Cell) =>
  c === null ? '' : typeof c === 'string' && /^[=+\-@\t\r]/.test(c) ? `'${c}` : String(c)

interface StatsJson {
  stat: string
  series: { place_id: number; name: string; data: number[][] }[]
}

/** How each call's JSON answer reads as rows. */
const AS_ROWS = {
  stats: (b: StatsJson): Cell[][] =>
    b.series.flatMap((s) => s.data.map(([t = 0, ...v]) => [s.place_id, s.name, iso(t), ...v])),
  genres: (b: { series: { name: string; data: number[][] }[] }): Cell[][] =>
    b.series.flatMap((s) => s.data.map(([t = 0, ...v]) => [s.name, iso(t), ...v])),
  platformCcu: (b: { time: string; ccu: number }[]): Cell[][] => b.map((p) => [p.time, p.ccu]),
  genre: (b: {
    time: string | null
    genres: {
      name: string
      ccu: number
      share: number
      children: { name: string; ccu: number; share: number }[]
    }[]
  }): Cell[][] =>
    b.genres.flatMap((g) => [
      [b.time, g.name, null, g.ccu, g.share],
      ...g.children.map((c) => [b.time, g.name, c.name, c.ccu, c.share]),
    ]),
  movement: (b: { place_id: number; rank: number | null; old_rank: number | null; gain: number | null }[]) =>
    b.map((m) => [m.place_id, m.rank, m.old_rank, m.gain]),
  picks: (b: { date: string; places: { place_id: number; name: string }[] }[]): Cell[][] =>
    b.flatMap((d) => d.places.map((p) => [d.date, p.place_id, p.name])),
  ranking: (b: { start: string; end: string; name: string; y: number }[]): Cell[][] =>
    b.map((p) => [p.y, p.start, p.end, p.name]),
  snapshot: (b: { time: string; positions: { place_id: number; pos: number }[] }): Cell[][] =>
    b.positions.map((p) => [b.time, p.pos, p.place_id]),
  periods: (b: { places: { place_id: number; name: string; [k: string]: unknown }[] }): Cell[][] =>
    b.places.map((p) => [
      p.place_id,
      p.name,
      ...(['day', 'week', 'month'] as const).flatMap((k) => {
        const cell = p[k] as { start: string; value: number } | null
        return [cell?.start ?? null, cell?.value ?? null]
      }),
    ]),
} as const

interface Exported {
  readonly header: string[]
  readonly rows: string[][]
  readonly headers: Headers
}

async function getCsv(f: ApiFixture, path: string, how: 'format' | 'accept'): Promise<Exported> {
  const url = how === 'format' ? `${path}${path.includes('?') ? '&' : '?'}format=csv` : path
  const res = await fetch(`${f.url}${url}`, {
    headers: { ...f.headers, ...(how === 'accept' && { accept: 'text/csv' }) },
  })
  expect(res.status, url).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  const body = await res.text()
  expect(body.endsWith('\r\n')).toBe(true)
  const [header = [], ...rows] = parseCsv(body)
  return { header, rows, headers: res.headers }
}

/**
 * The JSON answer and the CSV answer of one call (once by format=csv, once by Accept): the CSV's rows
 * are the JSON's, in order, with the same window headers; the header row names units.
 */
async function expectSameRows<B>(
  f: ApiFixture,
  path: string,
  asRows: (body: B) => Cell[][],
  header: readonly string[],
): Promise<{ json: B; rows: string[][] }> {
  const json = await getJson<B>(f, path)
  expect(json.status, path).toBe(200)
  const expected = asRows(json.body).map((r) => r.map(text))
  for (const how of ['format', 'accept'] as const) {
    const csv = await getCsv(f, path, how)
    expect(csv.header).toEqual(header)
    expect(csv.rows, `${path} by ${how}`).toEqual(expected)
    for (const name of [HISTORY_START_HEADER, PARTIAL_FROM_HEADER]) {
      expect(csv.headers.get(name), name).toBe(json.headers.get(name))
    }
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.csv"$/)
  }
  return { json: json.body, rows: expected }
}

const STATS_HEADER = ['place_id', 'name', 'time (UTC)']

describe('CSV exports of /api/stats and /api/platform', () => {
  let visitor: ApiFixture
  let user: ApiFixture
  let places: number[]
  beforeAll(async () => {
    visitor = await startApiFixture()
    user = await asUser(visitor)
    places = visitor.placeIds.slice(0, 3)
  })
  afterAll(async () => {
    await visitor.close()
  })
  const windowStart = () => visitor.now - 30 * DAY_MS

  it('stats series: a row per point of each place, for a user (whole range) and a visitor (30 days)', async () => {
    const path = `/api/stats/ccus?placeIds=${places.join(',')}&granularity=day`
    const header = [...STATS_HEADER, 'ccu (players)']
    const all = await expectSameRows(user, path, AS_ROWS.stats, header)
    const seen = await expectSameRows(visitor, path, AS_ROWS.stats, header)
    expect(all.rows.length).toBeGreaterThan(seen.rows.length)
    expect(seen.rows.length).toBeGreaterThan(0)
    // The visitor's CSV holds nothing before the window, like the JSON; the user's reaches further.
    for (const row of seen.rows) expect(Date.parse(row[2] ?? '')).toBeGreaterThanOrEqual(windowStart())
    expect(all.rows.some((r) => Date.parse(r[2] ?? '') < windowStart())).toBe(true)
  })

  it('likes carry likes and negative dislikes; an average with percentiles its quartiles', async () => {
    await expectSameRows(user, `/api/stats/likes?placeIds=${places[0]}&granularity=week`, AS_ROWS.stats, [
      ...STATS_HEADER,
      'likes (count)',
      'dislikes (count, negative)',
    ])
    const band = await expectSameRows(
      visitor,
      `/api/stats/ccus?placeIds=${places.join(',')}&aggregation=average&withPercentiles=true`,
      AS_ROWS.stats,
      [...STATS_HEADER, 'ccu (players)', 'lower quartile (players)', 'upper quartile (players)'],
    )
    expect(band.rows[0]?.slice(0, 2)).toEqual(['0', 'Average'])
  })

  it('genre series, platform CCU and the genre distribution (a pie)', async () => {
    const genreHeader = ['genre', 'time (UTC)', 'average ccu (players per experience)', 'total ccu (players)']
    await expectSameRows(user, '/api/stats/genres?granularity=week', AS_ROWS.genres, genreHeader)
    await expectSameRows(visitor, '/api/stats/genres', AS_ROWS.genres, genreHeader)
    const ccu = await expectSameRows(
      visitor,
      `/api/platform/ccu?startTime=${iso(visitor.now - 60 * DAY_MS)}`,
      AS_ROWS.platformCcu,
      ['time (UTC)', 'ccu (players)'],
    )
    expect(Date.parse(ccu.rows[0]?.[0] ?? '')).toBeGreaterThanOrEqual(windowStart())
    await expectSameRows(
      user,
      '/api/platform/ccu?granularity=hour&startTime=2026-11-10',
      AS_ROWS.platformCcu,
      ['time (UTC)', 'ccu (players)'],
    )
    const pie = await expectSameRows(visitor, '/api/platform/genre?new=true', AS_ROWS.genre, [
      'time (UTC)',
      'genre',
      'sub-genre',
      'ccu (players)',
      'share (fraction of parent)',
    ])
    expect(pie.rows.some((r) => r[2] === '')).toBe(true)
    expect(pie.rows.some((r) => r[2] !== '')).toBe(true)
  })

  it('lists: movement, daily picks, ranking periods and snapshot, compare periods', async () => {
    await expectSameRows(visitor, '/api/platform/movement?type=top100entry', AS_ROWS.movement, [
      'place_id',
      'rank',
      'old_rank',
      'gain (places)',
    ])
    const picksPath = `/api/platform/picks?startTime=${iso(visitor.now - 40 * DAY_MS)}`
    const picks = await expectSameRows(visitor, picksPath, AS_ROWS.picks, ['date (UTC)', 'place_id', 'name'])
    const userPicks = await expectSameRows(user, picksPath, AS_ROWS.picks, ['date (UTC)', 'place_id', 'name'])
    expect(userPicks.rows.length).toBeGreaterThan(picks.rows.length)
    const rankingHeader = ['category', 'start (UTC)', 'end (UTC)', 'peak position']
    let ranked = 0
    for (const place of visitor.placeIds.slice(0, 10)) {
      const r = await expectSameRows(
        user,
        `/api/stats/ranking?placeId=${place}`,
        AS_ROWS.ranking,
        rankingHeader,
      )
      ranked += r.rows.length
    }
    expect(ranked).toBeGreaterThan(0)
    const snap = await expectSameRows(visitor, '/api/stats/ranking/8', AS_ROWS.snapshot, [
      'time (UTC)',
      'position',
      'place_id',
    ])
    expect(snap.rows.length).toBeGreaterThan(0)
    await expectSameRows(user, `/api/stats/ccu-periods?placeIds=${places.join(',')}`, AS_ROWS.periods, [
      'place_id',
      'name',
      'day start (UTC)',
      'day ccu (players)',
      'week start (UTC)',
      'week ccu (players)',
      'month start (UTC)',
      'month ccu (players)',
    ])
  })

  it('names the file from the call and its range', async () => {
    const csv = await getCsv(
      visitor,
      `/api/stats/ccus?placeIds=${places[0]},${places[1]}&granularity=week&startTime=2026-11-01T00:00:00Z`,
      'format',
    )
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="stats-ccus-${places[0]}_${places[1]}-week-from 2026-11-01T0000Z.csv"`,
    )
  })

  it('keeps JSON for any other Accept, takes format=json, and refuses an unknown format naming it', async () => {
    for (const accept of ['*/*', 'application/json', 'text/csv;q=0.5, application/json', 'image/png']) {
      const res = await fetch(`${visitor.url}/api/platform/movement?type=top100exit`, { headers: { accept } })
      expect(res.headers.get('content-type'), accept).toBe('application/json; charset=utf-8')
      expect(res.headers.get('content-disposition')).toBeNull()
    }
    const json = await fetch(`${visitor.url}/api/platform/movement?type=top100exit&format=json`, {
      headers: { accept: 'text/csv' },
    })
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    await expectBadRequest(visitor, '/api/platform/ccu?format=xml', 'format')
    await expectBadRequest(visitor, '/api/stats/ccus?placeIds=1&format=', 'format')
    // The CSV and the JSON of one call are told apart by their validators.
    const a = await fetch(`${visitor.url}/api/platform/genre?new=true&format=csv`)
    const b = await fetch(`${visitor.url}/api/platform/genre?new=true`)
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'))
    expect(a.headers.get('vary')).toContain('Accept')
  })

  it('sends a visitor’s older start to the window in the CSV as in the JSON', async () => {
    const path = `/api/stats/visits?placeIds=${places[0]}&startTime=${iso(visitor.now - 90 * DAY_MS)}`
    const { rows } = await expectSameRows(visitor, path, AS_ROWS.stats, [...STATS_HEADER, 'visits (total)'])
    const csv = await getCsv(visitor, path, 'format')
    expect(csv.headers.get(HISTORY_START_HEADER)).not.toBeNull()
    expect(Date.parse(rows[0]?.[2] ?? '')).toBe(Date.parse(csv.headers.get(HISTORY_START_HEADER) ?? ''))
  })

  it('documents format and the text/csv answer on every /api/stats and /api/platform call, and only there', async () => {
    const { body } = await getJson<{
      paths: Record<
        string,
        Record<
          string,
          {
            description?: string
            parameters?: { name: string; in: string; schema: { enum?: string[] } }[]
            responses: Record<
              string,
              { content?: Record<string, unknown>; headers?: Record<string, unknown> }
            >
          }
        >
      >
    }>(visitor, '/api/openapi.json')
    let exportable = 0
    for (const route of apiRoutes) {
      const op = body.paths[route.path]![route.method.toLowerCase()]!
      const format = op.parameters?.find((p) => p.name === 'format' && p.in === 'query')
      const ok = op.responses['200']!
      if (/^\/api\/(stats|platform)\//.test(route.path)) {
        exportable++
        expect(format?.schema.enum, route.path).toEqual(['json', 'csv'])
        expect(Object.keys(ok.content ?? {}), route.path).toEqual(['application/json', 'text/csv'])
        expect(ok.headers, route.path).toHaveProperty('Content-Disposition')
        expect(op.description, route.path).toContain('format=csv')
      } else {
        expect(format, route.path).toBeUndefined()
      }
    }
    // The ten of issue 21.1, then momentum, recent likes, a ranking day's changes and genre benchmarks.
    expect(exportable).toBe(14)
  })
})
