import type { ClickHouseClient } from '@clickhouse/client'
import { HISTORY_START_HEADER } from '@ludex/api'
import { eventStatList, rankingSeries, rankingSnapshot } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, type ErrorBody, getJson, startApiFixture } from './fixture.ts'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
const SLOT_MS = 600_000
async function rows<T>(client: ClickHouseClient, query: string): Promise<T[]> {
  const rs = await client.query({ query, format: 'JSONEachRow' })
  return rs.json<T>()
}

const ms = (chTime: string) => Date.parse(`${chTime.replace(' ', 'T')}Z`)
const iso = (t: number) => new Date(t).toISOString()

async function expectStatus(f: ApiFixture, path: string, status: number, field?: string): Promise<ErrorBody> {
  const res = await getJson<ErrorBody>(f, path)
  expect(res.status, path).toBe(status)
  if (field)
    expect(
      res.body.error.details?.map((d) => d.field),
      path,
    ).toContain(field)
  return res.body
}

describe('rankings and events', () => {
  let f: ApiFixture
  let db: ClickHouseClient
  /** Every ranked chart capture in a Ludex category (ad tiles have no position): category, place, slot, position. */
  let captures: { category: number; place: number; slot: number; pos: number; sponsored: boolean }[]
  const byPlace = new Map<number, typeof captures>()
  const windowStart = () => f.now - 30 * DAY_MS

  beforeAll(async () => {
    f = await startApiFixture()
    db = f.clickhouse
    captures = (
      await rows<{
        category_id: number
        place_id: number
        slot: string
        position: number
        sponsored: boolean
      }>(
        db,
        `SELECT category_id, place_id, slot, position, sponsored FROM chart_positions FINAL
         WHERE category_id != 0 AND position IS NOT NULL`,
      )
    ).map((r) => ({
      category: r.category_id,
      place: Number(r.place_id),
      slot: ms(r.slot),
      pos: r.position,
      sponsored: r.sponsored,
    }))
    for (const c of captures) {
      const list = byPlace.get(c.place)
      if (list) list.push(c)
      else byPlace.set(c.place, [c])
    }
  })
  afterAll(async () => {
    await f.close()
  })

  describe('/api/stats/ranking', () => {
    /**
     * The gantt periods of a place from its captures since `from`: per category, captures in slot
     * order; a capture covers its 10-minute slot and joins the open period when it starts less than an
     * hour after that period's end.
     */
    function expectedPeriods(place: number, from: number) {
      const best = new Map<string, { category: number; slot: number; pos: number }>()
      for (const c of byPlace.get(place) ?? []) {
        if (c.slot < from) continue
        const key = `${c.category}:${c.slot}`
        const seen = best.get(key)
        if (!seen || c.pos < seen.pos) best.set(key, c)
      }
      const sorted = [...best.values()].sort((a, b) => a.category - b.category || a.slot - b.slot)
      const periods: { start: number; end: number; peak: number; y: number }[] = []
      for (const c of sorted) {
        const last = periods.at(-1)
        if (last && last.y === c.category && c.slot - last.end < HOUR_MS) {
          last.end = c.slot + SLOT_MS
          last.peak = Math.min(last.peak, c.pos)
        } else {
          periods.push({ start: c.slot, end: c.slot + SLOT_MS, peak: c.pos, y: c.category })
        }
      }
      return periods.map((p) => ({ start: iso(p.start), end: iso(p.end), name: `#${p.peak}`, y: p.y }))
    }

    /** The tracked place whose captures fall into the most separate periods (gaps to split on). */
    function busiestPlace(): number {
      const counts = new Map<number, number>()
      for (const place of byPlace.keys()) {
        counts.set(place, expectedPeriods(place, windowStart()).length)
      }
      return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0]
    }

    it('merges a place’s chart captures into periods per category, peak rank as name', async () => {
      const place = busiestPlace()
      const { status, body, headers } = await getJson(f, `/api/stats/ranking?placeId=${place}`)
      expect(status).toBe(200)
      const periods = rankingSeries.parse(body)
      // The default start is 3 years back: a visitor's is moved to the 30-day window.
      const start = Math.ceil(windowStart() / SLOT_MS) * SLOT_MS
      expect(headers.get(HISTORY_START_HEADER)).toBe(iso(start))
      expect(periods).toEqual(expectedPeriods(place, start))
      // Hourly captures merge (50-minute gaps); a category left and re-entered splits into periods.
      const perCategory = new Map<number, number>()
      for (const p of periods) perCategory.set(p.y, (perCategory.get(p.y) ?? 0) + 1)
      expect(Math.max(...perCategory.values())).toBeGreaterThan(1)
      expect(periods.some((p) => Date.parse(p.end) - Date.parse(p.start) > 3 * HOUR_MS)).toBe(true)
      for (let i = 1; i < periods.length; i++) {
        const [a, b] = [periods[i - 1]!, periods[i]!]
        if (a.y === b.y) expect(Date.parse(b.start) - Date.parse(a.end)).toBeGreaterThanOrEqual(HOUR_MS)
      }
      expect(periods.every((p) => /^#\d+$/.test(p.name) && p.start >= iso(start))).toBe(true)
    })

    it('starts at startTime inside the window without a header', async () => {
      const place = busiestPlace()
      const from = f.now - 5 * DAY_MS
      const { body, headers } = await getJson(f, `/api/stats/ranking?placeId=${place}&startTime=${iso(from)}`)
      expect(headers.get(HISTORY_START_HEADER)).toBeNull()
      expect(body).toEqual(expectedPeriods(place, Math.floor(from / SLOT_MS) * SLOT_MS))
    })

    it('keeps a visitor out of the slot the window opens in', async () => {
      // A place the fixture captured in a chart at 14:00 (hourly), the slot the window opens in.
      const place = captures.find((c) => c.slot === Date.UTC(2026, 9, 19, 14))!.place
      // 14:05 is inside the window (it opens at 14:03), but its slot began at 14:00, before it.
      const { body, headers } = await getJson(
        f,
        `/api/stats/ranking?placeId=${place}&startTime=2026-10-19T14:05:00Z`,
      )
      expect(headers.get(HISTORY_START_HEADER)).toBe('2026-10-19T14:10:00.000Z')
      expect(body).toEqual(expectedPeriods(place, Date.UTC(2026, 9, 19, 14, 10)))
      const user = await asUser(f)
      const all = await getJson(user, `/api/stats/ranking?placeId=${place}&startTime=2026-10-19T14:05:00Z`)
      expect(all.headers.get(HISTORY_START_HEADER)).toBeNull()
      expect(all.body).toEqual(expectedPeriods(place, Date.UTC(2026, 9, 19, 14)))
      expect(all.body).not.toEqual(body)
    })

    it('holds the place, at its peak or below, in the category’s capture at each period’s start (the gantt’s links)', async () => {
      const place = busiestPlace()
      const user = await asUser(f)
      const periods = rankingSeries.parse(
        (await getJson(user, `/api/stats/ranking?placeId=${place}&startTime=${iso(f.now - 10 * DAY_MS)}`))
          .body,
      )
      expect(periods.length).toBeGreaterThan(3)
      for (const p of periods) {
        // The rankings page sends epoch ms.
        const res = await getJson(user, `/api/stats/ranking/${p.y}?startTime=${Date.parse(p.start)}`)
        const snap = rankingSnapshot.parse(res.body)
        expect(snap.time, `${p.y} at ${p.start}`).toBe(p.start)
        const held = snap.positions.find((x) => x.place_id === place)
        expect(held?.pos, `${p.y} at ${p.start}`).toBeGreaterThanOrEqual(Number(p.name.slice(1)))
      }
    })

    it('answers an empty list for a tracked place never in a chart, 404 for an untracked one', async () => {
      const quiet = f.placeIds.find((id) => !byPlace.has(id))
      if (quiet !== undefined) {
        expect((await getJson(f, `/api/stats/ranking?placeId=${quiet}`)).body).toEqual([])
      }
      const missing = await expectStatus(f, '/api/stats/ranking?placeId=1', 404)
      expect(missing.error.code).toBe('not_found')
    })

    it('refuses bad input, naming the parameter', async () => {
      const place = f.placeIds[0]
      await expectStatus(f, '/api/stats/ranking', 400, 'placeId')
      await expectStatus(f, '/api/stats/ranking?placeId=abc', 400, 'placeId')
      await expectStatus(f, '/api/stats/ranking?placeId=0', 400, 'placeId')
      await expectStatus(f, '/api/stats/ranking?placeId=1,2', 400, 'placeId')
      await expectStatus(f, `/api/stats/ranking?placeId=${place}&startTime=later`, 400, 'startTime')
      await expectStatus(f, `/api/stats/ranking?placeId=${place}&placeId=${place}`, 400, 'placeId')
      await expectStatus(f, `/api/stats/ranking?placeId=${place}&granularity=day`, 400, 'granularity')
    })
  })

  describe('/api/stats/ranking/{id}', () => {
    /** A category's positions at a slot, from the raw captures. */
    function positionsAt(category: number, slot: number) {
      const best = new Map<number, number>()
      for (const c of captures) {
        if (c.category !== category || c.slot !== slot) continue
        best.set(c.place, Math.min(best.get(c.place) ?? Number.POSITIVE_INFINITY, c.pos))
      }
      return [...best.entries()]
        .map(([place_id, pos]) => ({ place_id, pos }))
        .sort((a, b) => a.pos - b.pos || a.place_id - b.place_id)
    }
    const latestSlotAtOrBefore = (category: number, t: number) =>
      Math.max(...captures.filter((c) => c.category === category && c.slot <= t).map((c) => c.slot))

    it('answers the positions of the latest capture at or before the time, ordered', async () => {
      const at = Date.UTC(2026, 10, 10, 7, 42) // the page sends epoch ms
      const { status, body, headers } = await getJson(f, `/api/stats/ranking/8?startTime=${at}`)
      expect(status).toBe(200)
      const snap = rankingSnapshot.parse(body)
      const slot = latestSlotAtOrBefore(8, at)
      expect(slot).toBe(Date.UTC(2026, 10, 10, 7)) // captured hourly
      expect(snap.time).toBe(iso(slot))
      expect(snap.positions).toEqual(positionsAt(8, slot))
      expect(snap.positions.length).toBeGreaterThan(10)
      expect(snap.positions.map((p) => p.pos)).toEqual(snap.positions.map((_, i) => i + 1))
      expect(headers.get(HISTORY_START_HEADER)).toBeNull()
      // ISO works too, and a capture's own instant is included.
      const exact = await getJson(f, `/api/stats/ranking/8?startTime=${iso(slot)}`)
      expect(exact.body).toEqual(body)
    })

    it('defaults to now and reads every category of its own', async () => {
      const now = await getJson(f, '/api/stats/ranking/38')
      expect(now.headers.get(HISTORY_START_HEADER)).toBeNull()
      const snap = rankingSnapshot.parse(now.body)
      const slot = latestSlotAtOrBefore(38, f.now)
      expect(snap.time).toBe(iso(slot))
      expect(snap.positions).toEqual(positionsAt(38, slot))
      const other = rankingSnapshot.parse((await getJson(f, '/api/stats/ranking/10')).body)
      expect(other.positions).toEqual(positionsAt(10, latestSlotAtOrBefore(10, f.now)))
    })

    it('gives a visitor asking before the window the first capture inside it', async () => {
      const { status, body, headers } = await getJson(
        f,
        `/api/stats/ranking/8?startTime=${Date.UTC(2026, 9, 12)}`,
      )
      expect(status).toBe(200)
      const snap = rankingSnapshot.parse(body)
      const first = Math.min(
        ...captures.filter((c) => c.category === 8 && c.slot >= windowStart()).map((c) => c.slot),
      )
      expect(snap.time).toBe(iso(first))
      expect(snap.positions).toEqual(positionsAt(8, first))
      // The window opens 2026-10-19T14:03Z; its first slot is 14:10.
      expect(headers.get(HISTORY_START_HEADER)).toBe('2026-10-19T14:10:00.000Z')
    })

    it('ranks a place the same capture also showed as a sponsored tile, at its organic position', async () => {
      // The simulator, like the platform, can pick an ad among the ranked places; the sink keeps both
      // listings as one row (position and sponsored), which the ranking must not leave out as an ad.
      const both = captures
        .filter((c) => c.sponsored && c.slot >= windowStart())
        .sort((a, b) => b.slot - a.slot || a.category - b.category)[0]
      if (!both) throw new Error('the fixture holds no capture of a place both ranked and sponsored')
      const snap = rankingSnapshot.parse(
        (await getJson(f, `/api/stats/ranking/${both.category}?startTime=${both.slot}`)).body,
      )
      expect(snap.time).toBe(iso(both.slot))
      expect(snap.positions).toContainEqual({ place_id: both.place, pos: both.pos })
      expect(snap.positions).toEqual(positionsAt(both.category, both.slot))
    })

    it('answers 404 for an unknown ranking and 400 for a malformed id or time', async () => {
      for (const id of [1, 13, 39, 999]) {
        const body = await expectStatus(f, `/api/stats/ranking/${id}`, 404)
        expect(body.error.message).toMatch(/unknown ranking/)
      }
      await expectStatus(f, '/api/stats/ranking/abc', 400, 'id')
      await expectStatus(f, '/api/stats/ranking/0', 400, 'id')
      await expectStatus(f, '/api/stats/ranking/8.5', 400, 'id')
      await expectStatus(f, '/api/stats/ranking/8?startTime=noon', 400, 'startTime')
      await expectStatus(f, '/api/stats/ranking/8?time=1', 400, 'time')
    })
  })

  describe('/api/stats/events', () => {
    it('is staff-only, and serves an empty list before any event credential exists', async () => {
      const path = '/api/stats/events?granularity=day&startTime=2025-01-23&endTime=2026-11-18'
      expect((await getJson(f, path)).status).toBe(401)
      expect((await getJson(await asUser(f), path)).status).toBe(403)
      const admin = await asUser(f, 'admin')
      const { status, body } = await getJson(admin, path)
      expect(status).toBe(200)
      expect(eventStatList.parse(body)).toEqual([])
      expect((await getJson(admin, '/api/stats/events')).status).toBe(200)
    })

    it('refuses bad input, naming the parameter', async () => {
      const admin = await asUser(f, 'admin')
      await expectStatus(admin, '/api/stats/events?granularity=hour', 400, 'granularity')
      await expectStatus(admin, '/api/stats/events?granularity=week', 400, 'granularity')
      await expectStatus(admin, '/api/stats/events?startTime=x', 400, 'startTime')
      await expectStatus(admin, '/api/stats/events?endTime=x', 400, 'endTime')
      await expectStatus(admin, '/api/stats/events?startTime=2025-02-01&endTime=2025-01-01', 400)
      await expectStatus(admin, '/api/stats/events?placeIds=1', 400, 'placeIds')
    })
  })
})
