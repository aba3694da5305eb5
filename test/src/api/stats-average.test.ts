import { HISTORY_START_HEADER } from '@ludex/api'
import {
  firstWholePeriodStart,
  nextPeriodStart,
  periodStart,
  roundAverageCcu,
  type StatsResponse,
  TAG_STATS_START_MS,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getJson } from './fixture.ts'
import {
  type ErrorBody,
  quantileInclusive,
  type StatsFixture,
  sec,
  startStatsFixture,
} from './stats-support.ts'

const DAY = 86_400_000

describe('/api/stats/{kind} average variant', () => {
  let s: StatsFixture
  /** A busy place, a tracked place with zero CCU throughout, and the most recently created place. */
  let busy: number
  let idle: number
  let late: { id: number; createdMs: number }

  beforeAll(async () => {
    s = await startStatsFixture()
    const [top] = await s.raw<{ p: number }>(
      'SELECT place_id AS p FROM place_snapshots FINAL GROUP BY place_id ORDER BY max(playing) DESC LIMIT 1',
    )
    busy = Number(top!.p)
    const [zero] = await s.raw<{ p: number }>(
      'SELECT place_id AS p FROM place_snapshots FINAL GROUP BY place_id HAVING max(playing) = 0 ORDER BY p LIMIT 1',
    )
    idle = Number(zero!.p)
    const [newest] = await s.raw<{ p: number; c: number }>(
      `SELECT place_id AS p, toUnixTimestamp64Milli(argMax(created_at, observed_at)) AS c
       FROM place_details GROUP BY place_id ORDER BY c DESC LIMIT 1`,
    )
    late = { id: Number(newest!.p), createdMs: Number(newest!.c) }
  })
  afterAll(() => s.close())

  /** Each place's exact average CCU over the raw slots of [start, next start). */
  async function rawCcu(ids: readonly number[], g: 'day' | 'week', start: number) {
    const rows = await s.raw<{ p: number; v: number }>(
      `SELECT place_id AS p, avg(playing) AS v FROM place_snapshots FINAL
       WHERE place_id IN {ids:Array(UInt64)} AND slot >= {from:DateTime} AND slot < {to:DateTime}
       GROUP BY place_id`,
      { ids, from: sec(start), to: sec(nextPeriodStart(start, g)) },
    )
    return new Map(rows.map((r) => [Number(r.p), r.v]))
  }

  async function average(path: string, as: 'user' | 'visitor' = 'user') {
    return getJson<StatsResponse>(as === 'user' ? s.user : s.visitor, path)
  }

  it('averages places per bucket, with and without zeros (hand-checked)', async () => {
    const ids = [busy, idle, late.id]
    // Before the late place existed: busy > 0, idle = 0, late missing.
    const before = periodStart(late.createdMs - 3 * DAY, 'day')
    const after = periodStart(late.createdMs + 3 * DAY, 'day')
    const q = `placeIds=${ids.join(',')}&aggregation=average&startTime=${before}&endTime=${after}`
    const without = (await average(`/api/stats/ccus?${q}&includeZeros=false`)).body
    const withZeros = (await average(`/api/stats/ccus?${q}&includeZeros=true`)).body
    const byDefault = (await average(`/api/stats/ccus?${q}`)).body
    expect(byDefault).toEqual(without)
    for (const body of [without, withZeros]) {
      expect(body.series).toHaveLength(1)
      expect(body.series[0]).toMatchObject({ place_id: 0, name: 'Average' })
    }
    const at = (body: StatsResponse, t: number) => body.series[0]!.data.find((r) => r[0] === t)

    const b1 = await rawCcu(ids, 'day', before)
    expect(b1.get(late.id)).toBeUndefined()
    expect(b1.get(idle)).toBe(0)
    const busyV = b1.get(busy)!
    expect(at(without, before)).toEqual([before, roundAverageCcu(busyV)])
    expect(at(withZeros, before)).toEqual([before, roundAverageCcu(busyV / 3)])

    const b2 = await rawCcu(ids, 'day', after)
    const lateV = b2.get(late.id)!
    expect(lateV).toBeGreaterThan(0)
    expect(at(without, after)).toEqual([after, roundAverageCcu((b2.get(busy)! + lateV) / 2)])
    expect(at(withZeros, after)).toEqual([after, roundAverageCcu((b2.get(busy)! + lateV) / 3)])
  })

  it('averages likes and dislikes apart, dislikes negative', async () => {
    const ids = [busy, late.id]
    const t = periodStart(late.createdMs + 3 * DAY, 'day')
    const { body } = await average(
      `/api/stats/likes?placeIds=${ids.join(',')}&aggregation=average&includeZeros=true&startTime=${t}&endTime=${t}`,
    )
    const votes = await s.raw<{ up: number; down: number }>(
      `SELECT up_votes_last AS up, down_votes_last AS down FROM place_rollups FINAL
       WHERE granularity = 'day' AND bucket = {b:DateTime} AND place_id IN {ids:Array(UInt64)}`,
      { b: sec(t), ids },
    )
    const up = votes.reduce((a, v) => a + Number(v.up), 0) / 2
    const down = votes.reduce((a, v) => a + Number(v.down), 0) / 2
    expect(body.series[0]!.data).toEqual([[t, Math.floor(up), -Math.floor(down)]])
  })

  it('averages a tag with quartiles equal to an independent exact computation', async () => {
    const tag = s.visitor.tags[0]!
    for (const includeZeros of [false, true]) {
      const { status, body } = await average(
        `/api/stats/ccus?tagId=${tag.id}&granularity=week&aggregation=average&withPercentiles=true&includeZeros=${includeZeros}`,
      )
      expect(status).toBe(200)
      expect(body.series).toHaveLength(1)
      expect(body.series[0]).toMatchObject({ place_id: 0, name: tag.name })
      const data = body.series[0]!.data
      expect(data.length).toBeGreaterThanOrEqual(5)
      for (const row of data) {
        expect(row).toHaveLength(4)
        expect(row[2]).toBeLessThanOrEqual(row[3]!)
      }
      // Two weeks checked against the raw snapshots: per-place averages, then mean and quartiles.
      for (const row of [data[1]!, data.at(-1)!]) {
        const perPlace = await rawCcu(tag.placeIds, 'week', row[0])
        const tracked = await s.raw<{ n: number }>(
          'SELECT count() AS n FROM place_latest FINAL WHERE place_id IN {ids:Array(UInt64)}',
          { ids: tag.placeIds },
        )
        let values = [...perPlace.values()]
        if (includeZeros) values = [...values, ...Array(Number(tracked[0]!.n) - values.length).fill(0)]
        else values = values.filter((v) => v > 0)
        const mean = values.reduce((a, v) => a + v, 0) / values.length
        const expected = [mean, quantileInclusive(values, 0.25), quantileInclusive(values, 0.75)]
        // Rounded to 1 decimal on both sides; summation order may differ in the last bit.
        for (const [i, e] of expected.entries()) {
          expect(Math.abs(row[i + 1]! - roundAverageCcu(e))).toBeLessThanOrEqual(0.1 + 1e-9)
        }
      }
    }
  })

  it('takes quartiles over placeIds too, and rounds each kind as its rows', async () => {
    const ids = s.visitor.placeIds.slice(0, 20).join(',')
    const { body } = await average(
      `/api/stats/visits?placeIds=${ids}&aggregation=average&withPercentiles=true&granularity=week`,
    )
    for (const row of body.series[0]!.data) {
      expect(row).toHaveLength(4)
      for (const v of row.slice(1)) expect(Number.isInteger(v)).toBe(true)
    }
    const rating = await average(`/api/stats/rating?placeIds=${ids}&aggregation=average&withPercentiles=true`)
    for (const row of rating.body.series[0]!.data) {
      for (const v of row.slice(1)) {
        expect(v).toBeGreaterThan(0)
        expect(v).toBeLessThanOrEqual(100)
      }
    }
  })

  it('starts tag stats at 2022-01-01T01:00Z for users and clamps visitors', async () => {
    const tag = s.visitor.tags[0]!
    const user = await average(`/api/stats/ccus?tagId=${tag.id}&aggregation=average`)
    expect(user.headers.get(HISTORY_START_HEADER)).toBeNull()
    // The first whole day of any of its places: a place's first day is part of one when its history
    // begins after 01:00 (the fixture's begins 2026-10-09 14:10), and is left out of the average.
    const firsts = await s.raw<{ ms: number }>(
      `SELECT toUnixTimestamp(min(first_slot)) * 1000 AS ms FROM place_rollups FINAL
       WHERE granularity = 'day' AND place_id IN {ids:Array(UInt64)} GROUP BY place_id`,
      { ids: tag.placeIds },
    )
    const first = Math.min(...firsts.map((r) => firstWholePeriodStart(Number(r.ms), 'day')))
    expect(user.body.series[0]!.data[0]![0]).toBe(first)
    expect(first).toBe(Date.UTC(2026, 9, 10, 1))
    expect(first).toBeGreaterThan(TAG_STATS_START_MS)

    const visitor = await average(
      `/api/stats/ccus?tagId=${tag.id}&aggregation=average&startTime=2022-01-01T01:00:00Z`,
      'visitor',
    )
    const edge = s.visitor.now - 30 * DAY
    const expected = nextPeriodStart(edge, 'day')
    expect(visitor.headers.get(HISTORY_START_HEADER)).toBe(new Date(expected).toISOString())
    expect(visitor.body.series[0]!.data[0]![0]).toBe(expected)
  })

  it('answers 404 for an unknown tag and an empty series for an empty one', async () => {
    const unknown = await getJson<ErrorBody>(s.user, '/api/stats/ccus?tagId=424242&aggregation=average')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('not_found')
    const empty = await average(
      `/api/stats/ccus?tagId=${s.userTags[2]!.id}&aggregation=average&includeZeros=true`,
    )
    expect(empty.status).toBe(200)
    expect(empty.body.series).toEqual([{ place_id: 0, name: 'Empty', data: [] }])
  })

  it('caches a tag aggregate and recomputes it on reset-cache with equal values', async () => {
    const path = `/api/stats/playtime?tagId=${s.userTags[1]!.id}&aggregation=average&granularity=week&withPercentiles=true`
    const before = s.computations()
    const first = await average(path)
    expect(first.status).toBe(200)
    expect(first.body.series[0]!.data.length).toBeGreaterThan(0)
    expect(s.computations()).toBe(before + 1)
    const cached = await average(path)
    expect(s.computations()).toBe(before + 1)
    expect(cached.body).toEqual(first.body)
    for (const reset of ['', 'now']) {
      const again = await average(`${path}&reset-cache=${reset}`)
      expect(again.body).toEqual(first.body)
    }
    expect(s.computations()).toBe(before + 3)
  })
})
