import { HISTORY_START_HEADER } from '@ludex/api'
import { experienceGenre, type genreStatsResponse, nextPeriodStart, periodStart } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { getJson } from './fixture.ts'
import { type ErrorBody, type StatsFixture, sec, startStatsFixture } from './stats-support.ts'

type GenreStats = z.infer<typeof genreStatsResponse>
const DAY = 86_400_000

describe('/api/stats/genres', () => {
  let s: StatsFixture
  beforeAll(async () => {
    s = await startStatsFixture()
  })
  afterAll(() => s.close())

  const genres = (path: string, as: 'user' | 'visitor' = 'user') =>
    getJson<GenreStats>(as === 'user' ? s.user : s.visitor, path)

  /**
   * Per genre: the sum of each place's exact average CCU over the raw slots, and the place count. Each
   * place's genre is the mapping in TypeScript over its latest details (never the SQL under test).
   */
  async function rawGenres(start: number, end: number) {
    const rows = await s.raw<{ v: number; name: string | null; l1: string | null; l2: string | null }>(
      `SELECT s.v AS v, d.t.1 AS name, d.t.2 AS l1, d.t.3 AS l2
       FROM (
         SELECT place_id, avg(playing) AS v FROM place_snapshots FINAL
         WHERE slot >= {from:DateTime} AND slot < {to:DateTime} GROUP BY place_id
       ) AS s
       LEFT JOIN (SELECT place_id, argMax((name, genre_l1, genre_l2), observed_at) AS t FROM place_details GROUP BY place_id) AS d
       USING (place_id)`,
      { from: sec(start), to: sec(end) },
    )
    const out = new Map<string, { total: number; n: number }>()
    for (const r of rows) {
      const genre = experienceGenre({ name: r.name ?? '', genreL1: r.l1, genreL2: r.l2 })
      const e = out.get(genre) ?? { total: 0, n: 0 }
      e.total += r.v
      e.n++
      out.set(genre, e)
    }
    return out
  }

  it('gives one series per genre of [time, average, total] as the raw snapshots give them', async () => {
    const { status, body, headers } = await genres('/api/stats/genres?granularity=day')
    expect(status).toBe(200)
    expect(body.stat).toBe('ccus')
    expect(headers.get('cache-control')).toBe('private, max-age=60')
    const names = body.series.map((x) => x.name)
    expect(names).toEqual([...names].sort())
    expect(new Set(names).size).toBe(names.length)
    for (const day of [
      periodStart(s.visitor.now - 20 * DAY, 'day'),
      periodStart(s.visitor.now - DAY, 'day'),
    ]) {
      const expected = await rawGenres(day, nextPeriodStart(day, 'day'))
      expect(new Set(names)).toEqual(new Set(expected.keys()))
      for (const series of body.series) {
        const row = series.data.find((r) => r[0] === day)!
        const e = expected.get(series.name)!
        // Rounded on both sides; the summation order may differ in the last bit.
        expect(Math.abs(row[1] - Math.round((e.total / e.n) * 10) / 10)).toBeLessThanOrEqual(0.1 + 1e-9)
        expect(Math.abs(row[2] - Math.floor(e.total))).toBeLessThanOrEqual(1)
        expect(Number.isInteger(row[2])).toBe(true)
        expect(Math.round(row[1] * 10)).toBeCloseTo(row[1] * 10, 6)
      }
    }
    // Genre stats start at 2022-01-01 by default, so at the data: the fixture's history begins
    // 2026-10-09 14:10, a part of that day that is left out; the first whole day is the 10th.
    const [first] = await s.raw<{ b: number; slot: number }>(
      `SELECT toUnixTimestamp(min(bucket)) * 1000 AS b, (SELECT toUnixTimestamp(min(slot)) * 1000 FROM platform_ccu) AS slot
       FROM genre_ccu FINAL WHERE granularity = 'day'`,
    )
    expect(Number(first!.b)).toBe(Date.UTC(2026, 9, 9, 1))
    expect(Number(first!.slot)).toBe(Date.UTC(2026, 9, 9, 14, 10))
    for (const series of body.series) expect(series.data[0]![0]).toBe(Date.UTC(2026, 9, 10, 1))
  })

  it('falls back from hour to day', async () => {
    const hour = await genres('/api/stats/genres?granularity=hour')
    const day = await genres('/api/stats/genres?granularity=day')
    const byDefault = await genres('/api/stats/genres')
    expect(hour.status).toBe(200)
    expect(hour.body).toEqual(day.body)
    expect(byDefault.body).toEqual(day.body)
    for (const row of hour.body.series[0]!.data) expect(new Date(row[0]).getUTCHours()).toBe(1)
  })

  it('serves weeks from Monday 01:00 and months from day 1 at 01:00', async () => {
    const week = await genres('/api/stats/genres?granularity=week')
    const month = await genres('/api/stats/genres?granularity=month')
    for (const series of week.body.series) {
      for (const [t] of series.data) {
        expect(new Date(t).getUTCDay()).toBe(1)
        expect(new Date(t).getUTCHours()).toBe(1)
      }
    }
    for (const series of month.body.series) {
      for (const [t] of series.data) {
        expect(new Date(t).getUTCDate()).toBe(1)
        expect(new Date(t).getUTCHours()).toBe(1)
      }
    }
    expect(month.body.series.length).toBeGreaterThan(0)
  })

  it('snaps startTime to its period start', async () => {
    const t = Date.UTC(2026, 10, 12, 0, 30)
    const { body } = await genres(`/api/stats/genres?startTime=${new Date(t).toISOString()}`)
    for (const series of body.series) expect(series.data[0]![0]).toBe(Date.UTC(2026, 10, 11, 1))
  })

  it('clamps a visitor to the last 30 days', async () => {
    const { status, body, headers } = await genres('/api/stats/genres?startTime=2022-01-01', 'visitor')
    expect(status).toBe(200)
    const expected = nextPeriodStart(s.visitor.now - 30 * DAY, 'day')
    expect(headers.get(HISTORY_START_HEADER)).toBe(new Date(expected).toISOString())
    expect(headers.get('cache-control')).toBe('public, max-age=60')
    for (const series of body.series) expect(series.data[0]![0]).toBe(expected)
  })

  it('starts a visitor’s first bucket inside the window when the start’s period began before it', async () => {
    // Inside the window (it opens 2026-10-19T14:03Z), but in weeks and months that began earlier.
    const cases = [
      ['day', '2026-10-19T20:00:00Z', Date.UTC(2026, 9, 19, 1), Date.UTC(2026, 9, 20, 1)],
      ['week', '2026-10-21T00:00:00Z', Date.UTC(2026, 9, 19, 1), Date.UTC(2026, 9, 26, 1)],
      // October began before the fixture's history (2026-10-09 14:10): not whole, so a user's first
      // month is November too.
      ['month', '2026-10-25T00:00:00Z', Date.UTC(2026, 10, 1, 1), Date.UTC(2026, 10, 1, 1)],
    ] as const
    for (const [g, start, userFirst, visitorFirst] of cases) {
      const path = `/api/stats/genres?granularity=${g}&startTime=${start}`
      const visitor = await genres(path, 'visitor')
      expect(visitor.headers.get(HISTORY_START_HEADER), g).toBe(new Date(visitorFirst).toISOString())
      const user = await genres(path)
      expect(user.headers.get(HISTORY_START_HEADER)).toBeNull()
      expect(visitor.body.series.map((x) => x.name)).toEqual(user.body.series.map((x) => x.name))
      for (const series of visitor.body.series) {
        expect(series.data[0]![0], `${g} ${series.name}`).toBe(visitorFirst)
        const all = user.body.series.find((x) => x.name === series.name)!.data
        expect(all[0]![0]).toBe(userFirst)
        expect(all.slice(all.findIndex((r) => r[0] === visitorFirst))).toEqual(series.data)
      }
    }
  })

  it.each([
    ['/api/stats/genres?granularity=year', 'granularity'],
    ['/api/stats/genres?granularity=', 'granularity'],
    ['/api/stats/genres?startTime=tomorrow', 'startTime'],
    ['/api/stats/genres?startTime=2022-02-30T25:00', 'startTime'],
    ['/api/stats/genres?endTime=2026-01-01', 'endTime'],
    ['/api/stats/genres?placeIds=1', 'placeIds'],
    ['/api/stats/genres?granularity=day&granularity=week', 'granularity'],
  ])('refuses %s naming %s', async (path, field) => {
    const { status, body } = await getJson<ErrorBody>(s.visitor, path)
    expect(status).toBe(400)
    expect(body.error.details?.[0]?.field).toBe(field)
  })
})
