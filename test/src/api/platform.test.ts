import type { ClickHouseClient } from '@clickhouse/client'
import { HISTORY_START_HEADER } from '@ludex/api'
import {
  dailyPickList,
  experienceGenre,
  firstWholePeriodStart,
  type Granularity,
  genreDistribution,
  genreGroupKey,
  isExperienceGenre,
  movementList,
  PARTIAL_FROM_HEADER,
  periodStart,
  platformCcuList,
} from '@ludex/schemas'
import { dailyPicksFor, experienceAt, metadataAt } from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, expectBadRequest, getJson, startApiFixture } from './fixture.ts'

const DAY_MS = 86_400_000
async function rows<T>(client: ClickHouseClient, query: string): Promise<T[]> {
  const rs = await client.query({ query, format: 'JSONEachRow' })
  return rs.json<T>()
}

const ms = (chTime: string) => Date.parse(`${chTime.replace(' ', 'T')}Z`)
const iso = (t: number) => new Date(t).toISOString()

describe('/api/platform', () => {
  /** Answered to a visitor; `user` is the same fixture answered to a signed-in user. */
  let f: ApiFixture
  let user: ApiFixture
  let db: ClickHouseClient
  beforeAll(async () => {
    f = await startApiFixture()
    user = await asUser(f)
    db = f.clickhouse
    // The visitor window opens at now − 30 days: 2026-10-19T14:03Z, a Monday afternoon.
    expect(f.now - 30 * DAY_MS).toBe(Date.UTC(2026, 9, 19, 14, 3))
  })
  afterAll(async () => {
    await f.close()
  })

  /** The picks of a date as the simulator makes them (the backfill names a pick as of its day). */
  const modelPicks = (date: string) => {
    const dayMs = Date.parse(`${date}T00:00:00Z`)
    return {
      date,
      places: dailyPicksFor(f.model, date).map((i) => ({
        name: metadataAt(f.model, i, dayMs).name,
        place_id: experienceAt(f.model, i).rootPlaceId,
      })),
    }
  }

  describe('picks', () => {
    it('answers the current picks as a one-element list', async () => {
      const { status, body, headers } = await getJson(f, '/api/platform/picks')
      expect(status).toBe(200)
      const list = dailyPickList.parse(body)
      expect(list).toEqual([modelPicks(iso(f.now).slice(0, 10))])
      expect(list[0]!.places.length).toBeGreaterThanOrEqual(10)
      expect(headers.get(HISTORY_START_HEADER)).toBeNull()
      expect(headers.get('cache-control')).toBe('public, max-age=60')
    })

    it('answers every date of a range, both ends included, by date', async () => {
      const { status, body, headers } = await getJson(
        f,
        '/api/platform/picks?startTime=2026-11-01&endTime=2026-11-05',
      )
      expect(status).toBe(200)
      expect(body).toEqual(
        ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'].map(modelPicks),
      )
      expect(headers.get(HISTORY_START_HEADER)).toBeNull()
      // Epoch milliseconds work as well as ISO dates.
      const byMs = await getJson(
        f,
        `/api/platform/picks?startTime=${Date.UTC(2026, 10, 3, 12)}&endTime=${Date.UTC(2026, 10, 4, 0, 30)}`,
      )
      expect(byMs.body).toEqual([modelPicks('2026-11-03'), modelPicks('2026-11-04')])
    })

    it('moves a visitor’s start to the 30-day window and says so', async () => {
      const { status, body, headers } = await getJson(
        f,
        '/api/platform/picks?startTime=2024-01-01&endTime=2026-12-31',
      )
      expect(status).toBe(200)
      const list = dailyPickList.parse(body)
      // The window opens 2026-10-19 14:03: its first whole date is the 20th; 2026-10-20 … 2026-11-18.
      const firstVisible = '2026-10-20'
      expect(list[0]?.date).toBe(firstVisible)
      expect(list.at(-1)?.date).toBe(iso(f.now).slice(0, 10))
      expect(list).toHaveLength(30)
      expect(headers.get(HISTORY_START_HEADER)).toBe(`${firstVisible}T00:00:00.000Z`)
      // Only an end: the start defaults to the first picks (2024-09-20), then the window moves it.
      const endOnly = await getJson(f, '/api/platform/picks?endTime=2026-11-01')
      expect(endOnly.headers.get(HISTORY_START_HEADER)).toBe(`${firstVisible}T00:00:00.000Z`)
      expect(dailyPickList.parse(endOnly.body).map((p) => p.date)).toEqual(
        list.map((p) => p.date).filter((d) => d <= '2026-11-01'),
      )
      // A start inside the window on the date it opens is moved too; the next date is kept.
      const opening = await getJson(
        f,
        '/api/platform/picks?startTime=2026-10-19T20:00:00Z&endTime=2026-10-21',
      )
      expect(opening.headers.get(HISTORY_START_HEADER)).toBe(`${firstVisible}T00:00:00.000Z`)
      expect(dailyPickList.parse(opening.body).map((p) => p.date)).toEqual(['2026-10-20', '2026-10-21'])
      const next = await getJson(f, '/api/platform/picks?startTime=2026-10-20&endTime=2026-10-21')
      expect(next.headers.get(HISTORY_START_HEADER)).toBeNull()
      expect(next.body).toEqual(opening.body)
      // A user gets what was asked.
      const all = await getJson(user, '/api/platform/picks?startTime=2026-10-19T20:00:00Z&endTime=2026-10-21')
      expect(all.headers.get(HISTORY_START_HEADER)).toBeNull()
      expect(all.body).toEqual(['2026-10-19', '2026-10-20', '2026-10-21'].map(modelPicks))
    })

    it('answers a month as the daily picks page asks for it, the older dates kept from a visitor', async () => {
      // October 2026: the backfill's picks start on the 9th; the visitor window's first date is the 20th.
      const october = '/api/platform/picks?startTime=2026-10-01&endTime=2026-10-31'
      const all = await getJson(user, october)
      expect(all.headers.get(HISTORY_START_HEADER)).toBeNull()
      const dates = dailyPickList.parse(all.body).map((p) => p.date)
      expect(dates[0]).toBe('2026-10-09')
      expect(dates).toHaveLength(23)
      expect(all.body).toEqual(dates.map(modelPicks))
      const visitor = await getJson(f, october)
      expect(visitor.headers.get(HISTORY_START_HEADER)).toBe('2026-10-20T00:00:00.000Z')
      expect(visitor.body).toEqual(dates.filter((d) => d >= '2026-10-20').map(modelPicks))
      // A month wholly before the window: nothing of it, and the header says where a visitor's dates start.
      const september = await getJson(f, '/api/platform/picks?startTime=2026-09-01&endTime=2026-09-30')
      expect(september.status).toBe(200)
      expect(september.body).toEqual([])
      expect(september.headers.get(HISTORY_START_HEADER)).toBe('2026-10-20T00:00:00.000Z')
    })

    it('refuses bad input, naming the parameter', async () => {
      await expectBadRequest(f, '/api/platform/picks?startTime=yesterday', 'startTime')
      await expectBadRequest(f, '/api/platform/picks?startTime=2026-11-01&endTime=2026-13-01', 'endTime')
      await expectBadRequest(f, '/api/platform/picks?startTime=2026-11-05&endTime=2026-11-01', 'endTime')
      await expectBadRequest(f, '/api/platform/picks?startTime=2026-11-01&startTime=2026-11-02', 'startTime')
      await expectBadRequest(f, '/api/platform/picks?date=2026-11-01', 'date')
    })

    it('answers an empty list for a range that holds no picks, not a 400 about a time never given (found by the fuzz run)', async () => {
      // An end before the first picks (the default start), and a start after today (the default end).
      for (const path of [
        '/api/platform/picks?endTime=2020-01-01',
        '/api/platform/picks?startTime=2099-01-01',
      ]) {
        const res = await getJson(f, path)
        expect(res.status, path).toBe(200)
        expect(dailyPickList.parse(res.body), path).toEqual([])
      }
    })
  })

  describe('ccu', () => {
    let raw: { slot: number; ccu: number }[]
    beforeAll(async () => {
      raw = (
        await rows<{ slot: string; tracked_ccu: number }>(
          db,
          'SELECT slot, tracked_ccu FROM platform_ccu FINAL',
        )
      ).map((r) => ({ slot: ms(r.slot), ccu: Number(r.tracked_ccu) }))
    })

    /**
     * Whole periods from the raw rows: the floor of the average of every slot of each period whose
     * start lies in [periodStart(from), periodStart(to)], leaving out a period that began before the
     * stored history (the first slot) unless it is the one in progress at `now`.
     */
    const expected = (g: Granularity, from: number, to: number) => {
      const firstWhole = Math.min(
        firstWholePeriodStart(Math.min(...raw.map((r) => r.slot)), g),
        periodStart(f.now, g),
      )
      const lo = Math.max(periodStart(from, g), firstWhole)
      const hi = periodStart(to, g)
      const sums = new Map<number, { sum: number; n: number }>()
      for (const r of raw) {
        const key = periodStart(r.slot, g)
        if (key < lo || key > hi) continue
        const s = sums.get(key) ?? { sum: 0, n: 0 }
        s.sum += r.ccu
        s.n += 1
        sums.set(key, s)
      }
      return [...sums.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([t, s]) => ({ time: iso(t), ccu: Math.floor(s.sum / s.n) }))
    }

    it('averages the tracked CCU per day (01:00 UTC), over the visitor’s last 30 days by default', async () => {
      const { status, body, headers } = await getJson(f, '/api/platform/ccu?granularity=day')
      expect(status).toBe(200)
      const list = platformCcuList.parse(body)
      // The first day that starts inside the window (2026-10-19T14:03Z) is the 20th, at 01:00.
      const firstDay = Date.UTC(2026, 9, 20, 1)
      expect(headers.get(HISTORY_START_HEADER)).toBe(iso(firstDay))
      expect(list).toEqual(expected('day', firstDay, f.now))
      expect(list[0]?.time).toBe(iso(firstDay))
      expect(list.length).toBe(30)
      expect(list.every((p) => p.time.endsWith('T01:00:00.000Z'))).toBe(true)
      // A whole day, checked by hand: the 144 slots from 01:00 to 00:50 the next day.
      const day = Date.UTC(2026, 10, 10, 1)
      const slots = raw.filter((r) => r.slot >= day && r.slot < day + DAY_MS)
      expect(slots).toHaveLength(144)
      const avg = Math.floor(slots.reduce((s, r) => s + r.ccu, 0) / slots.length)
      expect(list.find((p) => p.time === iso(day))?.ccu).toBe(avg)
      // Day is the default granularity.
      expect((await getJson(f, '/api/platform/ccu')).body).toEqual(body)
    })

    it('serves hour and week periods and an explicit range inside the window without a header', async () => {
      const from = Date.UTC(2026, 10, 16, 5, 0)
      const to = Date.UTC(2026, 10, 17, 5, 0)
      const hour = await getJson(f, `/api/platform/ccu?granularity=hour&startTime=${from}&endTime=${iso(to)}`)
      expect(hour.status).toBe(200)
      expect(hour.headers.get(HISTORY_START_HEADER)).toBeNull()
      const hours = platformCcuList.parse(hour.body)
      expect(hours).toEqual(expected('hour', from, to))
      // Hours start at minute 1: the slot at 05:00 closes the hour that began at 04:01.
      expect(hours[0]?.time).toBe('2026-11-16T04:01:00.000Z')
      expect(hours.slice(1).every((p) => p.time.endsWith(':01:00.000Z'))).toBe(true)
      const week = await getJson(
        f,
        `/api/platform/ccu?granularity=week&startTime=${iso(f.now - 20 * DAY_MS)}`,
      )
      const weeks = platformCcuList.parse(week.body)
      expect(weeks).toEqual(expected('week', f.now - 20 * DAY_MS, f.now))
      // The start (Thursday 2026-10-29 14:03) snaps down to its week, read whole from Monday 01:00.
      expect(weeks[0]?.time).toBe('2026-10-26T01:00:00.000Z')
      expect(weeks.every((p) => new Date(p.time).getUTCDay() === 1)).toBe(true)
      // A visitor's months start inside the window: November only, in progress. A user's would reach
      // back to October, but the fixture's history begins 2026-10-09 14:10: October is not whole.
      const month = await getJson(f, '/api/platform/ccu?granularity=month')
      expect(month.headers.get(HISTORY_START_HEADER)).toBe('2026-11-01T01:00:00.000Z')
      expect(month.headers.get(PARTIAL_FROM_HEADER)).toBe('2026-11-01T01:00:00.000Z')
      expect(platformCcuList.parse(month.body).map((p) => p.time)).toEqual(['2026-11-01T01:00:00.000Z'])
      const userMonth = await getJson(user, '/api/platform/ccu?granularity=month')
      expect(userMonth.headers.get(HISTORY_START_HEADER)).toBeNull()
      expect(platformCcuList.parse(userMonth.body).map((p) => p.time)).toEqual(['2026-11-01T01:00:00.000Z'])
    })

    it('labels a visitor’s periods inside the window when the start’s period began before it', async () => {
      // Each start lies inside the window (2026-10-19T14:03Z), in a period that began before it.
      // Worked by hand: a user's first period is the one holding the start, read whole; a visitor's
      // first period is the next one.
      const cases = [
        ['hour', '2026-10-19T14:30:00.000Z', '2026-10-19T14:01:00.000Z', '2026-10-19T15:01:00.000Z'],
        ['day', '2026-10-19T20:00:00.000Z', '2026-10-19T01:00:00.000Z', '2026-10-20T01:00:00.000Z'],
        ['week', '2026-10-21T00:00:00.000Z', '2026-10-19T01:00:00.000Z', '2026-10-26T01:00:00.000Z'],
      ] as const
      for (const [g, start, userFirst, visitorFirst] of cases) {
        const path = `/api/platform/ccu?granularity=${g}&startTime=${start}`
        const visitor = await getJson(f, path)
        expect(visitor.headers.get(HISTORY_START_HEADER), g).toBe(visitorFirst)
        const seen = platformCcuList.parse(visitor.body)
        expect(seen[0]?.time, g).toBe(visitorFirst)
        expect(seen).toEqual(expected(g, Date.parse(visitorFirst), f.now))
        const signedIn = await getJson(user, path)
        expect(signedIn.headers.get(HISTORY_START_HEADER)).toBeNull()
        const all = platformCcuList.parse(signedIn.body)
        expect(all[0]?.time, g).toBe(userFirst)
        expect(all).toEqual(expected(g, Date.parse(start), f.now))
        expect(all.slice(1)).toEqual(seen)
      }
      // The first hour by hand: the visitor's 15:01 hour holds the slots 15:10 … 16:00.
      const hourSlots = raw.filter(
        (r) => r.slot > Date.UTC(2026, 9, 19, 15) && r.slot <= Date.UTC(2026, 9, 19, 16),
      )
      expect(hourSlots).toHaveLength(6)
      const firstHour = platformCcuList.parse(
        (await getJson(f, '/api/platform/ccu?granularity=hour&startTime=2026-10-19T14:30:00Z')).body,
      )[0]
      expect(firstHour?.ccu).toBe(Math.floor(hourSlots.reduce((sum, r) => sum + r.ccu, 0) / 6))
    })

    it('refuses bad input, naming the parameter', async () => {
      await expectBadRequest(f, '/api/platform/ccu?granularity=year', 'granularity')
      await expectBadRequest(f, '/api/platform/ccu?granularity=', 'granularity')
      await expectBadRequest(f, '/api/platform/ccu?startTime=soon', 'startTime')
      await expectBadRequest(f, '/api/platform/ccu?endTime=2026-02-30T25:00', 'endTime')
      await expectBadRequest(f, '/api/platform/ccu?startTime=2026-11-10&endTime=2026-11-09', 'endTime')
      await expectBadRequest(f, '/api/platform/ccu?placeIds=1', 'placeIds')
    })

    it('answers an empty list for an end before the default start, not a 400 about a startTime never given (found by the fuzz run)', async () => {
      const res = await getJson(f, '/api/platform/ccu?endTime=2020-01-01')
      expect(res.status).toBe(200)
      expect(platformCcuList.parse(res.body)).toEqual([])
    })
  })

  describe('genre', () => {
    it('splits the latest complete slot’s CCU by genre, two levels', async () => {
      const { status, body } = await getJson(f, '/api/platform/genre?new')
      expect(status).toBe(200)
      const dist = genreDistribution.parse(body)
      const [latest] = await rows<{ slot: string; tracked_ccu: number }>(
        db,
        'SELECT slot, tracked_ccu FROM platform_ccu FINAL ORDER BY slot DESC LIMIT 1',
      )
      expect(dist.time).toBe(iso(ms(latest!.slot)))
      expect(dist.genres.length).toBeGreaterThan(3)
      expect(dist.genres.reduce((s, g) => s + g.share, 0)).toBeCloseTo(1, 6)
      expect(dist.genres.reduce((s, g) => s + g.ccu, 0)).toBe(Number(latest!.tracked_ccu))
      for (const g of dist.genres) {
        expect(g.share).toBeCloseTo(g.ccu / Number(latest!.tracked_ccu), 9)
        expect(g.children.reduce((s, c) => s + c.ccu, 0)).toBe(g.ccu)
        if (g.ccu > 0) expect(g.children.reduce((s, c) => s + c.share, 0)).toBeCloseTo(1, 6)
      }
      for (let i = 1; i < dist.genres.length; i++) {
        expect(dist.genres[i - 1]!.ccu).toBeGreaterThanOrEqual(dist.genres[i]!.ccu)
      }
      // The same CCU by the places' current genres (the mapping in TypeScript over their latest
      // details) and sub-genres, from the snapshots of that slot.
      const perPlace = await rows<{ playing: number; name: string; l1: string; l2: string }>(
        db,
        `SELECT s.playing AS playing, d.t.1 AS name, d.t.2 AS l1, d.t.3 AS l2
         FROM (SELECT place_id, playing FROM place_snapshots FINAL WHERE slot = '${latest!.slot}') AS s
         LEFT JOIN (SELECT place_id, argMax((name, genre_l1, genre_l2), observed_at) AS t FROM place_details GROUP BY place_id) AS d
         USING (place_id)`,
      )
      const expected = new Map<string, Map<string, number>>()
      for (const p of perPlace) {
        const genre = experienceGenre({ name: p.name, genreL1: p.l1, genreL2: p.l2 })
        const subs = expected.get(genre) ?? new Map<string, number>()
        const sub = genreGroupKey(p.l2)
        subs.set(sub, (subs.get(sub) ?? 0) + Number(p.playing))
        expected.set(genre, subs)
      }
      expect(
        Object.fromEntries(
          dist.genres.map((g) => [g.name, Object.fromEntries(g.children.map((c) => [c.name, c.ccu]))]),
        ),
      ).toEqual(Object.fromEntries([...expected].map(([g, subs]) => [g, Object.fromEntries(subs)])))
      for (const g of dist.genres) expect(isExperienceGenre(g.name), g.name).toBe(true)
    })

    it('requires the new flag and refuses anything else', async () => {
      await expectBadRequest(f, '/api/platform/genre', 'new')
      await expectBadRequest(f, '/api/platform/genre?new=maybe', 'new')
      await expectBadRequest(f, '/api/platform/genre?new&granularity=day', 'granularity')
    })
  })

  describe('movement', () => {
    /** Entries and exits of every comparable day, from daily_ranks (rank ≤ 100 now vs 7 days earlier). */
    async function movementFromRanks() {
      const ranks = await rows<{ day: string; place_id: number; rank: number }>(
        db,
        'SELECT toString(day) AS day, place_id, rank FROM daily_ranks FINAL',
      )
      const byDay = new Map<string, Map<number, number>>()
      for (const r of ranks) {
        const m = byDay.get(r.day) ?? new Map<number, number>()
        m.set(Number(r.place_id), Number(r.rank))
        byDay.set(r.day, m)
      }
      const days = [...byDay.keys()].sort()
      const out: { day: string; entries: unknown[]; exits: unknown[] }[] = []
      for (const day of days) {
        const before = byDay.get(iso(Date.parse(`${day}T00:00:00Z`) - 7 * DAY_MS).slice(0, 10))
        const now = byDay.get(day)!
        if (!before) continue
        const inTop = (m: Map<number, number>, id: number) => (m.get(id) ?? Number.POSITIVE_INFINITY) <= 100
        const entries = [...now.keys()]
          .filter((id) => inTop(now, id) && !inTop(before, id))
          .map((id) => {
            const old = before.get(id) ?? null
            return {
              place_id: id,
              rank: now.get(id)!,
              old_rank: old,
              gain: old === null ? null : old - now.get(id)!,
            }
          })
          .sort((a, b) => a.rank - b.rank || a.place_id - b.place_id)
        const exits = [...before.keys()]
          .filter((id) => inTop(before, id) && !inTop(now, id))
          .map((id) => {
            const rank = now.get(id) ?? null
            return {
              place_id: id,
              rank,
              old_rank: before.get(id)!,
              gain: rank === null ? null : before.get(id)! - rank,
            }
          })
          .sort((a, b) => a.old_rank - b.old_rank || a.place_id - b.place_id)
        out.push({ day, entries, exits })
      }
      return out
    }

    it('lists the latest day’s top-100 entries and exits as daily_ranks has them', async () => {
      const days = await movementFromRanks()
      const latest = days.filter((d) => d.entries.length + d.exits.length > 0).at(-1)
      expect(latest).toBeDefined()
      const entries = await getJson(f, '/api/platform/movement?type=top100entry')
      expect(entries.status).toBe(200)
      const list = movementList.parse(entries.body)
      expect(list).toEqual(latest!.entries)
      expect(list.length).toBeGreaterThan(0)
      for (const e of list) {
        expect(e.rank).toBeLessThanOrEqual(100)
        expect(e.old_rank === null || e.old_rank > 100).toBe(true)
        expect(e.gain).toBe(e.old_rank === null ? null : e.old_rank - e.rank!)
      }
      const exits = await getJson(f, '/api/platform/movement?type=top100exit')
      expect(exits.status).toBe(200)
      expect(movementList.parse(exits.body)).toEqual(latest!.exits)
    })

    it('refuses a missing or unknown type', async () => {
      await expectBadRequest(f, '/api/platform/movement', 'type')
      await expectBadRequest(f, '/api/platform/movement?type=top10entry', 'type')
      await expectBadRequest(f, '/api/platform/movement?type=top100entry&type=top100exit', 'type')
    })

    // Last: it writes movement rows of a later day into this file's private copy of the data.
    it('orders exits by their old rank and reads the latest day for both types', async () => {
      const day = iso(f.now - DAY_MS).slice(0, 10)
      const exitRows: [number, number | null, number][] = [
        [9001, 130, 12],
        [9002, null, 3],
        [9003, 101, 57],
      ]
      const values = exitRows
        .map(
          ([id, rank, old]) =>
            `('${day}', 'top100exit', ${id}, ${rank ?? 'NULL'}, ${old}, ${rank === null ? 'NULL' : old - rank}, now64(3), 0)`,
        )
        .join(', ')
      await db.command({
        query: `INSERT INTO top100_movement (day, type, place_id, rank, old_rank, gain, computed_at, is_deleted) VALUES ${values}`,
      })
      const exits = await getJson(f, '/api/platform/movement?type=top100exit')
      expect(movementList.parse(exits.body)).toEqual([
        { place_id: 9002, rank: null, gain: null, old_rank: 3 },
        { place_id: 9001, rank: 130, gain: -118, old_rank: 12 },
        { place_id: 9003, rank: 101, gain: -44, old_rank: 57 },
      ])
      // That day has no entries: the entries table is empty rather than an older day's.
      expect((await getJson(f, '/api/platform/movement?type=top100entry')).body).toEqual([])
    })
  })
})
