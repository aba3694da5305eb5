import { slimExperienceList } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, getJson, startApiFixture } from './fixture.ts'

describe('/api/place?slim', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
  })
  afterAll(() => f.close())

  it('lists every tracked experience, busiest first, with likes as a fraction', async () => {
    const { status, body, headers } = await getJson(f, '/api/place?slim')
    expect(status).toBe(200)
    const list = slimExperienceList.parse(body)
    expect(list.map((e) => e.place_id).sort()).toEqual([...f.placeIds].sort())
    for (let i = 1; i < list.length; i++) {
      expect(list[i - 1]!.players_online).toBeGreaterThanOrEqual(list[i]!.players_online)
    }
    expect(list.some((e) => e.like_percentage > 0 && e.like_percentage < 1)).toBe(true)
    expect(list.every((e) => e.name.length > 0 && e.canonical_name === e.name)).toBe(true)
    expect(headers.get('cache-control')).toBe('public, max-age=60')
    expect(headers.get('etag')).toMatch(/^W\/"/)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${f.url}/api/place?slim`)
    const etag = first.headers.get('etag')!
    const again = await fetch(`${f.url}/api/place?slim`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
  })

  it('refuses an unknown or repeated query key, naming it', async () => {
    const unknown = await getJson<{ error: { details: { field: string }[] } }>(f, '/api/place?slim&foo=1')
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.details[0]?.field).toBe('foo')
    const repeated = await getJson<{ error: { details: { field: string }[] } }>(f, '/api/place?slim&slim')
    expect(repeated.status).toBe(400)
    expect(repeated.body.error.details[0]?.field).toBe('slim')
    const missing = await getJson<{ error: { details: { field: string }[] } }>(f, '/api/place')
    expect(missing.status).toBe(400)
    expect(missing.body.error.details[0]?.field).toBe('slim')
  })
})
