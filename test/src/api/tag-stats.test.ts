import { HISTORY_START_HEADER } from '@ludex/api'
import {
  type Granularity,
  nextPeriodStart,
  PARTIAL_FROM_HEADER,
  periodStart,
  roundAverageCcu,
  type StatsResponse,
  type TagCcuScope,
  TOP_FIVE_SIZE,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, type ErrorBody, getJson, sendJson, startApiFixture } from './fixture.ts'
import { quantileInclusive, sec } from './stats-support.ts'

/** A place id nothing has: a member without data, which no average may count. */
const UNTRACKED = 4_242_424_242

describe('tag stats: /api/stats/{kind}?tagId=…', () => {
  let f: ApiFixture
  let owner: ApiFixture & { user: { id: number } }
  let other: ApiFixture
  let editor: ApiFixture
  /** The tag's tracked members with their players online now, busiest first. */
  let members: { placeId: number; playing: number }[]
  /** A personal tag of `owner`: eight busy places, an idle one and an untracked id. */
  let tagId: number

  beforeAll(async () => {
    f = await startApiFixture()
    ;[owner, other, editor] = await Promise.all([asUser(f), asUser(f), asUser(f, 'editor')])
    // Places with players now, and one without: every scope has something to choose between.
    const now = await f.raw<{ p: number; n: number }>(
      'SELECT place_id AS p, playing AS n FROM place_latest FINAL ORDER BY playing DESC, place_id LIMIT 8',
    )
    const [idle] = await f.raw<{ p: number; n: number }>(
      'SELECT place_id AS p, playing AS n FROM place_latest FINAL WHERE playing = 0 ORDER BY place_id LIMIT 1',
    )
    members = [...now, idle!].map((r) => ({ placeId: Number(r.p), playing: Number(r.n) }))
    const created = await sendJson<{ id: number }>(owner, 'POST', '/api/placetag', { name: 'Stats tag' })
    tagId = created.body.id
    // Added out of order, with the untracked id among them.
    const ids = [...members.map((m) => m.placeId)].reverse()
    ids.splice(3, 0, UNTRACKED)
    expect((await sendJson(owner, 'PUT', `/api/placetag/${tagId}`, { place_ids: ids })).status).toBe(200)
  })
  afterAll(() => f?.close())

  const stats = (who: ApiFixture, path: string) => getJson<StatsResponse & ErrorBody>(who, path)

  /** The members a scope covers, chosen by hand from place_latest (part 2 §9: Top Five by players online). */
  function chosen(scope: TagCcuScope): number[] {
    if (scope === 'all') return members.map((m) => m.placeId)
    if (scope === 'active') return members.filter((m) => m.playing > 0).map((m) => m.placeId)
    return [...members]
      .sort((a, b) => b.playing - a.playing || a.placeId - b.placeId)
      .slice(0, TOP_FIVE_SIZE)
      .map((m) => m.placeId)
  }

  /** Each place's exact average CCU over the raw slots of [start, next start). */
  async function rawCcu(ids: readonly number[], g: Granularity, start: number) {
    const rows = await f.raw<{ p: number; v: number }>(
      `SELECT place_id AS p, avg(playing) AS v FROM place_snapshots FINAL
       WHERE place_id IN {ids:Array(UInt64)} AND slot >= {from:DateTime} AND slot < {to:DateTime}
       GROUP BY place_id`,
      { ids, from: sec(start), to: sec(nextPeriodStart(start, g)) },
    )
    return new Map(rows.map((r) => [Number(r.p), r.v]))
  }

  it('chooses the scopes’ members as defined: Active has players now, Top Five the most', () => {
    expect(chosen('active').length).toBeGreaterThan(TOP_FIVE_SIZE)
    expect(chosen('active').length).toBeLessThan(members.length)
    expect(chosen('top_five')).toHaveLength(TOP_FIVE_SIZE)
  })

  it.each([
    ['all', 'day'],
    ['active', 'day'],
    ['top_five', 'day'],
    ['all', 'hour'],
    ['top_five', 'week'],
  ] as [TagCcuScope, Granularity][])(
    'averages CCU over %s members per %s with quartiles equal to a hand computation',
    async (scope, g) => {
      for (const includeZeros of [false, true]) {
        const { status, body, headers } = await stats(
          owner,
          `/api/stats/ccus?tagId=${tagId}&aggregation=average&withPercentiles=true&granularity=${g}&scope=${scope}&includeZeros=${includeZeros}`,
        )
        expect(status).toBe(200)
        expect(headers.get('cache-control')).toBe('no-store')
        // The range reaches now: the last bucket is the period in progress, and named so.
        expect(headers.get(PARTIAL_FROM_HEADER)).toBe(new Date(periodStart(f.now, g)).toISOString())
        expect(body.series).toHaveLength(1)
        expect(body.series[0]).toMatchObject({ place_id: 0, name: 'Stats tag' })
        const data = body.series[0]!.data
        expect(data.length).toBeGreaterThan(2)
        const ids = chosen(scope)
        // The second bucket and the last one, from the raw snapshots of the members chosen.
        for (const row of [data[1]!, data.at(-1)!]) {
          const perPlace = await rawCcu(ids, g, row[0])
          let values = [...perPlace.values()]
          values = includeZeros
            ? [...values, ...Array(ids.length - values.length).fill(0)]
            : values.filter((v) => v > 0)
          const mean = values.reduce((a, v) => a + v, 0) / values.length
          const expected = [mean, quantileInclusive(values, 0.25), quantileInclusive(values, 0.75)]
          for (const [i, e] of expected.entries()) {
            // Rounded to 1 decimal on both sides; summation order may differ in the last bit.
            expect(Math.abs(row[i + 1]! - roundAverageCcu(e)), `${scope} ${g} ${i}`).toBeLessThanOrEqual(
              0.1 + 1e-9,
            )
          }
        }
      }
    },
  )

  it.each(['hour', 'day', 'week'] as Granularity[])(
    'averages playtime per %s as the same places given by id do',
    async (g) => {
      for (const scope of ['all', 'top_five'] as TagCcuScope[]) {
        const q = `aggregation=average&withPercentiles=true&granularity=${g}&scope=${scope}`
        const byTag = await stats(owner, `/api/stats/playtime?tagId=${tagId}&${q}`)
        const byIds = await stats(owner, `/api/stats/playtime?placeIds=${chosen('all').join(',')}&${q}`)
        expect(byTag.status).toBe(200)
        expect(byTag.body.series[0]!.data.length).toBeGreaterThan(0)
        expect(byTag.body.series[0]!.data).toEqual(byIds.body.series[0]!.data)
      }
    },
  )

  it('answers only the scope’s places of placeIds too, in the order asked', async () => {
    const ids = chosen('all')
    const top = await stats(owner, `/api/stats/ccus?placeIds=${ids.join(',')}&scope=top_five`)
    expect(top.status).toBe(200)
    expect(top.body.series.map((x) => x.place_id)).toEqual(
      ids.filter((id) => chosen('top_five').includes(id)),
    )
    const idle = members.at(-1)!.placeId
    const none = await stats(owner, `/api/stats/ccus?placeIds=${idle}&scope=active`)
    expect(none.status).toBe(200)
    expect(none.body.series).toEqual([])
  })

  it('answers a personal tag to its owner and editors only; curated tags to everyone', async () => {
    const path = `/api/stats/ccus?tagId=${tagId}&aggregation=average`
    expect((await stats(owner, path)).status).toBe(200)
    expect((await stats(editor, path)).status).toBe(200)
    for (const who of [f, other]) {
      const res = await stats(who, path)
      expect(res.status).toBe(404)
      expect(res.body.error.message).toBe(`Tag ${tagId} does not exist`)
    }
    const curated = await stats(f, `/api/stats/ccus?tagId=${f.tags[0]!.id}&aggregation=average`)
    expect(curated.status).toBe(200)
    // A visitor's answer starts inside the last 30 days, and says so.
    expect(curated.headers.get(HISTORY_START_HEADER)).not.toBeNull()
    expect(curated.body.series[0]!.data[0]![0]).toBeGreaterThanOrEqual(f.now - 30 * 86_400_000)
  })

  it('never answers from the old experiences once they changed (part 2 §4)', async () => {
    const path = `/api/stats/ccus?tagId=${tagId}&aggregation=average&granularity=day&withPercentiles=true`
    const first = await stats(owner, path)
    const before = f.computations()
    expect(await stats(owner, path)).toMatchObject({ body: first.body })
    expect(f.computations()).toBe(before)
    // The busiest member leaves: the same call is computed afresh, without it.
    const busiest = members[0]!.placeId
    expect((await sendJson(owner, 'DELETE', `/api/placetag/${tagId}/places/${busiest}`)).status).toBe(200)
    const after = await stats(owner, path)
    expect(f.computations()).toBe(before + 1)
    expect(after.body).not.toEqual(first.body)
    const ids = chosen('all').filter((id) => id !== busiest)
    const byIds = await stats(owner, path.replace(`tagId=${tagId}`, `placeIds=${ids.join(',')}`))
    expect(after.body.series[0]!.data).toEqual(byIds.body.series[0]!.data)
    // It comes back: the first answer again (recomputed, equal).
    expect(
      (await sendJson(owner, 'POST', `/api/placetag/${tagId}/places`, { place_ids: [busiest] })).status,
    ).toBe(200)
    expect((await stats(owner, path)).body).toEqual(first.body)
  })

  it.each([
    [`/api/stats/ccus?tagId=1&scope=all`, 'aggregation'],
    [`/api/stats/ccus?tagId=1&aggregation=average&scope=top5`, 'scope'],
    [`/api/stats/ccus?tagId=2147483648&aggregation=average`, 'tagId'],
    [`/api/stats/ccus?tagId=0&aggregation=average`, 'tagId'],
  ])('refuses %s with a 400 naming %s', async (path, field) => {
    const res = await stats(owner, path)
    expect(res.status).toBe(400)
    expect(res.body.error.details?.map((d) => d.field)).toContain(field)
  })
})
