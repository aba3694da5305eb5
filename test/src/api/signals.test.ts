import { HISTORY_START_HEADER } from '@ludex/api'
import {
  chartCategoryById,
  detectCcuSpikes,
  type EventMarker,
  eventMarkerList,
  type GenreBenchmarks,
  type GenreStanding,
  genreBenchmarks,
  genreStanding,
  messageIdOf,
  type PlacementHistory,
  percentileOf,
  placementHistory,
  type RankingDayChanges,
  rankingDayChanges,
  SCHEMA_VERSION,
  topics,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, expectBadRequest, getJson, startApiFixture } from './fixture.ts'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A place's day in a category, from the raw captures: its best ranked position, whether sponsored. */
interface CaptureDay {
  category: number
  place: number
  day: string
  best: number | null
  sponsored: boolean
}

/**
 * The expected entries and exits of a place, computed apart from the API from its captured days: per
 * category, an entry is a day it is ranked after a captured day it was not, an exit a captured day
 * without it after a ranked day; the category's first captured day opens the record.
 */
function expectedChanges(rows: readonly CaptureDay[], place: number) {
  const out: { category: number; kind: 'entry' | 'exit'; day: string }[] = []
  const categories = new Set(rows.filter((c) => c.place === place).map((c) => c.category))
  for (const category of [...categories].sort((a, b) => a - b)) {
    const inCategory = rows.filter((c) => c.category === category)
    const days = [...new Set(inCategory.map((c) => c.day))].sort()
    const ranked = new Set(inCategory.filter((c) => c.place === place && c.best !== null).map((c) => c.day))
    days.forEach((d, i) => {
      const prev = days[i - 1]
      if (prev === undefined) return
      if (ranked.has(d) && !ranked.has(prev)) out.push({ category, kind: 'entry', day: d })
      if (!ranked.has(d) && ranked.has(prev)) out.push({ category, kind: 'exit', day: d })
    })
  }
  return out
}

