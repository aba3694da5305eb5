import {
  type Experience,
  type PlaceTag,
  type PopulatedPlaceTag,
  placeTag,
  placeTagList,
  populatedPlaceTag,
  type SessionState,
  TAG_MAX_PLACES,
  TAG_NAME_MAX_LENGTH,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, type ErrorBody, getJson, sendJson, startApiFixture } from './fixture.ts'

type Tag = PlaceTag & ErrorBody
type Populated = PopulatedPlaceTag & ErrorBody

/** A place id no experience has, upstream or here. */
const UNKNOWN_PLACE = 4_242_424_242

describe('/api/placetag: tags, their experiences and who may change them', () => {
  let f: ApiFixture
  /** Two ordinary users, an editor and an admin, each signed in. */
  let viewer: ApiFixture & { user: { id: number } }
  let other: ApiFixture & { user: { id: number } }
  let editor: ApiFixture & { user: { id: number } }
  let admin: ApiFixture & { user: { id: number } }
  let curatedId: number

  beforeAll(async () => {
    f = await startApiFixture()
    ;[viewer, other, editor, admin] = await Promise.all([
      asUser(f, 'viewer'),
      asUser(f, 'viewer'),
      asUser(f, 'editor'),
      asUser(f, 'admin'),
    ])
    curatedId = f.tags[0]!.id
  })
  afterAll(() => f?.close())

  const create = (who: ApiFixture, body: unknown) => sendJson<Populated>(who, 'POST', '/api/placetag', body)
  const put = (who: ApiFixture, id: number, body: unknown) =>
    sendJson<Tag>(who, 'PUT', `/api/placetag/${id}`, body)
  const add = (who: ApiFixture, id: number, placeIds: unknown) =>
    sendJson<Tag>(who, 'POST', `/api/placetag/${id}/places`, { place_ids: placeIds })
  const removeOne = (who: ApiFixture, id: number, placeId: number) =>
    sendJson<Tag>(who, 'DELETE', `/api/placetag/${id}/places/${placeId}`)
  const remove = (who: ApiFixture, id: number) => sendJson<Tag>(who, 'DELETE', `/api/placetag/${id}`)
  const list = async (who: ApiFixture) => {
    const res = await getJson<PlaceTag[]>(who, '/api/placetag')
    expect(res.status).toBe(200)
    return placeTagList.parse(res.body)
  }
  const audits = (action: 'tag.create' | 'tag.update' | 'tag.delete') =>
    f.accounts.store.audit.recent(500, { action })
  /** A personal tag of `who`, with some experiences. */
  async function personal(who: ApiFixture, name: string, placeIds: number[] = []): Promise<PlaceTag> {
    const created = await create(who, { name })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    if (placeIds.length === 0) return placeTag.parse(created.body)
    const saved = await put(who, created.body.id, { place_ids: placeIds })
    expect(saved.status).toBe(200)
    return placeTag.parse(saved.body)
  }

  describe('GET /api/placetag', () => {
    it('lists curated tags to visitors, adds own tags for users and every user’s for editors', async () => {
      const mine = await personal(viewer, 'Listed mine', [f.placeIds[0]!])
      const theirs = await personal(other, 'Listed theirs')
      const ids = async (who: ApiFixture) => (await list(who)).map((t) => t.id)
      const visitor = await ids(f)
      expect(visitor).toContain(curatedId)
      expect(visitor).not.toContain(mine.id)
      expect(visitor).not.toContain(theirs.id)
      expect(await ids(viewer)).toEqual(expect.arrayContaining([curatedId, mine.id]))
      expect(await ids(viewer)).not.toContain(theirs.id)
      expect(await ids(editor)).toEqual(expect.arrayContaining([curatedId, mine.id, theirs.id]))
      const listed = (await list(viewer)).find((t) => t.id === mine.id)
      expect(listed).toMatchObject({
        name: 'Listed mine',
        place_ids: [f.placeIds[0]],
        global: false,
        owner_id: viewer.user.id,
      })
    })

    it('gives admins the owner’s email, and nobody else', async () => {
      const tagged = await personal(other, 'Owned by other')
      const asAdmin = (await list(admin)).find((t) => t.id === tagged.id)
      const otherEmail = (await getJson<SessionState>(other, '/api/auth/session')).body.user?.email
      expect(otherEmail).toContain('@')
      expect(asAdmin?.owner_email).toBe(otherEmail)
      expect((await list(admin)).find((t) => t.id === curatedId)?.owner_email).toBe(f.curator.email)
      for (const who of [f, viewer, editor]) {
        expect((await list(who)).every((t) => t.owner_email === undefined)).toBe(true)
      }
    })

    it('is not stored by browsers: the list follows the caller’s edits', async () => {
      const res = await getJson(viewer, '/api/placetag')
      expect(res.headers.get('cache-control')).toBe('no-store')
    })
  })

  describe('POST /api/placetag', () => {
    it('creates a personal tag for a signed-in user, trimmed, empty, audited', async () => {
      expect((await create(f, { name: 'Visitor tag' })).status).toBe(401)
      const before = (await audits('tag.create')).length
      const res = await create(viewer, { name: '  My Portfolio  ' })
      expect(res.status).toBe(200)
      const tag = populatedPlaceTag.parse(res.body)
      expect(tag).toMatchObject({
        name: 'My Portfolio',
        global: false,
        owner_id: viewer.user.id,
        place_ids: [],
        places: [],
        untracked_place_ids: [],
      })
      expect(tag.created).toBe(tag.updated)
      const entries = await audits('tag.create')
      expect(entries).toHaveLength(before + 1)
      expect(entries[0]).toMatchObject({
        actorId: viewer.user.id,
        target: `tag:${tag.id}`,
        details: { name: 'My Portfolio', global: false, owner_id: viewer.user.id },
      })
    })

    it('creates curated tags for editors (EDIT_TAG) only', async () => {
      const refused = await create(viewer, { name: 'Curated by a viewer', global: true })
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toContain('EDIT_TAG')
      const res = await create(editor, { name: 'Curated by an editor', global: true })
      expect(res.status).toBe(200)
      expect(res.body.global).toBe(true)
      expect((await list(f)).map((t) => t.id)).toContain(res.body.id)
    })

    it('refuses a taken name with a 409 that says which, whatever the case', async () => {
      await personal(viewer, 'Competitors')
      const mine = await create(viewer, { name: 'COMPETITORS' })
      expect(mine.status).toBe(409)
      expect(mine.body.error).toMatchObject({
        code: 'duplicate_name',
        message: "You already have a tag named 'COMPETITORS'",
        details: [{ field: 'body.name' }],
      })
      // Another user's tags, and the curated ones, are another namespace.
      expect((await create(other, { name: 'competitors' })).status).toBe(200)
      expect((await create(viewer, { name: f.tags[0]!.name })).status).toBe(200)
      const curated = await create(editor, { name: f.tags[0]!.name.toUpperCase(), global: true })
      expect(curated.status).toBe(409)
      expect(curated.body.error.message).toBe(
        `A curated tag named '${f.tags[0]!.name.toUpperCase()}' already exists`,
      )
    })

    it.each([
      [{ name: '' }, 'body.name'],
      [{ name: '    ' }, 'body.name'],
      [{ name: 'x'.repeat(TAG_NAME_MAX_LENGTH + 1) }, 'body.name'],
      [{ name: 'tab\there' }, 'body.name'],
      [{ name: 'nul\u0000' }, 'body.name'],
      [{}, 'body.name'],
      [{ name: 'ok', global: 'yes' }, 'body.global'],
    ])('refuses %j with a 400 naming %s', async (body, field) => {
      const res = await create(viewer, body)
      expect(res.status).toBe(400)
      expect(res.body.error.details?.map((d) => d.field)).toContain(field)
    })

    it(`takes a name of exactly ${TAG_NAME_MAX_LENGTH} characters`, async () => {
      const res = await create(viewer, { name: 'n'.repeat(TAG_NAME_MAX_LENGTH) })
      expect(res.status).toBe(200)
    })
  })

  describe('GET /api/placetag/{id}', () => {
    it('populates the tag: tracked experiences in order with banners, untracked ids apart', async () => {
      const ids = [f.placeIds[5]!, UNKNOWN_PLACE, f.placeIds[2]!, f.placeIds[9]!]
      const tag = await personal(viewer, 'Populated', ids)
      const res = await getJson<Populated>(viewer, `/api/placetag/${tag.id}`)
      expect(res.status).toBe(200)
      const body = populatedPlaceTag.parse(res.body)
      expect(body.place_ids).toEqual(ids)
      expect(body.places.map((p) => p.place_id)).toEqual([f.placeIds[5], f.placeIds[2], f.placeIds[9]])
      expect(body.untracked_place_ids).toEqual([UNKNOWN_PLACE])
      for (const place of body.places) {
        const full = (await getJson<Experience>(f, `/api/place/${place.place_id}`)).body
        expect(place).toEqual({
          universe_id: full.universe_id,
          place_id: full.place_id,
          name: full.name,
          canonical_name: full.canonical_name,
          genre_l1: full.genre_l1,
          genre_l2: full.genre_l2,
          players_online: full.players_online,
          total_visits: full.total_visits,
          favorites: full.favorites,
          like_percentage: full.like_percentage,
          play_status: full.play_status,
          thumbnails: { banner: full.thumbnails.banner },
        })
      }
      expect(body.places.some((p) => p.thumbnails.banner !== null)).toBe(true)
      expect(res.headers.get('cache-control')).toBe('no-store')
    })

    it('shows the staff’s canonical name', async () => {
      const placeId = f.placeIds[11]!
      expect(
        (await sendJson(editor, 'PUT', `/api/place/${placeId}`, { canonical_name: 'Canon Name' })).status,
      ).toBe(200)
      const tag = await personal(viewer, 'Canonical', [placeId])
      const body = (await getJson<Populated>(viewer, `/api/placetag/${tag.id}`)).body
      expect(body.places[0]).toMatchObject({ place_id: placeId, canonical_name: 'Canon Name' })
    })

    it('is a 404 for an unknown tag, and for a personal tag the caller may not see', async () => {
      const tag = await personal(viewer, 'Private to viewer')
      expect((await getJson(viewer, `/api/placetag/${tag.id}`)).status).toBe(200)
      expect((await getJson(editor, `/api/placetag/${tag.id}`)).status).toBe(200)
      expect((await getJson(admin, `/api/placetag/${tag.id}`)).status).toBe(200)
      for (const who of [f, other]) {
        const res = await getJson<ErrorBody>(who, `/api/placetag/${tag.id}`)
        expect(res.status).toBe(404)
        expect(res.body.error.message).toBe(`Tag ${tag.id} does not exist`)
      }
      expect((await getJson(f, `/api/placetag/${curatedId}`)).status).toBe(200)
      expect((await getJson(viewer, '/api/placetag/2147483647')).status).toBe(404)
    })

    it.each(['0', 'abc', '-1', '1.5', '2147483648'])('refuses the id %j with a 400 naming it', async (id) => {
      const res = await getJson<ErrorBody>(viewer, `/api/placetag/${id}`)
      expect(res.status).toBe(400)
      expect(res.body.error.details?.map((d) => d.field)).toEqual(['id'])
    })
  })

  describe('PUT /api/placetag/{id}', () => {
    it('renames and sets the experiences: kept ones stay in place, new ones appended, audited', async () => {
      const [a, b, c, d] = f.placeIds
      const tag = await personal(viewer, 'Niche', [a!, b!, c!])
      const before = (await audits('tag.update')).length
      // The client sends the whole tag, as it holds it.
      const res = await put(viewer, tag.id, { ...tag, name: 'Niche 2', place_ids: [d!, c!, a!, d!] })
      expect(res.status).toBe(200)
      expect(placeTag.parse(res.body)).toMatchObject({ name: 'Niche 2', place_ids: [a, c, d] })
      expect(res.body.updated >= tag.updated).toBe(true)
      const entries = await audits('tag.update')
      expect(entries).toHaveLength(before + 1)
      expect(entries[0]).toMatchObject({
        actorId: viewer.user.id,
        target: `tag:${tag.id}`,
        details: { renamed: { from: 'Niche', to: 'Niche 2' }, added: [d], removed: [b] },
      })
      // Fields left out stay; an unchanged save is answered as is and not audited.
      const renamed = await put(viewer, tag.id, { name: 'Niche 3' })
      expect(renamed.body).toMatchObject({ name: 'Niche 3', place_ids: [a, c, d] })
      const same = await put(viewer, tag.id, { name: 'Niche 3', place_ids: [a, c, d] })
      expect(same.body.updated).toBe(renamed.body.updated)
      expect(await audits('tag.update')).toHaveLength(before + 2)
    })

    it('refuses a taken name (409), another id or kind, too many or bad experiences (400)', async () => {
      await personal(viewer, 'Taken')
      const tag = await personal(viewer, 'Free')
      const taken = await put(viewer, tag.id, { name: 'taken' })
      expect(taken.status).toBe(409)
      expect(taken.body.error.details).toEqual([
        { field: 'body.name', message: "You already have a tag named 'taken'" },
      ])
      const cases: [unknown, string][] = [
        [{ id: tag.id + 1, name: 'x' }, 'body.id'],
        [{ global: true }, 'body.global'],
        [{ place_ids: Array.from({ length: TAG_MAX_PLACES + 1 }, (_, i) => i + 1) }, 'body.place_ids'],
        [{ place_ids: [1, 0] }, 'body.place_ids.1'],
        [{ place_ids: [-5] }, 'body.place_ids.0'],
        [{ place_ids: [1.5] }, 'body.place_ids.0'],
        [{ place_ids: ['12'] }, 'body.place_ids.0'],
        [{ place_ids: [2 ** 53] }, 'body.place_ids.0'],
        [{ name: '' }, 'body.name'],
      ]
      for (const [body, field] of cases) {
        const res = await put(viewer, tag.id, body)
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
        expect(res.body.error.details?.map((d) => d.field)).toContain(field)
      }
      expect((await getJson<Tag>(viewer, `/api/placetag/${tag.id}`)).body).toMatchObject({
        name: 'Free',
        place_ids: [],
      })
      // The limit itself is reachable.
      const full = await put(viewer, tag.id, {
        place_ids: Array.from({ length: TAG_MAX_PLACES }, (_, i) => i + 1),
      })
      expect(full.status).toBe(200)
      expect(full.body.place_ids).toHaveLength(TAG_MAX_PLACES)
    })
  })

  describe('who may change what (part 2 §6)', () => {
    /** Each change a caller could try on a tag, and the statuses expected. */
    async function attempts(who: ApiFixture, id: number) {
      return {
        rename: (await put(who, id, { name: `Renamed ${Math.random()}` })).status,
        add: (await add(who, id, [f.placeIds[30]!])).status,
        removeOne: (await removeOne(who, id, f.placeIds[0]!)).status,
      }
    }

    it('lets owners change their personal tags; others get 404, editors and admins 403', async () => {
      const tag = await personal(viewer, 'Owner only', [f.placeIds[0]!])
      expect(await attempts(f, tag.id)).toEqual({ rename: 401, add: 401, removeOne: 401 })
      expect(await attempts(other, tag.id)).toEqual({ rename: 404, add: 404, removeOne: 404 })
      for (const staff of [editor, admin]) {
        const res = await put(staff, tag.id, { name: 'Taken over' })
        expect(res.status).toBe(403)
        expect(res.body.error.message).toBe('Only its owner may change a personal tag')
        expect(await attempts(staff, tag.id)).toEqual({ rename: 403, add: 403, removeOne: 403 })
        expect((await remove(staff, tag.id)).status).toBe(403)
      }
      expect((await remove(other, tag.id)).status).toBe(404)
      expect(await attempts(viewer, tag.id)).toEqual({ rename: 200, add: 200, removeOne: 200 })
    })

    it('lets editors and admins change curated tags; users get 403', async () => {
      const created = await create(editor, { name: 'Curated changes', global: true })
      const id = created.body.id
      await add(editor, id, [f.placeIds[0]!])
      for (const who of [viewer, other]) {
        const res = await put(who, id, { name: 'Not yours' })
        expect(res.status).toBe(403)
        expect(res.body.error.message).toContain('EDIT_TAG')
        expect(await attempts(who, id)).toEqual({ rename: 403, add: 403, removeOne: 403 })
        expect((await remove(who, id)).status).toBe(403)
      }
      expect(await attempts(admin, id)).toEqual({ rename: 200, add: 200, removeOne: 200 })
      await add(admin, id, [f.placeIds[0]!])
      expect(await attempts(editor, id)).toEqual({ rename: 200, add: 200, removeOne: 200 })
    })
  })

  describe('DELETE /api/placetag/{id}', () => {
    it('deletes the tag for good, answers it and audits it with its experiences', async () => {
      const tag = await personal(viewer, 'To delete', [f.placeIds[1]!, f.placeIds[2]!])
      const res = await remove(viewer, tag.id)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: tag.id, name: 'To delete' })
      expect((await getJson(viewer, `/api/placetag/${tag.id}`)).status).toBe(404)
      expect((await remove(viewer, tag.id)).status).toBe(404)
      const [entry] = await audits('tag.delete')
      expect(entry).toMatchObject({
        actorId: viewer.user.id,
        target: `tag:${tag.id}`,
        details: { name: 'To delete', place_ids: [f.placeIds[1], f.placeIds[2]] },
      })
      // Its name is free again.
      expect((await create(viewer, { name: 'To delete' })).status).toBe(200)
    })
  })

  describe('POST /api/placetag/{id}/places and DELETE /api/placetag/{id}/places/{placeId}', () => {
    it('appends new experiences in order and removes one, each change audited', async () => {
      const [a, b, c] = f.placeIds
      const tag = await personal(viewer, 'Adds', [a!])
      const res = await add(viewer, tag.id, [c!, a!, b!, c!])
      expect(res.status).toBe(200)
      expect(res.body.place_ids).toEqual([a, c, b])
      const [added] = await audits('tag.update')
      expect(added).toMatchObject({ target: `tag:${tag.id}`, details: { added: [c, b] } })
      const gone = await removeOne(viewer, tag.id, c!)
      expect(gone.status).toBe(200)
      expect(gone.body.place_ids).toEqual([a, b])
      const [removed] = await audits('tag.update')
      expect(removed).toMatchObject({ target: `tag:${tag.id}`, details: { removed: [c] } })
      // Removing it again leaves the tag as it is, unchanged and not audited.
      const again = await removeOne(viewer, tag.id, c!)
      expect(again.status).toBe(200)
      expect(again.body).toEqual(gone.body)
      expect((await audits('tag.update'))[0]).toEqual(removed)
    })

    it(`refuses to go past ${TAG_MAX_PLACES} experiences, naming the field, and changes nothing`, async () => {
      const tag = await personal(
        viewer,
        'Nearly full',
        Array.from({ length: TAG_MAX_PLACES - 2 }, (_, i) => i + 1),
      )
      const res = await add(viewer, tag.id, [5_000_001, 5_000_002, 5_000_003])
      expect(res.status).toBe(400)
      expect(res.body.error.details).toEqual([
        {
          field: 'body.place_ids',
          message: `a tag holds at most ${TAG_MAX_PLACES} experiences: it has ${TAG_MAX_PLACES - 2}, and 3 more would make ${TAG_MAX_PLACES + 1}`,
        },
      ])
      expect((await getJson<Tag>(viewer, `/api/placetag/${tag.id}`)).body.place_ids).toHaveLength(
        TAG_MAX_PLACES - 2,
      )
      // Members already there do not count as more.
      expect((await add(viewer, tag.id, [1, 2, 5_000_001, 5_000_002])).status).toBe(200)
    })

    it.each([
      [[], 'body.place_ids'],
      [[0], 'body.place_ids.0'],
      [['x'], 'body.place_ids.0'],
      [null, 'body.place_ids'],
    ])('refuses %j with a 400 naming %s', async (ids, field) => {
      const tag = await personal(viewer, `Bad adds ${field} ${JSON.stringify(ids)}`)
      const res = await add(viewer, tag.id, ids)
      expect(res.status).toBe(400)
      expect(res.body.error.details?.map((d) => d.field)).toContain(field)
    })

    it('refuses a bad place id in the path with a 400 naming it', async () => {
      const tag = await personal(viewer, 'Bad path')
      const res = await getJson<ErrorBody>(viewer, `/api/placetag/${tag.id}/places/0`, { method: 'DELETE' })
      expect(res.status).toBe(400)
      expect(res.body.error.details?.map((d) => d.field)).toEqual(['placeId'])
    })
  })

  describe('experiences Ludex does not track yet (part 2 §5: added, then tracked)', () => {
    it('keeps them in the tag and asks for them to be tracked, once, and only them', async () => {
      // Whatever earlier tests asked for is taken first.
      await f.trackingRequests.take(100_000)
      const tag = await personal(viewer, 'Discovery')
      const res = await add(viewer, tag.id, [f.placeIds[3]!, UNKNOWN_PLACE, UNKNOWN_PLACE + 1])
      expect(res.status).toBe(200)
      expect(res.body.place_ids).toEqual([f.placeIds[3], UNKNOWN_PLACE, UNKNOWN_PLACE + 1])
      expect((await f.trackingRequests.take(100)).sort()).toEqual([UNKNOWN_PLACE, UNKNOWN_PLACE + 1].sort())
      // Saving the whole tag again adds nothing new: nothing more is asked for.
      await put(viewer, tag.id, { place_ids: res.body.place_ids })
      expect(await f.trackingRequests.take(100)).toEqual([])
      const populated = (await getJson<Populated>(viewer, `/api/placetag/${tag.id}`)).body
      expect(populated.untracked_place_ids).toEqual([UNKNOWN_PLACE, UNKNOWN_PLACE + 1])
    })
  })

  describe('the full experience’s tags', () => {
    it('lists the curated tags holding it, and the caller’s own', async () => {
      // Beyond the fixture's curated tag (its first 40 experiences).
      const placeId = f.placeIds[60]!
      const curated = (await create(editor, { name: 'Holds it', global: true })).body.id
      await add(editor, curated, [placeId])
      const mine = await personal(viewer, 'Mine holds it', [placeId])
      const theirs = await personal(other, 'Theirs holds it', [placeId])
      const tagsOf = async (who: ApiFixture) =>
        (await getJson<Experience>(who, `/api/place/${placeId}`)).body.tags
      expect(await tagsOf(f)).toEqual([curated])
      expect(await tagsOf(viewer)).toEqual([curated, mine.id])
      expect(await tagsOf(other)).toEqual([curated, theirs.id])
      // Editors see other users' tags on the tags page, not on every experience.
      expect(await tagsOf(editor)).toEqual([curated])
      await removeOne(viewer, mine.id, placeId)
      expect(await tagsOf(viewer)).toEqual([curated])
      // The staff edit answers the experience with the editor's tags too.
      const edited = await sendJson<Experience>(editor, 'PUT', `/api/place/${placeId}`, {
        canonical_name: 'Held',
      })
      expect(edited.body.tags).toEqual([curated])
    })
  })
})
