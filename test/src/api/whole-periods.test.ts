import { HISTORY_START_HEADER } from '@ludex/api'
import { rebuild } from '@ludex/pipelines'
import { dateTime64Param, tables } from '@ludex/pipelines/store'
import { insertDetails, insertSnapshots } from '@ludex/pipelines/testing'
import {
  type Granularity,
  genreStatsResponse,
  nextPeriodStart,
  PARTIAL_FROM_HEADER,
  platformCcuList,
  roundAverageCcu,
  statsResponse,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, getJson, startApiFixture } from './fixture.ts'

/*
 * Issue 13, point 1: a bucket that the range, the start of the stored history or 'now' cuts short is
 * never served as a whole one. A hand-worked store, read at 01:00 UTC and just after, on a day boundary
 * (Sunday 2026-05-31) and on a day, week and month boundary at once (Monday 2026-06-01), by a visitor
 * and by a signed-in user.
 *
 * Place 101 is polled from Wednesday 2026-04-29 13:20 (a backfill that began mid-day): 400 players from
 * 13:00 to 00:50, 100 from 01:00 to 12:50, so every whole day (01:00 to 00:50) averages 250 and the
 * part of 29 April it holds (13:20 to 00:50, all 400) would be a record. Place 102 is polled from
 * 2026-05-20 10:30 with 50 players. The platform's tracked CCU of a slot is their sum: 250 a day until
 * 19 May, 300 from 21 May, and for 20 May 250 + 50 × 87 / 144 (102's 87 slots of the day's 144) = 280.2.
 */

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const SLOT = 10 * MIN
const iso = (ms: number) => new Date(ms).toISOString()
const utc = (text: string) => Date.parse(`${text}Z`)

const P1 = 101
const P2 = 102
/** A member of the tag that Ludex does not track: no rows, and not in the zeros' divisor. */
const UNTRACKED = 4_242_424_242
const P1_FROM = utc('2026-04-29T13:20:00')
const P2_FROM = utc('2026-05-20T10:30:00')

function playing(place: number, slot: number): number | null {
  if (place === P1) {
    if (slot < P1_FROM) return null
    const h = new Date(slot).getUTCHours()
    return h >= 13 || h < 1 ? 400 : 100
  }
  return slot < P2_FROM ? null : 50
}
const platform = (slot: number) => (playing(P1, slot) ?? 0) + (playing(P2, slot) ?? 0)

function slotsIn(from: number, to: number): number[] {
  const out: number[] = []
  for (let t = Math.ceil(from / SLOT) * SLOT; t < to; t += SLOT) out.push(t)
  return out
}