describe('signals: genre standing, markers, placement history', () => {
  let f: ApiFixture
  let user: ApiFixture
  let captures: CaptureDay[]

  beforeAll(async () => {
    f = await startApiFixture({ logger: (await import('pino')).default({ level: 'error' }) })
    user = await asUser(f)
    captures = (
      await f.raw<{ category_id: number; place_id: string; d: string; best: number | null; sp: number }>(
        `SELECT category_id, toString(place_id) AS place_id, toString(toDate(slot)) AS d,
                min(position) AS best, toUInt8(max(sponsored)) AS sp
         FROM chart_positions FINAL WHERE category_id != 0
         GROUP BY category_id, place_id, d`,
      )
    ).map((r) => ({
      category: r.category_id,
      place: Number(r.place_id),
      day: r.d,
      best: r.best,
      sponsored: r.sp === 1,
    }))
  })
  afterAll(async () => {
    await f.close()
  })

  describe('GET /api/place/{placeId}/placements', () => {
    it("gives each place's entries and exits as its raw captures show them", async () => {
      const ranked = [...new Set(captures.filter((c) => c.best !== null).map((c) => c.place))].slice(0, 12)
      expect(ranked.length).toBeGreaterThan(0)
      let changes = 0
      for (const place of ranked) {
        const res = await getJson<PlacementHistory>(user, `/api/place/${place}/placements`)
        expect(res.status).toBe(200)
        const body = placementHistory.parse(res.body)
        const got = body.categories.flatMap((c) =>
          c.changes.map((ch) => ({ category: c.category_id, kind: ch.kind, day: ch.day })),
        )
        const want = expectedChanges(captures, place)
        const order = (a: { category: number; day: string }, b: { category: number; day: string }) =>
          a.category - b.category || a.day.localeCompare(b.day)
        expect(got.sort(order), `place ${place}`).toEqual(want.sort(order))
        changes += got.length
        for (const c of body.categories) {
          const mine = captures.filter((x) => x.place === place && x.category === c.category_id)
          const ranks = mine.flatMap((x) => (x.best === null ? [] : [x.best]))
          expect(c.best_rank).toBe(ranks.length > 0 ? Math.min(...ranks) : null)
          expect(c.days_in_category).toBe(ranks.length)
          expect(c.sponsored_days).toBe(mine.filter((x) => x.sponsored).length)
        }
      }
      // the fixture's 40 days hold movement: the check above compared real changes
      expect(changes).toBeGreaterThan(0)
    })

    it('flags the sponsored tiles the platform marks', async () => {
      const sponsored = captures.find((c) => c.sponsored)
      expect(sponsored).toBeDefined()
      const body = (await getJson<PlacementHistory>(user, `/api/place/${sponsored?.place}/placements`)).body
      const category = body.categories.find((c) => c.category_id === sponsored?.category)
      expect(category?.sponsored_days).toBeGreaterThan(0)
    })

    it('gives a visitor the last 30 days only', async () => {
      const place = captures.find((c) => c.best !== null)?.place
      const res = await getJson<PlacementHistory>(f, `/api/place/${place}/placements`)
      expect(res.status).toBe(200)
      const start = Date.parse(res.headers.get(HISTORY_START_HEADER) ?? '')
      expect(start).toBeGreaterThanOrEqual(f.now - 30 * DAY_MS)
      expect(res.body.from).toBe(dateOf(start))
      for (const c of res.body.categories)
        for (const ch of c.changes) expect(Date.parse(`${ch.day}T00:00:00Z`)).toBeGreaterThanOrEqual(start)
    })

    it('answers 404 for an untracked place and 400 naming a bad id', async () => {
      expect((await getJson(f, '/api/place/1/placements')).status).toBe(404)
      await expectBadRequest(f, '/api/place/abc/placements', 'placeId')
    })
  })

  describe('GET /api/place/{placeId}/markers', () => {
    it('marks each chart entry and exit at a capture that shows it, with its hover text', async () => {
      const place = [...new Set(captures.filter((c) => c.best !== null).map((c) => c.place))].find(
        (p) => expectedChanges(captures, p).length > 0,
      ) as number
      const res = await getJson<EventMarker[]>(user, `/api/place/${place}/markers`)
      expect(res.status).toBe(200)
      const markers = eventMarkerList
        .parse(res.body)
        .filter((m) => m.kind === 'chartEntry' || m.kind === 'chartExit')
      const want = expectedChanges(captures, place)
      expect(markers).toHaveLength(want.length)
      for (const m of markers) {
        const t = Date.parse(m.time)
        const category = m.category_id as number
        const title = chartCategoryById(category)?.title as string
        expect(m.text).toContain(m.kind === 'chartEntry' ? `Entered ${title}` : `Left ${title}`)
        expect(want).toContainEqual({
          category,
          kind: m.kind === 'chartEntry' ? 'entry' : 'exit',
          day: dateOf(t),
        })
        // the evidence: the capture at that time has the place ranked (entry) or not (exit)
        const atCapture = await f.raw<{ p: string; ranked: number }>(
          `SELECT toString(place_id) AS p, toUInt8(position IS NOT NULL) AS ranked
           FROM chart_positions FINAL WHERE category_id = {c:UInt8} AND slot = toDateTime({t:UInt32}, 'UTC')`,
          { c: category, t: t / 1000 },
        )
        expect(atCapture.length).toBeGreaterThan(0)
        expect(atCapture.some((c) => Number(c.p) === place && c.ranked === 1)).toBe(m.kind === 'chartEntry')
      }
      const times = res.body.map((m) => Date.parse(m.time))
      expect(times).toEqual([...times].sort((a, b) => a - b))
    })

    it('marks the CCU spikes the published rule finds in the hour rollups', async () => {
      let found = 0
      for (const place of f.placeIds.slice(0, 30)) {
        const hours = await f.raw<{ t: string; ccu: number }>(
          `SELECT toString(toUnixTimestamp(bucket)) AS t, ccu_sum / samples AS ccu FROM place_rollups FINAL
           WHERE granularity = 'hour' AND place_id = {p:UInt64} AND samples > 0`,
          { p: place },
        )
        const want = detectCcuSpikes(
          hours.map((h) => ({ time: Number(h.t) * 1000, ccu: h.ccu })),
          0,
        )
        const body = (await getJson<EventMarker[]>(user, `/api/place/${place}/markers`)).body
        const spikes = body.filter((m) => m.kind === 'ccuSpike')
        expect(spikes.map((m) => Date.parse(m.time))).toEqual(want.map((s) => s.time))
        for (const m of spikes) expect(m.text).toMatch(/^CCU spike.*robust deviations above the median of/)
        found += spikes.length
      }
      expect(found).toBeGreaterThan(0)
    })

    it('marks each change of the thumbnail set its captures show, with the old and new hashes', async () => {
      let found = 0
      for (const place of f.placeIds.slice(0, 40)) {
        const rows = await f.raw<{ type: 'Icon' | 'Banner'; hash: string; t: string }>(
          `SELECT type, hash, toString(toUnixTimestamp64Milli(observed_at)) AS t
           FROM place_thumbnails FINAL WHERE place_id = {p:UInt64} ORDER BY observed_at`,
          { p: place },
        )
        // Apart from the API: per image type, a capture whose hash differs from the type's last one.
        const want = new Map<number, { type: string; from: string; to: string }[]>()
        for (const type of ['Icon', 'Banner'] as const) {
          const mine = rows.filter((r) => r.type === type)
          mine.forEach((r, i) => {
            const prev = mine[i - 1]
            if (prev && prev.hash !== r.hash)
              want.set(Number(r.t), [...(want.get(Number(r.t)) ?? []), { type, from: prev.hash, to: r.hash }])
          })
        }
        const body = (await getJson<EventMarker[]>(user, `/api/place/${place}/markers`)).body
        const changes = eventMarkerList.parse(body).filter((m) => m.kind === 'thumbnailChange')
        expect(
          changes.map((m) => Date.parse(m.time)),
          `place ${place}`,
        ).toEqual([...want.keys()].sort((a, b) => a - b))
        for (const m of changes) {
          expect(m.thumbnails).toEqual(want.get(Date.parse(m.time)))
          expect(m.text).toMatch(/^The (icon|banner|icon and banner) images? (was|were) replaced: /)
        }
        for (const m of body.filter((x) => x.kind !== 'thumbnailChange')) expect(m.thumbnails).toEqual([])
        found += changes.length
      }
      expect(found).toBeGreaterThan(0)
    })

    it('marks a hand-made thumbnail change once, at its capture, and a repeated image not at all', async () => {
      // A place with both images captured, the last capture before the two hand-made ones.
      const unchangedAt = f.now - 2 * HOUR_MS
      const changedAt = f.now - HOUR_MS
      const [candidate] = await f.raw<{ p: string }>(
        `SELECT toString(place_id) AS p FROM place_thumbnails FINAL WHERE place_id IN {ids:Array(UInt64)}
         GROUP BY place_id HAVING uniqExact(type) = 2 AND max(observed_at) < {t:DateTime64(3)}
         ORDER BY place_id LIMIT 1`,
        { ids: f.placeIds, t: new Date(unchangedAt).toISOString().replace('T', ' ').replace('Z', '') },
      )
      const place = Number(candidate?.p)
      const latest = await f.raw<{ type: 'Icon' | 'Banner'; hash: string; t: string; u: string }>(
        `SELECT type, argMax(hash, observed_at) AS hash, toString(toUnixTimestamp64Milli(max(observed_at))) AS t,
                toString(any(universe_id)) AS u
         FROM place_thumbnails FINAL WHERE place_id = {p:UInt64} GROUP BY type`,
        { p: place },
      )
      const icon = latest.find((r) => r.type === 'Icon')
      const banner = latest.find((r) => r.type === 'Banner')
      expect(icon && banner).toBeTruthy()
      const universe = Number(icon?.u)
      expect(Math.max(...latest.map((r) => Number(r.t)))).toBeLessThan(unchangedAt)
      // Two captures after the last one: the banner seen again unchanged, then a new icon.
      const capture = (type: 'Icon' | 'Banner', hash: string, at: number) => ({
        schema_version: SCHEMA_VERSION,
        id: messageIdOf(universe, 'thumbnail', type, hash, at),
        universe_id: universe,
        place_id: place,
        observed_at: at,
        change: 'thumbnail' as const,
        type,
        hash,
      })
      const before = (await getJson<EventMarker[]>(user, `/api/place/${place}/markers`)).body
      await f.bus.publish(topics.metadata, [
        capture('Banner', banner?.hash ?? '', unchangedAt),
        capture('Icon', 'handmade0icon', changedAt),
      ])
      await f.bus.drain()

      const res = await getJson<EventMarker[]>(user, `/api/place/${place}/markers`)
      expect(res.status).toBe(200)
      const added = eventMarkerList
        .parse(res.body)
        .filter((m) => m.kind === 'thumbnailChange' && !before.some((b) => b.time === m.time))
      expect(added).toEqual([
        {
          kind: 'thumbnailChange',
          time: new Date(changedAt).toISOString(),
          text: expect.stringMatching(/^The icon image was replaced: /),
          category_id: null,
          thumbnails: [{ type: 'Icon', from: icon?.hash, to: 'handmade0icon' }],
        },
      ])
      // A visitor sees it too (it is inside the 30 days).
      const visitor = (await getJson<EventMarker[]>(f, `/api/place/${place}/markers`)).body
      expect(visitor.filter((m) => m.time === new Date(changedAt).toISOString())).toHaveLength(1)
    })

    it("keeps a visitor's markers inside the window", async () => {
      for (const place of f.placeIds.slice(0, 10)) {
        const res = await getJson<EventMarker[]>(f, `/api/place/${place}/markers`)
        expect(res.status).toBe(200)
        const start = Date.parse(res.headers.get(HISTORY_START_HEADER) ?? '')
        expect(start).toBeGreaterThanOrEqual(f.now - 30 * DAY_MS)
        for (const m of res.body) expect(Date.parse(m.time)).toBeGreaterThanOrEqual(start)
      }
    })
  })

  describe('GET /api/place/{placeId}/standing', () => {
    it("places the experience within its genre's and sub-genre's places of the last complete day", async () => {
      const place = f.placeIds[3] as number
      const res = await getJson<GenreStanding>(f, `/api/place/${place}/standing`)
      expect(res.status).toBe(200)
      const body = genreStanding.parse(res.body)
      expect(body.day).not.toBeNull()
      // the last complete day: its bucket (01:00 UTC) plus a day has passed
      const dayStart = Date.parse(`${body.day}T01:00:00Z`)
      expect(dayStart + DAY_MS).toBeLessThanOrEqual(f.now)
      expect(dayStart + 2 * DAY_MS).toBeGreaterThan(f.now)
      const values = await f.raw<{ place_id: string; ccu: number }>(
        `SELECT toString(place_id) AS place_id, ccu_sum / samples AS ccu FROM place_rollups FINAL
         WHERE granularity = 'day' AND toDate(bucket) = {day:Date} AND samples > 0`,
        { day: body.day },
      )
      const genre = body.groups.find((g) => g.scope === 'genre')
      const ccu = genre?.metrics.find((m) => m.metric === 'ccu')
      const mine = values.find((v) => Number(v.place_id) === place)
      expect(ccu?.value).toBeCloseTo(mine?.ccu ?? Number.NaN, 6)
      // its genre's places, from the materialised benchmarks' count and the peers the API ranked among
      const [benchmark] = await f.raw<{ places: number; ccu_p50: number; ccu_p90: number }>(
        `SELECT places, ccu_p50, ccu_p90 FROM genre_benchmarks_daily FINAL WHERE day = {day:Date} AND genre = {g:String}`,
        { day: body.day, g: body.genre },
      )
      expect(ccu?.places).toBe(benchmark?.places)
      expect(ccu?.distribution.p50).toBe(benchmark?.ccu_p50)
      expect(ccu?.distribution.p90).toBe(benchmark?.ccu_p90)
      const peers = await f.raw<{ ccu: number }>(
        `WITH genres AS (SELECT place_id FROM place_rollups FINAL WHERE granularity = 'day' AND toDate(bucket) = {day:Date})
         SELECT r.ccu_sum / r.samples AS ccu FROM place_rollups AS r FINAL
         WHERE r.granularity = 'day' AND toDate(r.bucket) = {day:Date} AND r.samples > 0
           AND r.place_id IN {ids:Array(UInt64)}`,
        { day: body.day, ids: await genreMembers(body.genre, body.day as string) },
      )
      expect(ccu?.percentile).toBeCloseTo(
        percentileOf(
          mine?.ccu ?? 0,
          peers.map((p) => p.ccu),
        ) ?? Number.NaN,
        9,
      )
      const sub = body.groups.find((g) => g.scope === 'sub_genre')
      expect(sub?.key).toBe(body.sub_genre)
      expect(sub?.metrics.find((m) => m.metric === 'ccu')?.places).toBeLessThanOrEqual(ccu?.places ?? 0)
      for (const g of body.groups)
        for (const m of g.metrics) {
          const d = m.distribution
          if (d.p25 !== null && d.p50 !== null && d.p75 !== null && d.p90 !== null) {
            expect(d.p25).toBeLessThanOrEqual(d.p50)
            expect(d.p50).toBeLessThanOrEqual(d.p75)
            expect(d.p75).toBeLessThanOrEqual(d.p90)
          }
        }
    })

    /** The places the materialiser filed under a genre: those of its benchmark count, by current genre. */
    async function genreMembers(genre: string, day: string): Promise<number[]> {
      const res = await getJson<{ experiences: { place_id: number }[] }>(f, `/api/genre/${genre}`)
      if (res.status !== 200) return []
      const ids = res.body.experiences.map((e) => e.place_id)
      const withDay = await f.raw<{ p: string }>(
        `SELECT toString(place_id) AS p FROM place_rollups FINAL
         WHERE granularity = 'day' AND toDate(bucket) = {day:Date} AND samples > 0`,
        { day },
      )
      const known = new Set(withDay.map((r) => Number(r.p)))
      return ids.filter((id) => known.has(id))
    }

    it('answers 404 for an untracked place', async () => {
      expect((await getJson(f, '/api/place/1/standing')).status).toBe(404)
    })
  })

  describe('GET /api/stats/genre-benchmarks/{genre}', () => {
    it("gives the genre's materialised distribution per day, a visitor's from the window", async () => {
      const [row] = await f.raw<{ genre: string }>(
        `SELECT genre FROM genre_benchmarks_daily FINAL ORDER BY places DESC, genre LIMIT 1`,
      )
      const genre = row?.genre as string
      const early = new Date(f.now - 35 * DAY_MS).toISOString()
      const visitor = await getJson<GenreBenchmarks>(
        f,
        `/api/stats/genre-benchmarks/${genre}?startTime=${early}`,
      )
      expect(visitor.status).toBe(200)
      const start = Date.parse(visitor.headers.get(HISTORY_START_HEADER) ?? '')
      expect(start).toBeGreaterThanOrEqual(f.now - 30 * DAY_MS)
      for (const d of genreBenchmarks.parse(visitor.body).days)
        expect(Date.parse(`${d.day}T00:00:00Z`)).toBeGreaterThanOrEqual(start)
      const signedIn = await getJson<GenreBenchmarks>(
        user,
        `/api/stats/genre-benchmarks/${genre}?startTime=${early}`,
      )
      expect(signedIn.body.days[0]?.day).toBe(dateOf(f.now - 35 * DAY_MS))
      expect(signedIn.body.days.length).toBeGreaterThan(visitor.body.days.length)
      const stored = await f.raw<{ d: string; ccu_p75: number }>(
        `SELECT toString(day) AS d, ccu_p75 FROM genre_benchmarks_daily FINAL
         WHERE genre = {g:String} AND day >= {from:Date} ORDER BY day`,
        { g: genre, from: dateOf(f.now - 35 * DAY_MS) },
      )
      expect(signedIn.body.days.map((d) => [d.day, d.ccu.p75])).toEqual(stored.map((s) => [s.d, s.ccu_p75]))
    })

    it('answers 404 for an unknown genre and 400 naming a bad startTime', async () => {
      expect((await getJson(f, '/api/stats/genre-benchmarks/nonsense')).status).toBe(404)
      await expectBadRequest(f, '/api/stats/genre-benchmarks/obby?startTime=yesterday', 'startTime')
    })
  })

  describe('GET /api/stats/ranking/{id}/changes', () => {
    it("lists who entered and who left against the category's previous captured day", async () => {
      const at = f.now - 3 * DAY_MS
      const res = await getJson<RankingDayChanges>(f, `/api/stats/ranking/8/changes?startTime=${at}`)
      expect(res.status).toBe(200)
      const body = rankingDayChanges.parse(res.body)
      expect(body.day).toBe(dateOf(at))
      const day = (d: string) =>
        new Set(
          captures.filter((c) => c.category === 8 && c.best !== null && c.day === d).map((c) => c.place),
        )
      const capturedDays = [...new Set(captures.filter((c) => c.category === 8).map((c) => c.day))].sort()
      const previous = capturedDays.filter((d) => d < body.day).at(-1) ?? null
      expect(body.compared_with).toBe(previous)
      const today = day(body.day)
      const before = day(previous as string)
      expect(body.entered.map((e) => e.place_id).sort()).toEqual(
        [...today].filter((p) => !before.has(p)).sort(),
      )
      expect(body.left.map((e) => e.place_id).sort()).toEqual([...before].filter((p) => !today.has(p)).sort())
    })

    it('compares a visitor only with days inside the window, and 404s an unknown category', async () => {
      const res = await getJson<RankingDayChanges>(
        f,
        `/api/stats/ranking/8/changes?startTime=${f.now - 40 * DAY_MS}`,
      )
      expect(res.status).toBe(200)
      expect(Date.parse(`${res.body.day}T00:00:00Z`)).toBeGreaterThanOrEqual(f.now - 30 * DAY_MS)
      expect(res.body.compared_with).toBeNull()
      expect((await getJson(f, '/api/stats/ranking/99/changes')).status).toBe(404)
    })
  })
})
