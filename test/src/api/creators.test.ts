import { creatorList } from '@ludex/schemas'
import { creatorAt, experienceAt } from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, type ErrorBody, getJson, startApiFixture } from './fixture.ts'

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
