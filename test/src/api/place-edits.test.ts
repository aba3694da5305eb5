import { type Experience, experience, slimExperienceList } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, type ErrorBody, getJson, sendJson, startApiFixture } from './fixture.ts'

const UNSET = '0001-01-01T00:00:00.000Z'

describe('PUT /api/place/{place_id}: staff edits of the canonical name and release date', () => {
  let f: ApiFixture
  let editor: ApiFixture
  let placeId: number
  let name: string
  beforeAll(async () => {
    f = await startApiFixture()
    editor = await asUser(f, 'editor')
    placeId = f.placeIds[3]!
    name = experience.parse((await getJson(f, `/api/place/${placeId}`)).body).name
  })
  afterAll(() => f?.close())

  const put = (who: ApiFixture, body: unknown, id = placeId) =>
    sendJson<Experience & ErrorBody>(who, 'PUT', `/api/place/${id}`, body)
  const edits = async () => (await f.accounts.store.audit.recent(100, { action: 'place.edit' })).length

  it('is for EDIT_PLACE: 401 for visitors, 403 for viewers, allowed for editors and admins', async () => {
    expect((await put(f, { canonical_name: 'X' })).status).toBe(401)
    const viewer = await put(await asUser(f, 'viewer'), { canonical_name: 'X' })
    expect(viewer.status).toBe(403)
    expect(viewer.body.error.message).toContain('EDIT_PLACE')
    expect((await put(await asUser(f, 'admin'), {})).status).toBe(200)
    expect((await put(editor, {}, 424_242_424_242)).status).toBe(404)
  })

  it('saves a changed canonical name, shown in the detail, the slim list and the badge file name', async () => {
    const before = await edits()
    // The client sends the experience without its counters; only the edited field is read.
    const detail = experience.parse((await getJson(f, `/api/place/${placeId}`)).body)
    const { players_online: _p, total_visits: _v, like_percentage: _l, ...sent } = detail
    const res = await put(editor, { ...sent, canonical_name: '  Tower Heroes Classic ' })
    expect(res.status).toBe(200)
    expect(res.body.canonical_name).toBe('Tower Heroes Classic')
    expect(res.body.name).toBe(name)
    expect(experience.parse((await getJson(f, `/api/place/${placeId}`)).body).canonical_name).toBe(
      'Tower Heroes Classic',
    )
    const slim = slimExperienceList.parse((await getJson(f, '/api/place?slim')).body)
    expect(slim.find((e) => e.place_id === placeId)?.canonical_name).toBe('Tower Heroes Classic')
    expect(slim.filter((e) => e.canonical_name !== e.name).map((e) => e.place_id)).toEqual([placeId])
    const csv = await fetch(`${f.url}/api/badges/${placeId}`, { headers: { accept: 'text/csv' } })
    expect(csv.headers.get('content-disposition')).toContain(
      `filename="tower-heroes-classic-${placeId}-badges.csv"`,
    )
    expect(await edits()).toBe(before + 1)
    const [entry] = await f.accounts.store.audit.recent(1, { action: 'place.edit' })
    expect(entry).toMatchObject({
      actorId: (await getJson<{ user: { id: number } }>(editor, '/api/auth/session')).body.user.id,
      target: `place:${placeId}`,
      details: { canonical_name: { from: name, to: 'Tower Heroes Classic' } },
    })
  })

  it('saves a canonical name only if it changed, and an empty one resets it to the name', async () => {
    await put(editor, { canonical_name: 'Renamed Once' })
    const before = await edits()
    const same = await put(editor, { canonical_name: 'Renamed Once' })
    expect(same.status).toBe(200)
    expect(same.body.canonical_name).toBe('Renamed Once')
    expect(await edits()).toBe(before)
    const reset = await put(editor, { canonical_name: '' })
    expect(reset.body.canonical_name).toBe(name)
    expect(await edits()).toBe(before + 1)
  })

  it('saves a release date, and an empty or invalid one as the year 0001', async () => {
    const cases: [string, string][] = [
      ['2020-05-01', '2020-05-01T00:00:00.000Z'],
      ['2019-11-30T15:00:00Z', '2019-11-30T15:00:00.000Z'],
      ['', UNSET],
      ['2021-03-04', '2021-03-04T00:00:00.000Z'],
      ['not a date', UNSET],
      ['2025-02-30', UNSET],
      ['0000-01-01', UNSET],
    ]
    for (const [sent, stored] of cases) {
      const res = await put(editor, { released: sent })
      expect(res.status, sent).toBe(200)
      expect(res.body.released, sent).toBe(stored)
      expect(experience.parse((await getJson(f, `/api/place/${placeId}`)).body).released, sent).toBe(stored)
    }
    // Leaving a field out keeps it; the other field is not touched by a release date edit.
    await put(editor, { released: '2018-08-08' })
    await put(editor, { canonical_name: 'Both Kept' })
    const both = experience.parse((await getJson(f, `/api/place/${placeId}`)).body)
    expect(both.released).toBe('2018-08-08T00:00:00.000Z')
    expect(both.canonical_name).toBe('Both Kept')
  })

  it('refuses a canonical name over 200 characters and a release date over 64', async () => {
    const res = await put(editor, { canonical_name: 'x'.repeat(201) })
    expect(res.status).toBe(400)
    expect(res.body.error.details?.[0]?.field).toBe('body.canonical_name')
    const before = await edits()
    // 900 KB fits under the body limit; a date never needs more than a few dozen characters.
    for (const released of ['2'.repeat(65), '9'.repeat(900_000)]) {
      const long = await put(editor, { released })
      expect(long.status).toBe(400)
      expect(long.body.error.details?.[0]?.field).toBe('body.released')
    }
    expect(await edits()).toBe(before)
  })
})
