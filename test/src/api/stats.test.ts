import { HISTORY_START_HEADER } from '@ludex/api'
import {
  firstWholePeriodStart,
  floorValue,
  type Granularity,
  nextPeriodStart,
  PARTIAL_FROM_HEADER,
  periodStart,
  ratingTimes100,
  roundAverageCcu,
  type StatsResponse,
  snapToSlot,
  statsStartMs,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getJson } from './fixture.ts'
import { type ErrorBody, type StatsFixture, sec, startStatsFixture } from './stats-support.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

interface RawBucket {
  ccu: number
  vmax: number
  vmin: number
  fav: number
  up: number | null
  down: number | null
  span: number
}

describe('/api/stats/{kind}', () => {
  let s: StatsFixture
  /** The two busiest tracked places, and the most recently created one. */
  let busy: number[]
  let late: { id: number; createdMs: number }

  beforeAll(async () => {
    s = await startStatsFixture()
    const top = await s.raw<{ place_id: number }>(
      `SELECT place_id FROM place_snapshots FINAL GROUP BY place_id ORDER BY max(playing) DESC LIMIT 2`,
    )
    busy = top.map((r) => Number(r.place_id))
    const [newest] = await s.raw<{ place_id: number; c: number }>(
      `SELECT place_id, toUnixTimestamp64Milli(argMax(created_at, observed_at)) AS c
       FROM place_details GROUP BY place_id ORDER BY c DESC LIMIT 1`,
    )
    late = { id: Number(newest!.place_id), createdMs: Number(newest!.c) }
  })
  afterAll(() => s.close())

  /** The bucket [from, next) of one place computed from the raw snapshots. */
  async function rawBucket(placeId: number, g: Granularity, start: number): Promise<RawBucket> {
    const [row] = await s.raw<RawBucket>(
      `SELECT avg(playing) AS ccu, max(visits) AS vmax, min(visits) AS vmin,
              argMax(favorites, slot) AS fav, argMax(up_votes, slot) AS up, argMax(down_votes, slot) AS down,
              toUnixTimestamp(max(slot)) - toUnixTimestamp(min(slot)) AS span
       FROM place_snapshots FINAL
       WHERE place_id = {p:UInt64} AND slot >= {from:DateTime} AND slot < {to:DateTime}`,
      { p: placeId, from: sec(start), to: sec(nextPeriodStart(start, g)) },
    )
    return {
      ccu: row!.ccu,
      vmax: Number(row!.vmax),
      vmin: Number(row!.vmin),
      fav: Number(row!.fav),
      up: row!.up === null ? null : Number(row!.up),
      down: row!.down === null ? null : Number(row!.down),
      span: Number(row!.span),
    }
  }

  async function stats(path: string, as: 'user' | 'visitor' = 'user') {
    return getJson<StatsResponse>(as === 'user' ? s.user : s.visitor, path)
  }

  function rowAt(body: StatsResponse, placeId: number, time: number): number[] | undefined {
    return body.series.find((x) => x.place_id === placeId)?.data.find((r) => r[0] === time)
  }

  it('serves one series per place in the requested order, named, with gaps absent', async () => {
    const ids = [busy[1]!, busy[0]!, late.id]
    const { status, body, headers } = await stats(`/api/stats/ccus?placeIds=${ids.join(',')}`)
    expect(status).toBe(200)
    expect(body.stat).toBe('ccus')
    expect(body.series.map((x) => x.place_id)).toEqual(ids)
    const names = await s.raw<{ place_id: number; name: string }>(
      `SELECT place_id, argMax(name, observed_at) AS name FROM place_details
       WHERE place_id IN {ids:Array(UInt64)} GROUP BY place_id`,
      { ids },
    )
    for (const n of names) {
      expect(body.series.find((x) => x.place_id === Number(n.place_id))?.name).toBe(n.name)
    }
    // The late place has no row before it was first seen: absent, not zero. Its first day is left
    // out too when it was first seen after 01:00 (part of a day, not a whole one).
    const lateSeries = body.series[2]!.data
    const [seen] = await s.raw<{ ms: number }>(
      'SELECT toUnixTimestamp(min(slot)) * 1000 AS ms FROM place_snapshots WHERE place_id = {p:UInt64}',
      { p: late.id },
    )
    const firstSlot = Number(seen!.ms)
    expect(firstSlot).toBeGreaterThanOrEqual(snapToSlot(late.createdMs))
    expect(lateSeries[0]![0]).toBe(firstWholePeriodStart(firstSlot, 'day'))
    expect(lateSeries[0]![0]).toBe(
      periodStart(firstSlot, 'day') === firstSlot ? firstSlot : nextPeriodStart(firstSlot, 'day'),
    )
    expect(body.series[0]!.data.length).toBeGreaterThan(lateSeries.length)
    expect(headers.get('cache-control')).toBe('private, max-age=60')
    expect(headers.get(HISTORY_START_HEADER)).toBeNull()
  })

  it('computes hour and day rows of every kind as the raw snapshots give them', async () => {
    const p = busy[0]!
    const startMs = s.visitor.now - 5 * DAY
    const ids = `placeIds=${p}&startTime=${startMs}`
    const kinds = ['ccus', 'visits', 'favorites', 'rating', 'likes', 'playtime'] as const
    for (const g of ['hour', 'day'] as const) {
      const bodies = Object.fromEntries(
        await Promise.all(
          kinds.map(async (k) => [k, (await stats(`/api/stats/${k}?${ids}&granularity=${g}`)).body] as const),
        ),
      )
      // A day bucket starts at 01:00 UTC and holds the slot at 01:00; an hour bucket starts at HH:01.
      const buckets = [periodStart(startMs + DAY, g), periodStart(startMs + 2 * DAY + 7 * HOUR, g)]
      for (const b of buckets) {
        expect(new Date(b).getUTCMinutes()).toBe(g === 'hour' ? 1 : 0)
        if (g === 'day') expect(new Date(b).getUTCHours()).toBe(1)
        const raw = await rawBucket(p, g, b)
        expect(rowAt(bodies.ccus!, p, b)).toEqual([b, roundAverageCcu(raw.ccu)])
        expect(rowAt(bodies.visits!, p, b)).toEqual([b, raw.vmax])
        expect(rowAt(bodies.favorites!, p, b)).toEqual([b, raw.fav])
        const up = raw.up!
        const down = raw.down!
        const rating = rowAt(bodies.rating!, p, b)!
        expect(rating).toEqual([b, ratingTimes100(up / (up + down))])
        expect(rating[1]).toBeGreaterThan(1)
        expect(rating[1]).toBeLessThanOrEqual(100)
        const likes = rowAt(bodies.likes!, p, b)!
        expect(likes).toEqual([b, up, -down])
        expect(likes[2]).toBeLessThan(0)
        const playtime = rowAt(bodies.playtime!, p, b)!
        expect(raw.vmax).toBeGreaterThan(raw.vmin)
        expect(playtime).toEqual([b, floorValue((raw.ccu * raw.span) / (raw.vmax - raw.vmin))])
        expect(playtime[1]).toBeGreaterThan(0)
      }
    }
  })

  it('leaves out playtime rows where no visit was gained', async () => {
    const flat = await s.raw<{ place_id: number; bucket: number }>(
      `SELECT place_id, toUnixTimestamp(bucket) * 1000 AS bucket FROM place_rollups FINAL
       WHERE granularity = 'hour' AND visits_max = visits_min AND samples > 1 LIMIT 1`,
    )
    const { place_id, bucket } = flat[0]!
    const t = Number(bucket)
    const path = `placeIds=${place_id}&granularity=hour&startTime=${t - 3 * HOUR}&endTime=${t + 3 * HOUR}`
    const playtime = (await stats(`/api/stats/playtime?${path}`)).body
    const ccus = (await stats(`/api/stats/ccus?${path}`)).body
    expect(rowAt(ccus, Number(place_id), t)).toBeDefined()
    expect(rowAt(playtime, Number(place_id), t)).toBeUndefined()
  })

  it('snaps the start down to its period start and the end up to 10 minutes', async () => {
    const p = busy[0]!
    const day = Date.UTC(2026, 10, 10)
    const first = async (g: Granularity, start: number, end: number) => {
      const { body } = await stats(
        `/api/stats/ccus?placeIds=${p}&granularity=${g}&startTime=${new Date(start).toISOString()}&endTime=${new Date(end).toISOString()}`,
      )
      const data = body.series[0]!.data
      return [data[0]![0], data.at(-1)![0]]
    }
    // 13:37 lies in the day that began at 01:00; 00:30 still lies in the previous day.
    expect(await first('day', day + 13 * HOUR + 37 * 60_000, day + 2 * DAY + 12 * HOUR)).toEqual([
      day + HOUR,
      day + 2 * DAY + HOUR,
    ])
    expect((await first('day', day + 30 * 60_000, day + 12 * HOUR))[0]).toBe(day - DAY + HOUR)
    // An end at 00:45 snaps to 00:50 (day of the 9th … 10th); at 00:51 it snaps to 01:00, whose slot
    // opens the next day.
    expect((await first('day', day, day + DAY + 45 * 60_000))[1]).toBe(day + HOUR)
    expect((await first('day', day, day + DAY + 51 * 60_000))[1]).toBe(day + DAY + HOUR)
    // Hours start at HH:01: the slot at 12:00 belongs to the hour of 11:01.
    expect(await first('hour', day + 12 * HOUR, day + 15 * HOUR)).toEqual([
      day + 11 * HOUR + 60_000,
      day + 14 * HOUR + 60_000,
    ])
    expect((await first('hour', day + 12 * HOUR, day + 15 * HOUR + 30_000))[1]).toBe(day + 15 * HOUR + 60_000)
    // Weeks start on Monday 01:00 (2026-11-09 is a Monday), months on day 1 at 01:00.
    expect((await first('week', day + 3 * DAY, day + 4 * DAY))[0]).toBe(Date.UTC(2026, 10, 9, 1))
    expect((await first('month', day, day + DAY))[0]).toBe(Date.UTC(2026, 10, 1, 1))
  })

  it('starts at the creation date by default (signed in)', async () => {
    const { body, headers } = await stats(`/api/stats/visits?placeIds=${late.id}&granularity=hour`)
    expect(headers.get(HISTORY_START_HEADER)).toBeNull()
    const first = body.series[0]!.data[0]![0]
    expect(first).toBeGreaterThanOrEqual(periodStart(statsStartMs(late.createdMs, s.visitor.now), 'hour'))
    // …and long-lived places from their first whole day of data: the fixture's history begins
    // 2026-10-09 14:10, so the rollup of that day holds part of it and is not served.
    const old = await stats(`/api/stats/ccus?placeIds=${busy[0]}`)
    const [firstDay] = await s.raw<{ b: number; first: number }>(
      `SELECT toUnixTimestamp(min(bucket)) * 1000 AS b, toUnixTimestamp(min(first_slot)) * 1000 AS first
       FROM place_rollups FINAL WHERE granularity = 'day' AND place_id = {p:UInt64}`,
      { p: busy[0] },
    )
    expect(Number(firstDay!.b)).toBe(Date.UTC(2026, 9, 9, 1))
    expect(Number(firstDay!.first)).toBe(Date.UTC(2026, 9, 9, 14, 10))
    expect(old.body.series[0]!.data[0]![0]).toBe(Date.UTC(2026, 9, 10, 1))
  })

  it('clamps a visitor to the last 30 days and says where history starts', async () => {
    const now = s.visitor.now
    for (const g of ['hour', 'day', 'week', 'month'] as const) {
      const { status, body, headers } = await stats(
        `/api/stats/ccus?placeIds=${busy[0]}&granularity=${g}&startTime=2020-01-01`,
        'visitor',
      )
      expect(status).toBe(200)
      const edge = now - 30 * DAY
      // The first bucket is the first period that starts inside the window.
      const expected = periodStart(edge, g) === edge ? edge : nextPeriodStart(edge, g)
      expect(headers.get(HISTORY_START_HEADER)).toBe(new Date(expected).toISOString())
      const data = body.series[0]!.data
      expect(data.length).toBeGreaterThan(0)
      expect(data[0]![0]).toBe(expected)
      expect(headers.get('cache-control')).toBe('public, max-age=60')
    }
    // Within the window nothing is clamped.
    const inside = await stats(`/api/stats/ccus?placeIds=${busy[0]}&startTime=${now - 10 * DAY}`, 'visitor')
    expect(inside.headers.get(HISTORY_START_HEADER)).toBeNull()
    expect(inside.body.series[0]!.data[0]![0]).toBe(periodStart(now - 10 * DAY, 'day'))
    // A range entirely before the window yields no rows (and is not an error).
    const before = await stats(
      `/api/stats/ccus?placeIds=${busy[0]}&startTime=${now - 39 * DAY}&endTime=${now - 35 * DAY}`,
      'visitor',
    )
    expect(before.status).toBe(200)
    expect(before.body.series[0]!.data).toEqual([])
  })

  it('starts a visitor’s first bucket inside the window when the start is inside but its period is not', async () => {
    const p = busy[0]!
    // The window opens 2026-10-19T14:03Z (now − 30 days), a Monday afternoon. Each start lies inside
    // it, in a period that began before it. Worked by hand: the start, a user's first bucket (its
    // period start) and a visitor's (the next period start).
    expect(s.visitor.now - 30 * DAY).toBe(Date.UTC(2026, 9, 19, 14, 3))
    const cases = [
      ['hour', '2026-10-19T14:30:00Z', Date.UTC(2026, 9, 19, 14, 1), Date.UTC(2026, 9, 19, 15, 1)],
      ['day', '2026-10-19T20:00:00Z', Date.UTC(2026, 9, 19, 1), Date.UTC(2026, 9, 20, 1)],
      ['week', '2026-10-21T00:00:00Z', Date.UTC(2026, 9, 19, 1), Date.UTC(2026, 9, 26, 1)],
    ] as const
    for (const [g, start, userFirst, visitorFirst] of cases) {
      const path = `/api/stats/ccus?placeIds=${p}&granularity=${g}&startTime=${start}`
      const visitor = await stats(path, 'visitor')
      expect(visitor.status).toBe(200)
      expect(visitor.headers.get(HISTORY_START_HEADER), g).toBe(new Date(visitorFirst).toISOString())
      const seen = visitor.body.series[0]!.data
      expect(seen[0], g).toEqual([visitorFirst, roundAverageCcu((await rawBucket(p, g, visitorFirst)).ccu)])
      const user = await stats(path)
      expect(user.headers.get(HISTORY_START_HEADER)).toBeNull()
      const all = user.body.series[0]!.data
      expect(all[0], g).toEqual([userFirst, roundAverageCcu((await rawBucket(p, g, userFirst)).ccu)])
      // After the first bucket both read the same buckets.
      expect(all.slice(all.findIndex((r) => r[0] === visitorFirst))).toEqual(seen)
    }
    // Months: the visitor's first is November. A user's would be October, but the fixture's history
    // begins 2026-10-09 14:10, so October is not whole and only November (in progress) is served.
    // Every variant of the call goes by the same rule.
    for (const variant of [
      `placeIds=${busy.join(',')}`,
      `placeIds=${busy.join(',')}&aggregation=average`,
      `tagId=${s.userTags[0]!.id}&aggregation=average`,
      `tagId=${s.userTags[0]!.id}&aggregation=average&includeZeros=true&withPercentiles=true`,
    ]) {
      const path = `/api/stats/visits?${variant}&granularity=month&startTime=2026-10-25T00:00:00Z`
      const visitor = await stats(path, 'visitor')
      expect(visitor.headers.get(HISTORY_START_HEADER), variant).toBe('2026-11-01T01:00:00.000Z')
      for (const series of visitor.body.series) {
        expect(
          series.data.map((r) => r[0]),
          variant,
        ).toEqual([Date.UTC(2026, 10, 1, 1)])
      }
      const user = await stats(path)
      expect(user.headers.get(PARTIAL_FROM_HEADER), variant).toBe('2026-11-01T01:00:00.000Z')
      for (const series of user.body.series) {
        expect(
          series.data.map((r) => r[0]),
          variant,
        ).toEqual([Date.UTC(2026, 10, 1, 1)])
      }
    }
  })

  it('leaves untracked ids out and answers 404 when none is tracked', async () => {
    const some = await stats(`/api/stats/ccus?placeIds=1,${busy[0]},2`)
    expect(some.status).toBe(200)
    expect(some.body.series.map((x) => x.place_id)).toEqual([busy[0]])
    const none = await getJson<ErrorBody>(s.user, '/api/stats/ccus?placeIds=1,2')
    expect(none.status).toBe(404)
    expect(none.body.error.code).toBe('not_found')
  })

  it('leaves the fixed /api/stats paths to their own routes', async () => {
    for (const path of ['/api/stats/events', '/api/stats/genres', '/api/stats/ranking?placeId=1']) {
      const r = await getJson<ErrorBody>(s.user, path)
      expect(r.body?.error?.details?.[0]?.field).not.toBe('kind')
      expect(r.status).not.toBe(500)
    }
  })

  it.each([
    ['/api/stats/foo?placeIds=1', 'kind'],
    ['/api/stats/ccus', 'placeIds'],
    ['/api/stats/ccus?placeIds=', 'placeIds'],
    ['/api/stats/ccus?placeIds=abc', 'placeIds'],
    ['/api/stats/ccus?placeIds=0', 'placeIds'],
    ['/api/stats/ccus?placeIds=1,-2', 'placeIds'],
    [`/api/stats/ccus?placeIds=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, 'placeIds'],
    ['/api/stats/ccus?placeIds=1&granularity=minute', 'granularity'],
    ['/api/stats/ccus?placeIds=1&granularity=', 'granularity'],
    ['/api/stats/ccus?placeIds=1&startTime=yesterday', 'startTime'],
    ['/api/stats/ccus?placeIds=1&startTime=2026-13-45', 'startTime'],
    ['/api/stats/ccus?placeIds=1&endTime=soon', 'endTime'],
    ['/api/stats/ccus?placeIds=1&startTime=2026-11-10&endTime=2026-11-01', 'startTime'],
    ['/api/stats/ccus?placeIds=1&aggregation=sum', 'aggregation'],
    ['/api/stats/ccus?placeIds=1&aggregation=average&includeZeros=maybe', 'includeZeros'],
    ['/api/stats/ccus?placeIds=1&aggregation=average&withPercentiles=2', 'withPercentiles'],
    ['/api/stats/ccus?placeIds=1&includeZeros=true', 'includeZeros'],
    ['/api/stats/ccus?placeIds=1&withPercentiles=true', 'withPercentiles'],
    ['/api/stats/likes?placeIds=1&aggregation=average&withPercentiles=true', 'withPercentiles'],
    ['/api/stats/ccus?tagId=abc&aggregation=average', 'tagId'],
    ['/api/stats/ccus?tagId=0&aggregation=average', 'tagId'],
    ['/api/stats/ccus?tagId=7', 'aggregation'],
    ['/api/stats/ccus?tagId=7&placeIds=1&aggregation=average', 'tagId'],
    ['/api/stats/ccus?placeIds=1&limit=5', 'limit'],
    ['/api/stats/ccus?placeIds=1&placeIds=2', 'placeIds'],
  ])('refuses %s naming %s', async (path, field) => {
    const { status, body } = await getJson<ErrorBody>(s.visitor, path)
    expect(status).toBe(400)
    expect(body.error.code).toBe('invalid_request')
    expect(body.error.details?.[0]?.field).toBe(field)
  })
})