describe('whole periods at 01:00 UTC', () => {
  let clock = utc('2026-05-31T01:00:00')
  /** The last slot the store holds so far. */
  let polledUntil = P1_FROM - SLOT
  let visitor: ApiFixture
  let user: ApiFixture

  /** Polls every slot after the last one up to `until`, materialises them and sets the clock to `now`. */
  async function pollUntil(until: number, now: number): Promise<void> {
    const slots = slotsIn(polledUntil + SLOT, until + 1)
    const db = visitor.clickhouse
    await insertSnapshots(
      db,
      slots.flatMap((slot) =>
        [P1, P2].flatMap((place) => {
          const v = playing(place, slot)
          return v === null ? [] : [{ place_id: place, slot, playing: v, visits: slot / SLOT }]
        }),
      ),
    )
    await db.insert({
      table: tables.platformCcu,
      format: 'JSONEachRow',
      values: slots.map((slot) => ({
        slot: slot / 1000,
        tracked_ccu: platform(slot),
        tracked_experiences: slot < P2_FROM ? 1 : 2,
        observed_at: dateTime64Param(slot + 5_000),
      })),
    })
    await rebuild(db, { fromMs: slots[0]!, toMs: until, now })
    polledUntil = until
    clock = now
  }

  beforeAll(async () => {
    visitor = await startApiFixture({
      store: 'empty',
      now: () => clock,
      tags: () => [{ name: 'Both', placeIds: [P2, UNTRACKED, P1] }],
    })
    user = await asUser(visitor)
    await insertDetails(visitor.clickhouse, [
      { place_id: P1, genre_l1: 'Obby & Platformer', genre_l2: 'Classic Obby', observed_at: P1_FROM },
      { place_id: P2, genre_l1: 'Obby & Platformer', genre_l2: 'Classic Obby', observed_at: P2_FROM },
    ])
  })
  afterAll(async () => {
    await visitor.close()
  })

  /** The platform's whole-period averages, floored, from the generator: the reference. */
  const platformAvg = (start: number, g: Granularity, upTo = polledUntil) => {
    const slots = slotsIn(start, Math.min(nextPeriodStart(start, g), upTo + 1)).filter((s) => s >= P1_FROM)
    return Math.floor(slots.reduce((sum, s) => sum + platform(s), 0) / slots.length)
  }

  async function ccu(as: ApiFixture, query: string) {
    const res = await getJson(as, `/api/platform/ccu?${query}`)
    expect(res.status).toBe(200)
    return {
      list: platformCcuList.parse(res.body),
      partialFrom: res.headers.get(PARTIAL_FROM_HEADER),
      historyStart: res.headers.get(HISTORY_START_HEADER),
    }
  }

  async function series(as: ApiFixture, query: string) {
    const res = await getJson(as, `/api/stats/ccus?${query}`)
    expect(res.status).toBe(200)
    return { body: statsResponse.parse(res.body), partialFrom: res.headers.get(PARTIAL_FROM_HEADER) }
  }

  it('Sunday 01:00: the day that just ended is whole, the part-day the history began with is not served', async () => {
    await pollUntil(utc('2026-05-31T00:50:00'), utc('2026-05-31T01:00:00'))
    const day = await ccu(user, 'granularity=day')
    // 30 April … 30 May: 31 whole days. 29 April (13:20 on, all peak: 400) is left out; 31 May has
    // begun (01:00) but holds no slot yet, and is named in progress.
    expect(day.list.map((p) => p.time)).toEqual(
      Array.from({ length: 31 }, (_, i) => iso(utc('2026-04-30T01:00:00') + i * DAY)),
    )
    expect(day.partialFrom).toBe('2026-05-31T01:00:00.000Z')
    expect(day.list[0]).toEqual({ time: '2026-04-30T01:00:00.000Z', ccu: 250 })
    expect(day.list.find((p) => p.time === '2026-05-20T01:00:00.000Z')?.ccu).toBe(280)
    expect(day.list.at(-1)).toEqual({ time: '2026-05-30T01:00:00.000Z', ccu: 300 })
    expect(Math.max(...day.list.map((p) => p.ccu))).toBe(300)
    for (const p of day.list) expect(p.ccu, p.time).toBe(platformAvg(Date.parse(p.time), 'day'))

    // The week of Monday 25 May and the month of May are in progress; the week of 27 April and
    // April began before the history and are left out.
    const week = await ccu(user, 'granularity=week')
    expect(week.list.map((p) => p.time)).toEqual([
      '2026-05-04T01:00:00.000Z',
      '2026-05-11T01:00:00.000Z',
      '2026-05-18T01:00:00.000Z',
      '2026-05-25T01:00:00.000Z',
    ])
    expect(week.partialFrom).toBe('2026-05-25T01:00:00.000Z')
    expect(week.list.map((p) => p.ccu)).toEqual(week.list.map((p) => platformAvg(Date.parse(p.time), 'week')))
    const month = await ccu(user, 'granularity=month')
    expect(month.list.map((p) => p.time)).toEqual(['2026-05-01T01:00:00.000Z'])
    expect(month.partialFrom).toBe('2026-05-01T01:00:00.000Z')

    // The hour of 00:01 holds 00:10 … 00:50 so far; the slot at 01:00 will close it.
    const hour = await ccu(user, `granularity=hour&startTime=${iso(utc('2026-05-30T22:00:00'))}`)
    expect(hour.partialFrom).toBe('2026-05-31T00:01:00.000Z')
    expect(hour.list.at(-1)).toEqual({ time: '2026-05-31T00:01:00.000Z', ccu: 450 })

    // A visitor's window opens at 1 May 01:00 exactly: that day is the first.
    const seen = await ccu(visitor, 'granularity=day')
    expect(seen.historyStart).toBe('2026-05-01T01:00:00.000Z')
    expect(seen.partialFrom).toBe('2026-05-31T01:00:00.000Z')
    expect(seen.list).toEqual(day.list.filter((p) => p.time >= '2026-05-01'))
  })

  it('Sunday just after 01:00: the new day is served as in progress, with the slots so far', async () => {
    await pollUntil(utc('2026-05-31T01:10:00'), utc('2026-05-31T01:10:30'))
    const day = await ccu(user, 'granularity=day')
    expect(day.partialFrom).toBe('2026-05-31T01:00:00.000Z')
    // 01:00 and 01:10: 100 + 50 each, off-peak, far below a whole day's 300.
    expect(day.list.at(-1)).toEqual({ time: '2026-05-31T01:00:00.000Z', ccu: 150 })
    expect(day.list.at(-2)).toEqual({ time: '2026-05-30T01:00:00.000Z', ccu: 300 })
    // The hour of 00:01 is whole now (5 × 450 + 150) / 6 = 400; the hour of 01:01 holds 01:10.
    const hour = await ccu(user, `granularity=hour&startTime=${iso(utc('2026-05-30T22:00:00'))}`)
    expect(hour.partialFrom).toBe('2026-05-31T01:01:00.000Z')
    expect(hour.list.slice(-2)).toEqual([
      { time: '2026-05-31T00:01:00.000Z', ccu: 400 },
      { time: '2026-05-31T01:01:00.000Z', ccu: 150 },
    ])
    // The visitor's window opened at 1 May 01:10:30, inside 1 May: the first day is the 2nd.
    const seen = await ccu(visitor, 'granularity=day')
    expect(seen.historyStart).toBe('2026-05-02T01:00:00.000Z')
    expect(seen.list[0]?.time).toBe('2026-05-02T01:00:00.000Z')
    expect(seen.list.at(-1)).toEqual({ time: '2026-05-31T01:00:00.000Z', ccu: 150 })

    // May is the month in progress: 102's history began inside it (20 May), yet it is served, named
    // in progress, like the platform's first day; by id, in an average and in the tag alike.
    const month = await series(user, `placeIds=${P2}&granularity=month`)
    expect(month.partialFrom).toBe('2026-05-01T01:00:00.000Z')
    expect(month.body.series[0]!.data).toEqual([[utc('2026-05-01T01:00:00'), 50]])
    const average = await series(user, `placeIds=${P1},${P2}&aggregation=average&granularity=month`)
    const byTag = await series(user, `tagId=${visitor.tags[0]!.id}&aggregation=average&granularity=month`)
    expect(average.body.series[0]!.data).toHaveLength(1)
    expect(byTag.body.series[0]!.data).toEqual(average.body.series[0]!.data)
    expect(byTag.partialFrom).toBe('2026-05-01T01:00:00.000Z')
  })

  it('Monday 1 June 01:00: the day, the week and the month that just ended are whole', async () => {
    await pollUntil(utc('2026-06-01T00:50:00'), utc('2026-06-01T01:00:00'))
    for (const g of ['day', 'week', 'month'] as const) {
      const answer = await ccu(user, `granularity=${g}`)
      expect(answer.partialFrom, g).toBe('2026-06-01T01:00:00.000Z')
      const last = answer.list.at(-1)!
      expect(last.time, g).toBe(
        {
          day: '2026-05-31T01:00:00.000Z',
          week: '2026-05-25T01:00:00.000Z',
          month: '2026-05-01T01:00:00.000Z',
        }[g],
      )
      expect(last.ccu, g).toBe(platformAvg(Date.parse(last.time), g))
    }
    // May whole: 19 days at 250, 20 May at 250 + 87 × 50 / 144, 11 days at 300.
    const month = await ccu(user, 'granularity=month')
    expect(month.list).toEqual([
      {
        time: '2026-05-01T01:00:00.000Z',
        ccu: Math.floor((20 * 144 * 250 + 87 * 50 + 11 * 144 * 300) / (31 * 144)),
      },
    ])
    expect((await ccu(user, 'granularity=week')).list.at(-1)?.ccu).toBe(300)
    // A visitor's window opens 2 May 01:00: no month starts inside it but June, which has no slot yet.
    const seen = await ccu(visitor, 'granularity=month')
    expect(seen.historyStart).toBe('2026-06-01T01:00:00.000Z')
    expect(seen.partialFrom).toBe('2026-06-01T01:00:00.000Z')
    expect(seen.list).toEqual([])
  })

  it('Monday 1 June 01:00: a range that cuts periods reads them whole', async () => {
    // 20 May 18:00 … 22 May 06:00: the days of the 20th and the 22nd are read whole, not as the
    // average of 18:00 on (450) and of 01:00 to 06:00 (150).
    const cut = await ccu(user, 'granularity=day&startTime=2026-05-20T18:00:00Z&endTime=2026-05-22T06:00:00Z')
    expect(cut.list).toEqual([
      { time: '2026-05-20T01:00:00.000Z', ccu: 280 },
      { time: '2026-05-21T01:00:00.000Z', ccu: 300 },
      { time: '2026-05-22T01:00:00.000Z', ccu: 300 },
    ])
    expect(cut.partialFrom).toBeNull()
  })

  it('Monday 1 June 01:00: experience series start at each place’s first whole period, averages too', async () => {
    const both = await series(user, `placeIds=${P1},${P2}&granularity=day`)
    const [s1, s2] = both.body.series
    expect(s1!.data[0]).toEqual([utc('2026-04-30T01:00:00'), 250])
    expect(s1!.data.every(([, v]) => v === 250)).toBe(true)
    expect(s1!.data).toHaveLength(32)
    // 102 was first polled 20 May 10:30: that day holds 87 of its slots, and 21 May is its first.
    expect(s2!.data[0]).toEqual([utc('2026-05-21T01:00:00'), 50])
    expect(both.partialFrom).toBe('2026-06-01T01:00:00.000Z')
    // The first month of 101 is May (April began before it); 102's May began before it too.
    const months = await series(user, `placeIds=${P1},${P2}&granularity=month`)
    expect(months.body.series.map((s) => s.data)).toEqual([[[utc('2026-05-01T01:00:00'), 250]], []])
    // The average leaves out 102's part of 20 May: 250 alone, or (250 + 0) / 2 with zeros.
    const at = (q: string, t: string) =>
      series(user, `placeIds=${P1},${P2}&aggregation=average&granularity=day&${q}`).then(
        (r) => r.body.series[0]!.data.find((row) => row[0] === utc(t))?.[1],
      )
    expect(await at('includeZeros=false', '2026-05-20T01:00:00')).toBe(250)
    expect(await at('includeZeros=true', '2026-05-20T01:00:00')).toBe(125)
    expect(await at('includeZeros=false', '2026-05-21T01:00:00')).toBe(150)
    // Weeks: 102's first is the week of 25 May.
    const weeks = await series(user, `placeIds=${P2}&granularity=week`)
    expect(weeks.body.series[0]!.data).toEqual([[utc('2026-05-25T01:00:00'), 50]])
    // A visitor's window (2 May 01:00 on) and the places' own starts, both.
    const seen = await series(visitor, `placeIds=${P1},${P2}&granularity=day`)
    expect(seen.body.series[0]!.data[0]![0]).toBe(utc('2026-05-02T01:00:00'))
    expect(seen.body.series[1]!.data[0]![0]).toBe(utc('2026-05-21T01:00:00'))
  })

  it('Monday 1 June 01:00: a tag’s averages and scopes leave each member’s part-periods out too', async () => {
    const tagId = visitor.tags[0]!.id
    async function tag(as: ApiFixture, query: string) {
      const res = await getJson(as, `/api/stats/ccus?tagId=${tagId}&aggregation=average&${query}`)
      expect(res.status).toBe(200)
      const body = statsResponse.parse(res.body)
      return { data: body.series[0]!.data, partialFrom: res.headers.get(PARTIAL_FROM_HEADER) }
    }
    const value = (data: readonly (readonly number[])[], t: string) =>
      data.find((row) => row[0] === utc(t))?.[1]
    for (const scope of ['all', 'active', 'top_five']) {
      const days = await tag(user, `granularity=day&scope=${scope}`)
      expect(days.partialFrom, scope).toBe('2026-06-01T01:00:00.000Z')
      // 101's part of 29 April is not a day; 30 April is its first, alone in the tag then.
      expect(days.data[0], scope).toEqual([utc('2026-04-30T01:00:00'), 250])
      // 102's part of 20 May is left out: 250 alone, or (250 + 0) / 2 with zeros (the untracked
      // member counts in neither); from 21 May both: (250 + 50) / 2.
      expect(value(days.data, '2026-05-20T01:00:00'), scope).toBe(250)
      expect(value(days.data, '2026-05-21T01:00:00'), scope).toBe(150)
      const zeros = await tag(user, `granularity=day&scope=${scope}&includeZeros=true`)
      expect(zeros.data[0], scope).toEqual([utc('2026-04-30T01:00:00'), 125])
      expect(value(zeros.data, '2026-05-20T01:00:00'), scope).toBe(125)
      expect(value(zeros.data, '2026-05-21T01:00:00'), scope).toBe(150)
      // Weeks: 102's first whole one is the week of 25 May; months: May is 101's alone.
      const weeks = await tag(user, `granularity=week&scope=${scope}`)
      expect(value(weeks.data, '2026-05-18T01:00:00'), scope).toBe(250)
      expect(value(weeks.data, '2026-05-25T01:00:00'), scope).toBe(150)
      const months = await tag(user, `granularity=month&scope=${scope}`)
      expect(months.data, scope).toEqual([[utc('2026-05-01T01:00:00'), 250]])
    }
    // A visitor's window (2 May 01:00 on) and the members' own starts, both.
    const seen = await tag(visitor, 'granularity=day')
    expect(seen.data[0]![0]).toBe(utc('2026-05-02T01:00:00'))
    expect(value(seen.data, '2026-05-20T01:00:00')).toBe(250)
  })

  it('Monday 1 June 01:00: genre averages begin with the platform’s first whole period', async () => {
    const res = await getJson(user, '/api/stats/genres?granularity=day')
    const body = genreStatsResponse.parse(res.body)
    expect(body.series.map((s) => s.name)).toEqual(['obby'])
    const data = body.series[0]!.data
    expect(data[0]).toEqual([utc('2026-04-30T01:00:00'), 250, 250])
    expect(data.at(-1)?.[0]).toBe(utc('2026-05-31T01:00:00'))
    expect(res.headers.get(PARTIAL_FROM_HEADER)).toBe('2026-06-01T01:00:00.000Z')
  })

  it('Monday 1 June just after 01:00: the new day, week and month are served in progress', async () => {
    await pollUntil(utc('2026-06-01T01:10:00'), utc('2026-06-01T01:10:30'))
    for (const g of ['day', 'week', 'month'] as const) {
      const answer = await ccu(user, `granularity=${g}`)
      expect(answer.partialFrom, g).toBe('2026-06-01T01:00:00.000Z')
      expect(answer.list.at(-1), g).toEqual({ time: '2026-06-01T01:00:00.000Z', ccu: 150 })
      // The one before is whole and unchanged by the new slots.
      const before = answer.list.at(-2)!
      expect(before.ccu, g).toBe(platformAvg(Date.parse(before.time), g, utc('2026-06-01T00:50:00')))
    }
    const seen = await ccu(visitor, 'granularity=month')
    expect(seen.list).toEqual([{ time: '2026-06-01T01:00:00.000Z', ccu: 150 }])
    expect(seen.partialFrom).toBe('2026-06-01T01:00:00.000Z')
    const place = await series(visitor, `placeIds=${P1}&granularity=week`)
    expect(place.partialFrom).toBe('2026-06-01T01:00:00.000Z')
    expect(place.body.series[0]!.data.slice(-2)).toEqual([
      [utc('2026-05-25T01:00:00'), 250],
      [utc('2026-06-01T01:00:00'), roundAverageCcu(100)],
    ])
    // A range that ends before the period in progress carries no header.
    const past = await ccu(user, 'granularity=day&endTime=2026-05-31T12:00:00Z')
    expect(past.partialFrom).toBeNull()
    expect(past.list.at(-1)?.time).toBe('2026-05-31T01:00:00.000Z')
  })
})
