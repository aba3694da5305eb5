import { HISTORY_START_HEADER } from '@ludex/api'
import { creatorDetail, creatorList, nextPeriodStart, statsResponse } from '@ludex/schemas'
import { creatorAt, DAY_MS, experienceAt, indexOfPlace, sampleAt, snapSlot } from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, type ErrorBody, getJson, startApiFixture } from './fixture.ts'

describe('/api/creator', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
  })
  afterAll(() => f.close())

  it('lists every creator of tracked experiences with their profile and experiences', async () => {
    // The model's creators of the experiences that exist now, keyed as the platform keys them.
    const expected = new Map<string, { placeIds: number[]; creator: ReturnType<typeof creatorAt> }>()
    for (let i = 0; i < f.model.count; i++) {
      const p = experienceAt(f.model, i)
      if (!f.placeIds.includes(p.rootPlaceId)) continue
      const c = creatorAt(f.model, p.creatorIndex)
      const key = `${c.type}:${c.id}`
      const entry = expected.get(key) ?? { placeIds: [], creator: c }
      entry.placeIds.push(p.rootPlaceId)
      expected.set(key, entry)
    }
    const { status, body, headers } = await getJson(f, '/api/creator')
    expect(status).toBe(200)
    const list = creatorList.parse(body)
    expect(list).toHaveLength(expected.size)
    for (const c of list) {
      const want = expected.get(`${c.type}:${c.id}`)
      expect(want, `${c.type} ${c.id}`).toBeDefined()
      expect(c).toEqual({
        id: want!.creator.id,
        name: want!.creator.name,
        type: want!.creator.type,
        is_verified: want!.creator.verified,
        thumbnail_hash: want!.creator.imageHash,
        place_ids: [...want!.placeIds].sort((a, b) => a - b),
      })
    }
    // Every tracked experience is under exactly one creator; most experiences first.
    expect(list.flatMap((c) => c.place_ids).sort()).toEqual([...f.placeIds].sort())
    for (let k = 1; k < list.length; k++) {
      expect(list[k - 1]!.place_ids.length).toBeGreaterThanOrEqual(list[k]!.place_ids.length)
    }
    expect(list.some((c) => c.type === 'Group') && list.some((c) => c.type === 'User')).toBe(true)
    expect(headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('answers the cached list again, with the same ETag', async () => {
    const first = await getJson(f, '/api/creator')
    const again = await fetch(`${f.url}/api/creator`, {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
  })

  it('refuses query parameters, naming them', async () => {
    const res = await getJson<ErrorBody>(f, '/api/creator?id=5')
    expect(res.status).toBe(400)
    expect(res.body.error.details?.[0]?.field).toBe('id')
  })
})

describe('/api/creator/{creatorId} and its average CCU', () => {
  let f: ApiFixture
  let user: ApiFixture
  let creators: ReturnType<typeof creatorList.parse>
  beforeAll(async () => {
    f = await startApiFixture()
    user = await asUser(f)
    creators = creatorList.parse((await getJson(f, '/api/creator')).body)
  })
  afterAll(() => f.close())

  /** The creator with the most experiences, and one that is a group. */
  const busiest = () => creators[0]!
  const aGroup = () => creators.find((c) => c.type === 'Group' && c.place_ids.length > 1)!

  it('answers the creator with its totals and experiences as the simulator shows them', async () => {
    const lastSlot = snapSlot(f.now)
    for (const c of [busiest(), aGroup()]) {
      const { status, body, headers } = await getJson(f, `/api/creator/${c.id}`)
      expect(status).toBe(200)
      const d = creatorDetail.parse(body)
      expect({ ...d, players_online: 0, total_visits: 0, like_rate: 0, experiences: [] }).toEqual({
        ...c,
        players_online: 0,
        total_visits: 0,
        like_rate: 0,
        experiences: [],
      })
      const samples = c.place_ids.map((id) => sampleAt(f.model, indexOfPlace(f.model, id), lastSlot))
      expect(d.players_online).toBe(samples.reduce((s, x) => s + x.playing, 0))
      expect(d.total_visits).toBe(samples.reduce((s, x) => s + x.visits, 0))
      const rated = samples.filter((x) => x.upVotes + x.downVotes > 0)
      const like = rated.reduce((s, x) => s + x.upVotes / (x.upVotes + x.downVotes), 0) / rated.length
      expect(d.like_rate).toBeCloseTo(like, 9)
      expect(d.experiences.map((e) => e.place_id).sort()).toEqual([...c.place_ids].sort())
      for (let k = 1; k < d.experiences.length; k++) {
        expect(d.experiences[k - 1]!.players_online).toBeGreaterThanOrEqual(d.experiences[k]!.players_online)
      }
      expect(headers.get('cache-control')).toBe('public, max-age=60')
    }
  })

  it('picks by type, and answers 404 for an id no creator of that type has', async () => {
    const g = aGroup()
    expect((await getJson(f, `/api/creator/${g.id}?type=Group`)).status).toBe(200)
    const wrongType = await getJson<ErrorBody>(f, `/api/creator/${g.id}?type=User`)
    expect(wrongType.status).toBe(404)
    // Simulator ids of users start at 1,000,000 and groups below it: this one names neither.
    const unknown = await getJson<ErrorBody>(f, '/api/creator/999999999999')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('not_found')
    expect((await getJson(f, '/api/creator/999999999999/ccu')).status).toBe(404)
  })

  it.each([
    ['/api/creator/0', 'creatorId'],
    ['/api/creator/abc', 'creatorId'],
    ['/api/creator/12?type=Robot', 'type'],
    ['/api/creator/12?name=x', 'name'],
    ['/api/creator/12/ccu?scope=some', 'scope'],
    ['/api/creator/12/ccu?granularity=year', 'granularity'],
    ['/api/creator/12/ccu?startTime=2026-11-10&endTime=2026-11-01', 'startTime'],
  ])('refuses %s naming %s', async (path, field) => {
    const res = await getJson<ErrorBody>(f, path)
    expect(res.status).toBe(400)
    expect(res.body.error.details?.[0]?.field).toBe(field)
  })

  /** The stats call's average over some places, the reference the creator's chart must equal. */
  async function averageOf(
    as: ApiFixture,
    placeIds: readonly number[],
    includeZeros: boolean,
    query: string,
  ) {
    const res = await getJson(
      as,
      `/api/stats/ccus?placeIds=${placeIds.join(',')}&aggregation=average&includeZeros=${includeZeros}&${query}`,
    )
    expect(res.status).toBe(200)
    return statsResponse.parse(res.body).series[0]!.data
  }

  it('averages the CCU of all, the active or the top five of its experiences, weekly by default', async () => {
    const c = creators.find((x) => x.place_ids.length > 5)!
    expect(c).toBeDefined()
    const query = 'startTime=2026-10-26'
    const get = async (scope: string) => {
      const res = await getJson(user, `/api/creator/${c.id}/ccu?scope=${scope}&${query}`)
      expect(res.status).toBe(200)
      const body = statsResponse.parse(res.body)
      expect(body.stat).toBe('ccus')
      expect(body.series).toHaveLength(1)
      expect(body.series[0]).toMatchObject({ place_id: 0, name: c.name })
      return body.series[0]!.data
    }
    const week = `granularity=week&${query}`
    const all = await get('all')
    expect(all.length).toBeGreaterThan(1)
    for (const [t] of all) {
      expect(new Date(t).getUTCDay()).toBe(1)
      expect(new Date(t).getUTCHours()).toBe(1)
    }
    expect(all).toEqual(await averageOf(user, c.place_ids, true, week))
    expect(await get('active')).toEqual(await averageOf(user, c.place_ids, false, week))
    const lastSlot = snapSlot(f.now)
    const topFive = [...c.place_ids]
      .map((id) => ({ id, playing: sampleAt(f.model, indexOfPlace(f.model, id), lastSlot).playing }))
      .sort((a, b) => b.playing - a.playing || 0)
      .slice(0, 5)
    // Ties at the fifth place would make the choice arbitrary: the fixture's creator has none.
    expect(new Set(topFive.map((p) => p.playing)).size).toBe(5)
    expect(await get('top_five')).toEqual(
      await averageOf(
        user,
        topFive.map((p) => p.id),
        true,
        week,
      ),
    )
    // The scope defaults to active.
    const byDefault = statsResponse.parse((await getJson(user, `/api/creator/${c.id}/ccu?${query}`)).body)
    expect(byDefault.series[0]!.data).toEqual(await get('active'))
  })

  it('holds a visitor to the last 30 days, as every series', async () => {
    const c = busiest()
    const res = await getJson(f, `/api/creator/${c.id}/ccu?granularity=day&startTime=2026-01-01`)
    expect(res.status).toBe(200)
    const first = nextPeriodStart(f.now - 30 * DAY_MS, 'day')
    expect(res.headers.get(HISTORY_START_HEADER)).toBe(new Date(first).toISOString())
    const data = statsResponse.parse(res.body).series[0]!.data
    expect(data[0]![0]).toBe(first)
    const signedIn = statsResponse.parse(
      (await getJson(user, `/api/creator/${c.id}/ccu?granularity=day&startTime=2026-01-01`)).body,
    ).series[0]!.data
    expect(signedIn[0]![0]).toBeLessThan(first)
    expect(signedIn.slice(signedIn.findIndex((r) => r[0] === first))).toEqual(data)
  })
})
