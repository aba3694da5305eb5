import {
  type CcuPeriodsResponse,
  COMPARE_MAX_EXPERIENCES,
  firstWholePeriodStart,
  type Granularity,
  lastCompletedPeriodStart,
  nextPeriodStart,
  roundAverageCcu,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBadRequest, getJson } from './fixture.ts'
import { type ErrorBody, type StatsFixture, sec, startStatsFixture } from './stats-support.ts'

/** GET /api/stats/ccu-periods: the compare table's Daily / Weekly / Monthly CCU (part 2 §2.5). */
describe('/api/stats/ccu-periods', () => {
  let s: StatsFixture
  let busy: number[]
  /** Where the fixture's stored history begins (its first slot). */
  let historyStart: number

  beforeAll(async () => {
    s = await startStatsFixture()
    const top = await s.raw<{ place_id: number }>(
      `SELECT place_id FROM place_snapshots FINAL GROUP BY place_id ORDER BY max(playing) DESC LIMIT 3`,
    )
    busy = top.map((r) => Number(r.place_id))
    const [first] = await s.raw<{ t: number }>(
      'SELECT toUnixTimestamp(min(slot)) * 1000 AS t FROM place_snapshots',
    )
    historyStart = Number(first!.t)
  })
  afterAll(() => s.close())

  /** The average of the raw snapshots of [start, next period), or null when the place has none. */
  async function rawAverage(placeId: number, g: Granularity, start: number): Promise<number | null> {
    const [row] = await s.raw<{ ccu: number; n: number }>(
      `SELECT avg(playing) AS ccu, count() AS n FROM place_snapshots FINAL
       WHERE place_id = {p:UInt64} AND slot >= {from:DateTime} AND slot < {to:DateTime}`,
      { p: placeId, from: sec(start), to: sec(nextPeriodStart(start, g)) },
    )
    return Number(row!.n) === 0 ? null : row!.ccu
  }

  it('answers the last completed day, week and month of each place, in the requested order', async () => {
    const ids = [busy[2]!, busy[0]!, busy[1]!]
    const res = await getJson<CcuPeriodsResponse>(s.user, `/api/stats/ccu-periods?placeIds=${ids.join(',')}`)
    expect(res.status).toBe(200)
    expect(res.body.places.map((p) => p.place_id)).toEqual(ids)
    const now = s.user.now
    for (const place of res.body.places) {
      for (const g of ['day', 'week', 'month'] as const) {
        const start = lastCompletedPeriodStart(now, g)
        const cell = place[g]
        // A period the stored history began inside is a part period: never shown as whole.
        if (firstWholePeriodStart(historyStart, g) > start) {
          expect(cell, `${place.place_id} ${g}`).toBeNull()
          continue
        }
        const raw = await rawAverage(place.place_id, g, start)
        expect(raw, `${place.place_id} ${g} has raw data`).not.toBeNull()
        expect(cell, `${place.place_id} ${g}`).toEqual({
          start: new Date(start).toISOString(),
          value: roundAverageCcu(raw!),
        })
      }
    }
    // The fixture's 40 days hold whole days and weeks, so those columns are not all empty.
    expect(res.body.places.every((p) => p.day !== null && p.week !== null)).toBe(true)
  })

  it('names the month the history began inside as missing (the fixture starts mid-month)', async () => {
    const start = lastCompletedPeriodStart(s.user.now, 'month')
    const res = await getJson<CcuPeriodsResponse>(s.user, `/api/stats/ccu-periods?placeIds=${busy[0]}`)
    const whole = firstWholePeriodStart(historyStart, 'month') <= start
    expect(res.body.places[0]!.month === null).toBe(!whole)
  })

  it('is for signed-in users only, as the compare pages', async () => {
    const res = await getJson<ErrorBody>(s.visitor, `/api/stats/ccu-periods?placeIds=${busy[0]}`)
    expect(res.status).toBe(401)
  })

  it('refuses more than the compare limit and bad ids with a 400 naming placeIds', async () => {
    const many = s.user.placeIds.slice(0, COMPARE_MAX_EXPERIENCES + 1).join(',')
    await expectBadRequest(s.user, `/api/stats/ccu-periods?placeIds=${many}`, 'placeIds')
    await expectBadRequest(s.user, '/api/stats/ccu-periods?placeIds=1,abc', 'placeIds')
    await expectBadRequest(s.user, '/api/stats/ccu-periods', 'placeIds')
  })

  it('leaves untracked ids out, and answers 404 when none is tracked', async () => {
    const untracked = 999_999_999_999
    const some = await getJson<CcuPeriodsResponse>(
      s.user,
      `/api/stats/ccu-periods?placeIds=${untracked},${busy[0]}`,
    )
    expect(some.body.places.map((p) => p.place_id)).toEqual([busy[0]])
    const none = await getJson<ErrorBody>(s.user, `/api/stats/ccu-periods?placeIds=${untracked}`)
    expect(none.status).toBe(404)
  })
})
