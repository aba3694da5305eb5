import {
  type DailyCcu,
  type DailyVotes,
  lastCompletedPeriodStart,
  MOMENTUM_WINDOW_DAYS,
  type MomentumResponse,
  momentumOf,
  momentumWindows,
  periodStart,
  RECENT_LIKES_MIN_VOTES,
  type RecentLikesResponse,
  recentLikes,
  roundAverageCcu,
  visitorHistoryStartMs,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBadRequest, getJson } from './fixture.ts'
import { type ErrorBody, type StatsFixture, sec, startStatsFixture } from './stats-support.ts'

const DAY = 86_400_000
/** The product's day of a slot, as the rollups label it: 01:00 to 01:00 UTC, labelled by its start. */
const DAY_OF_SLOT = 'toUnixTimestamp(toStartOfDay(slot - INTERVAL 1 HOUR) + INTERVAL 1 HOUR) * 1000'

/** GET /api/stats/momentum and GET /api/stats/likes-recent (issue 20.3, 20.4), against the raw snapshots. */
describe('momentum and recent like %', () => {
  let s: StatsFixture
  let busy: number[]

  beforeAll(async () => {
    s = await startStatsFixture()
    const top = await s.raw<{ place_id: number }>(
      `SELECT place_id FROM place_snapshots FINAL GROUP BY place_id ORDER BY max(playing) DESC LIMIT 3`,
    )
    busy = top.map((r) => Number(r.place_id))
  })
  afterAll(() => s.close())

  /** Every place's daily average CCU straight from the raw snapshots, in [from, to] (day starts). */
  async function rawDailyCcu(fromMs: number, toMs: number): Promise<Map<number, DailyCcu[]>> {
    const rows = await s.raw<{ place_id: string; t: string; v: number }>(
      `SELECT place_id, ${DAY_OF_SLOT} AS t, avg(playing) AS v FROM place_snapshots FINAL
       WHERE slot >= {from:DateTime} AND slot < {to:DateTime} GROUP BY place_id, t`,
      { from: sec(fromMs), to: sec(toMs + DAY) },
    )
    const out = new Map<number, DailyCcu[]>()
    for (const r of rows) {
      const id = Number(r.place_id)
      out.set(id, [...(out.get(id) ?? []), { dayStartMs: Number(r.t), averageCcu: r.v }])
    }
    return out
  }

  it('labels every tracked experience as momentumOf does over the raw daily averages', async () => {
    const res = await getJson<MomentumResponse>(s.visitor, '/api/stats/momentum')
    expect(res.status).toBe(200)
    const last = lastCompletedPeriodStart(s.visitor.now, 'day')
    const { recentFromMs, previousFromMs } = momentumWindows(last)
    expect(res.body.recent_from).toBe(new Date(recentFromMs).toISOString())
    expect(res.body.previous_from).toBe(new Date(previousFromMs).toISOString())
    expect(res.body.recent_to).toBe(new Date(periodStart(s.visitor.now, 'day')).toISOString())
    expect(Date.parse(res.body.recent_to) - recentFromMs).toBe(MOMENTUM_WINDOW_DAYS * DAY)

    // Every tracked experience, in the slim list's order.
    const slim = await getJson<{ place_id: number }[]>(s.visitor, '/api/place?slim')
    expect(res.body.places.map((p) => p.place_id)).toEqual(slim.body.map((p) => p.place_id))

    const raw = await rawDailyCcu(previousFromMs, last)
    for (const p of res.body.places) {
      const expected = momentumOf(raw.get(p.place_id) ?? [], last)
      expect(p.momentum, `${p.place_id}`).toBe(expected.label)
      expect(p.reason, `${p.place_id}`).toBe(expected.reason)
      expect(p.recent_average).toBe(
        expected.recentAverage === null ? null : roundAverageCcu(expected.recentAverage),
      )
      if (expected.change !== null) expect(p.change).toBeCloseTo(expected.change, 3)
    }
    // The 40-day fixture gives the busy places both windows.
    expect(res.body.places.filter((p) => busy.includes(p.place_id)).every((p) => p.momentum !== null)).toBe(
      true,
    )
  })

  it('answers the places asked for in order; an untracked one has no label', async () => {
    const untracked = 999_999_999_999
    const ids = [busy[1]!, untracked, busy[0]!]
    const res = await getJson<MomentumResponse>(s.user, `/api/stats/momentum?placeIds=${ids.join(',')}`)
    expect(res.status).toBe(200)
    expect(res.body.places.map((p) => p.place_id)).toEqual(ids)
    expect(res.body.places[1]).toEqual({
      place_id: untracked,
      momentum: null,
      change: null,
      recent_average: null,
      previous_average: null,
      reason: 'too_little_data',
    })
    // The same answer as in the whole list (a visitor's: the windows are inside the 30 days).
    const all = await getJson<MomentumResponse>(s.visitor, '/api/stats/momentum')
    expect(res.body.places[0]).toEqual(all.body.places.find((p) => p.place_id === busy[1]))
  })

  it('refuses bad ids with a 400 naming placeIds', async () => {
    await expectBadRequest(s.visitor, '/api/stats/momentum?placeIds=1,abc', 'placeIds')
    await expectBadRequest(s.visitor, '/api/stats/momentum?placeIds=0', 'placeIds')
  })

  /** One place's vote totals at the end of each day, from the raw snapshots (the day's last slot with votes). */
  async function rawDailyVotes(placeId: number): Promise<DailyVotes[]> {
    const rows = await s.raw<{ t: string; up: string; down: string }>(
      `SELECT ${DAY_OF_SLOT} AS t, argMax(up_votes, slot) AS up, argMax(down_votes, slot) AS down
       FROM place_snapshots FINAL WHERE place_id = {p:UInt64} AND up_votes IS NOT NULL AND down_votes IS NOT NULL
       GROUP BY t ORDER BY t`,
      { p: placeId },
    )
    return rows.map((r) => ({ dayStartMs: Number(r.t), up: Number(r.up), down: Number(r.down) }))
  }

  it('recent like %: the 7- and 30-day windows of the raw vote totals, complete days only', async () => {
    const placeId = busy[0]!
    const res = await getJson<RecentLikesResponse>(s.user, `/api/stats/likes-recent?placeId=${placeId}`)
    expect(res.status).toBe(200)
    expect(res.body.min_votes).toBe(RECENT_LIKES_MIN_VOTES)
    const days = await rawDailyVotes(placeId)
    const last = lastCompletedPeriodStart(s.user.now, 'day')
    // The first whole day of the fixture's history is skipped as the rollup reads skip it.
    const from = days[1]!.dayStartMs
    for (const w of [7, 30] as const) {
      const series = res.body.series.find((x) => x.window_days === w)!
      const expected = recentLikes(days.slice(1), w, from, last).map((p) => ({
        time: p.dayStartMs,
        like_percentage: p.likePercentage,
        votes: p.up + p.down,
      }))
      expect(series.data, `${w} days`).toEqual(expected)
      expect(series.data.length, `${w} days`).toBeGreaterThan(0)
      expect(series.data.at(-1)!.time).toBe(last)
    }
    const lastTotals = days.find((d) => d.dayStartMs === last)!
    expect(res.body.lifetime).toBe(
      Math.round((1000 * lastTotals.up) / (lastTotals.up + lastTotals.down)) / 10,
    )
  })

  it('gives visitors the days inside the last 30 days, and says where they start', async () => {
    const placeId = busy[0]!
    const res = await getJson<RecentLikesResponse>(s.visitor, `/api/stats/likes-recent?placeId=${placeId}`)
    expect(res.status).toBe(200)
    const windowStart = visitorHistoryStartMs(s.visitor.now)
    const header = res.headers.get('x-ludex-history-start')
    expect(header).not.toBeNull()
    expect(Date.parse(header!)).toBeGreaterThanOrEqual(windowStart)
    for (const series of res.body.series) {
      expect(series.data.length).toBeGreaterThan(0)
      for (const { time } of series.data) expect(time).toBeGreaterThanOrEqual(Date.parse(header!))
    }
    // The visitor's points are the user's points of the same days.
    const user = await getJson<RecentLikesResponse>(s.user, `/api/stats/likes-recent?placeId=${placeId}`)
    const userSeven = user.body.series[0]!.data.filter((p) => p.time >= Date.parse(header!))
    expect(res.body.series[0]!.data).toEqual(userSeven)
  })

  it('404 for an untracked place, 400 naming the field for bad input', async () => {
    const none = await getJson<ErrorBody>(s.visitor, '/api/stats/likes-recent?placeId=999999999999')
    expect(none.status).toBe(404)
    await expectBadRequest(s.visitor, '/api/stats/likes-recent', 'placeId')
    await expectBadRequest(s.visitor, '/api/stats/likes-recent?placeId=x', 'placeId')
    await expectBadRequest(
      s.visitor,
      `/api/stats/likes-recent?placeId=${busy[0]}&startTime=2026-11-10T00:00:00Z&endTime=2026-11-01T00:00:00Z`,
      'startTime',
    )
  })
})
