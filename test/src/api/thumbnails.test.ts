import { HISTORY_START_HEADER } from '@ludex/api'
import { thumbnailList } from '@ludex/schemas'
import { indexOfPlace, metadataAt, snapSlot } from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, type ErrorBody, FIXTURE, getJson, startApiFixture } from './fixture.ts'

describe('/api/thumbnail/bulk and /api/thumbnail', () => {
  /** Answered to a visitor; `user` is the same fixture answered to a signed-in user. */
  let f: ApiFixture
  let user: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
    user = await asUser(f)
  })
  afterAll(() => f.close())

  const metaNow = (placeId: number) => metadataAt(f.model, indexOfPlace(f.model, placeId), snapSlot(f.now))

  it('gives the latest thumbnail of each place of the type asked, in the order asked', async () => {
    const ids = f.placeIds.slice(10, 20).reverse()
    for (const type of ['Icon', 'Banner'] as const) {
      // 1 is not a tracked place: it is left out, not an error.
      const { status, body, headers } = await getJson(
        f,
        `/api/thumbnail/bulk?placeIds=${[...ids, 1]}&type=${type}`,
      )
      expect(status).toBe(200)
      const list = thumbnailList.parse(body)
      expect(list.map((t) => t.place_id)).toEqual(ids)
      for (const t of list) {
        expect(t.type).toBe(type)
        expect(t.hash).toBe(type === 'Icon' ? metaNow(t.place_id).iconHash : metaNow(t.place_id).bannerHash)
        expect(Date.parse(t.time)).toBeLessThanOrEqual(f.now)
      }
      expect(headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
    }
  })

  it('accepts up to 100 ids and counts a repeated id once', async () => {
    const hundred = [...f.placeIds, ...Array.from({ length: 100 }, (_, k) => k + 1)].slice(0, 100)
    const ok = await getJson(f, `/api/thumbnail/bulk?placeIds=${hundred}&type=Icon`)
    expect(ok.status).toBe(200)
    expect(thumbnailList.parse(ok.body)).toHaveLength(Math.min(100, f.placeIds.length))
    const id = f.placeIds[0]
    const twice = await getJson(f, `/api/thumbnail/bulk?placeIds=${id},${id}&type=Icon`)
    expect(thumbnailList.parse(twice.body)).toHaveLength(1)
  })

  it('refuses bad bulk input with a 400 naming the parameter', async () => {
    const tooMany = Array.from({ length: 101 }, (_, k) => k + 1).join(',')
    const cases: [string, string][] = [
      [`/api/thumbnail/bulk?type=Icon`, 'placeIds'],
      [`/api/thumbnail/bulk?placeIds=&type=Icon`, 'placeIds'],
      [`/api/thumbnail/bulk?placeIds=1,abc&type=Icon`, 'placeIds'],
      [`/api/thumbnail/bulk?placeIds=0&type=Icon`, 'placeIds'],
      [`/api/thumbnail/bulk?placeIds=${tooMany}&type=Icon`, 'placeIds'],
      [`/api/thumbnail/bulk?placeIds=1`, 'type'],
      [`/api/thumbnail/bulk?placeIds=1&type=icon`, 'type'],
      [`/api/thumbnail/bulk?placeIds=1&type=Poster`, 'type'],
      [`/api/thumbnail/bulk?placeIds=1&type=Icon&type=Banner`, 'type'],
      [`/api/thumbnail/bulk?placeIds=1&type=Icon&size=150`, 'size'],
    ]
    for (const [path, field] of cases) {
      const res = await getJson<ErrorBody>(f, path)
      expect(res.status, path).toBe(400)
      expect(
        res.body.error.details?.map((d) => d.field),
        path,
      ).toContain(field)
    }
  })

  /** The place whose images changed most over the fixture's days, and its whole (signed-in) history. */
  async function busiest() {
    let placeId = f.placeIds[0]!
    let all = thumbnailList.parse((await getJson(user, `/api/thumbnail?placeId=${placeId}`)).body)
    for (const id of f.placeIds.slice(0, 40)) {
      const list = thumbnailList.parse((await getJson(user, `/api/thumbnail?placeId=${id}`)).body)
      if (list.length > all.length) [placeId, all] = [id, list]
    }
    return { placeId, all }
  }

  it('lists every thumbnail of a place since startTime, oldest first, both types', async () => {
    const { placeId, all } = await busiest()
    expect(all.length).toBeGreaterThan(3)
    const times = all.map((t) => Date.parse(t.time))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(all.every((t) => t.place_id === placeId)).toBe(true)
    expect(new Set(all.map((t) => t.type))).toEqual(new Set(['Icon', 'Banner']))
    // The first poll saw both images; each later row is a change of its type.
    const start = FIXTURE.now - FIXTURE.days * 86_400_000
    expect(times[0]).toBeGreaterThanOrEqual(start)
    for (const type of ['Icon', 'Banner'] as const) {
      const hashes = all.filter((t) => t.type === type).map((t) => t.hash)
      for (let k = 1; k < hashes.length; k++) expect(hashes[k]).not.toBe(hashes[k - 1])
      expect(hashes.at(-1)).toBe(type === 'Icon' ? metaNow(placeId).iconHash : metaNow(placeId).bannerHash)
    }
    // startTime keeps the rows at or after it (ISO or epoch ms); earlier than 2022 reads as 2022-01-01.
    const cut = times[Math.floor(times.length / 2)]!
    const expected = all.filter((t) => Date.parse(t.time) >= cut)
    for (const startTime of [new Date(cut).toISOString(), String(cut)]) {
      const since = await getJson(
        user,
        `/api/thumbnail?placeId=${placeId}&startTime=${encodeURIComponent(startTime)}`,
      )
      expect(since.status).toBe(200)
      expect(thumbnailList.parse(since.body)).toEqual(expected)
    }
    const early = await getJson(user, `/api/thumbnail?placeId=${placeId}&startTime=2006-01-01`)
    expect(thumbnailList.parse(early.body)).toEqual(all)
    expect(early.headers.get(HISTORY_START_HEADER)).toBeNull()
    const future = await getJson(user, `/api/thumbnail?placeId=${placeId}&startTime=2030-01-01`)
    expect(future.body).toEqual([])
  })

  it('lists a visitor only the thumbnails observed in the last 30 days', async () => {
    const { placeId, all } = await busiest()
    // now − 30 days: 2026-11-18T14:03Z − 30 days.
    const windowStart = Date.UTC(2026, 9, 19, 14, 3)
    const inside = all.filter((t) => Date.parse(t.time) >= windowStart)
    expect(inside.length).toBeGreaterThan(0)
    expect(inside.length).toBeLessThan(all.length)
    for (const query of ['', '&startTime=2022-01-01']) {
      const { status, body, headers } = await getJson(f, `/api/thumbnail?placeId=${placeId}${query}`)
      expect(status).toBe(200)
      expect(thumbnailList.parse(body)).toEqual(inside)
      expect(headers.get(HISTORY_START_HEADER)).toBe('2026-10-19T14:03:00.000Z')
    }
    // A start inside the window is kept as it is.
    const cut = Date.parse(inside.at(-1)!.time)
    const late = await getJson(f, `/api/thumbnail?placeId=${placeId}&startTime=${cut}`)
    expect(late.headers.get(HISTORY_START_HEADER)).toBeNull()
    expect(thumbnailList.parse(late.body)).toEqual(all.filter((t) => Date.parse(t.time) >= cut))
  })

  it('answers 404 for an untracked place and 400 naming the parameter for bad input', async () => {
    const missing = await getJson<ErrorBody>(f, '/api/thumbnail?placeId=1')
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('not_found')
    const id = f.placeIds[0]
    const cases: [string, string][] = [
      ['/api/thumbnail', 'placeId'],
      ['/api/thumbnail?placeId=abc', 'placeId'],
      ['/api/thumbnail?placeId=0', 'placeId'],
      ['/api/thumbnail?placeId=1,2', 'placeId'],
      [`/api/thumbnail?placeId=${id}&startTime=yesterday`, 'startTime'],
      [`/api/thumbnail?placeId=${id}&startTime=2022-13-45`, 'startTime'],
      [`/api/thumbnail?placeId=${id}&endTime=2023-01-01`, 'endTime'],
    ]
    for (const [path, field] of cases) {
      const res = await getJson<ErrorBody>(f, path)
      expect(res.status, path).toBe(400)
      expect(
        res.body.error.details?.map((d) => d.field),
        path,
      ).toContain(field)
    }
  })
})
