import type { SessionState, SessionUser } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiFixture,
  asUser,
  createUser,
  type ErrorBody,
  getJson,
  sendJson,
  signIn,
  startApiFixture,
} from './fixture.ts'

interface UserList {
  active: { last_24_hours: number; last_30_days: number }
  users: { id: number; email: string; role: string; last_active: string | null; created: string }[]
}

describe('accounts: roles, user management, role simulation, onboarding and preferences', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
  })
  afterAll(() => f?.close())

  it('gives each role the permissions the spec implies', async () => {
    const expected = {
      viewer: [],
      editor: ['EDIT_PLACE', 'EDIT_TAG', 'EDIT_GAME_CREDENTIALS', 'VIEW_CODE_LIBRARY'],
      admin: ['EDIT_PLACE', 'EDIT_TAG', 'EDIT_GAME_CREDENTIALS', 'VIEW_CODE_LIBRARY', 'LIST_USERS'],
    } as const
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      const u = await asUser(f, role)
      const me = (await getJson<SessionState>(u, '/api/auth/session')).body.user!
      expect(me.role).toBe(role)
      expect([...me.permissions].sort()).toEqual([...expected[role]].sort())
      expect(me.can_simulate).toBe(role === 'admin')
    }
  })

  it('lists users with active counts for LIST_USERS only', async () => {
    expect((await getJson(f, '/api/users')).status).toBe(401)
    for (const role of ['viewer', 'editor'] as const) {
      const denied = await getJson<ErrorBody>(await asUser(f, role), '/api/users')
      expect(denied.status, role).toBe(403)
      expect(denied.body.error.code).toBe('forbidden')
    }
    const admin = await asUser(f, 'admin')
    const before = (await getJson<UserList>(admin, '/api/users')).body
    // One user active 2 days ago, one 40 days ago, one never.
    const recent = await createUser(f)
    const old = await createUser(f)
    await createUser(f)
    await f.accounts.store.users.touchActive(recent.id, new Date(f.now - 2 * 86_400_000))
    await f.accounts.store.users.touchActive(old.id, new Date(f.now - 40 * 86_400_000))
    const after = await getJson<UserList>(admin, '/api/users')
    expect(after.status).toBe(200)
    expect(after.body.users.length).toBe(before.users.length + 3)
    expect(after.body.active.last_24_hours).toBe(before.active.last_24_hours)
    expect(after.body.active.last_30_days).toBe(before.active.last_30_days + 1)
    // Signing in counts as activity.
    const listedAdmin = after.body.users.find((u) => u.id === admin.user.id)!
    expect(listedAdmin.last_active).toBe(new Date(f.now).toISOString())
    expect(after.body.active.last_24_hours).toBeGreaterThanOrEqual(1)
  })

  it('lets admins change roles (audited), keeps the last admin, and 404s unknown users', async () => {
    const admin = await asUser(f, 'admin')
    const target = await asUser(f, 'viewer')
    const put = (id: number, role: string, who: ApiFixture = admin) =>
      sendJson<ErrorBody & { role: string }>(who, 'PUT', `/api/users/${id}`, { id, email: 'ignored', role })

    expect((await put(target.user.id, 'admin', target)).status).toBe(403)
    const promoted = await put(target.user.id, 'editor')
    expect(promoted.status).toBe(200)
    expect(promoted.body.role).toBe('editor')
    // The new role applies to the target's existing session at once.
    expect((await getJson<SessionState>(target, '/api/auth/session')).body.user?.permissions).toContain(
      'EDIT_PLACE',
    )
    const [entry] = await f.accounts.store.audit.recent(1, { action: 'user.role_change' })
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      target: `user:${target.user.id}`,
      details: { from: 'viewer', to: 'editor' },
    })

    expect((await put(999_999, 'viewer')).status).toBe(404)
    expect((await put(target.user.id, 'owner')).status).toBe(400)

    // Demote every other admin; the last one cannot lose the role.
    const all = (await getJson<UserList>(admin, '/api/users')).body.users
    for (const u of all.filter((x) => x.role === 'admin' && x.id !== admin.user.id)) {
      expect((await put(u.id, 'viewer')).status).toBe(200)
    }
    const last = await put(admin.user.id, 'viewer')
    expect(last.status).toBe(409)
    expect(last.body.error.code).toBe('last_admin')
  })

  it('refuses a user id past the app database’s integer ids with a 400 naming it (found by the fuzz run)', async () => {
    const admin = await asUser(f, 'admin')
    // 2^31 - 1 is the largest id a user can have: an unknown one is 404; one past it was a 500.
    const largest = await sendJson(admin, 'PUT', '/api/users/2147483647', { role: 'viewer' })
    expect(largest.status).toBe(404)
    for (const id of ['2147483648', '9007199254740990']) {
      const res = await sendJson<ErrorBody>(admin, 'PUT', `/api/users/${id}`, { role: 'admin' })
      expect(res.status, id).toBe(400)
      expect(res.body.error.details?.map((d) => d.field)).toEqual(['id'])
    }
  })

  it('cycles an admin’s simulated role admin → editor → viewer → admin, with that role’s permissions, audited', async () => {
    const admin = await asUser(f, 'admin')
    const simulate = () => sendJson<SessionUser>(admin, 'POST', '/api/auth/simulate-role')
    const editor = await simulate()
    expect(editor.body).toMatchObject({ role: 'editor', actual_role: 'admin', simulating: true })
    expect((await getJson(admin, '/api/users')).status).toBe(403)
    const viewer = await simulate()
    expect(viewer.body).toMatchObject({ role: 'viewer', simulating: true, permissions: [] })
    expect((await sendJson(admin, 'PUT', `/api/place/${f.placeIds[0]}`, {})).status).toBe(403)
    // A viewer-simulating admin can still cycle back.
    const back = await simulate()
    expect(back.body).toMatchObject({ role: 'admin', simulating: false })
    expect((await getJson(admin, '/api/users')).status).toBe(200)
    const entries = await f.accounts.store.audit.recent(3, { action: 'session.simulate_role' })
    expect(entries.map((e) => e.details)).toEqual([
      { from: 'viewer', to: 'admin' },
      { from: 'editor', to: 'viewer' },
      { from: 'admin', to: 'editor' },
    ])
    // The simulation belongs to the session: another sign-in of the same admin is not simulating.
    await simulate()
    const other = await signIn(f, admin.user.email)
    expect(
      (await getJson<SessionState>(f, '/api/auth/session', { headers: { cookie: other } })).body.user?.role,
    ).toBe('admin')

    for (const role of ['viewer', 'editor'] as const) {
      const denied = await sendJson<ErrorBody>(await asUser(f, role), 'POST', '/api/auth/simulate-role')
      expect(denied.status).toBe(403)
    }
  })

  it('completes onboarding with interests and a user type', async () => {
    const u = await asUser(f)
    await f.accounts.store.db
      .updateTable('users')
      .set({ interests: [], user_type: null })
      .where('id', '=', u.user.id)
      .execute()
    expect((await getJson<SessionState>(u, '/api/auth/session')).body.user?.needs_onboarding).toBe(true)
    const bad = await sendJson<ErrorBody>(u, 'PUT', '/api/users/me/onboarding', {
      interests: [],
      user_type: 'player',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details?.[0]?.field).toBe('body.interests')
    // A genre at most once: a list of 10,000 repeats is refused, not stored.
    for (const interests of [['obby', 'obby'], Array.from({ length: 10_000 }, () => 'obby')]) {
      const repeated = await sendJson<ErrorBody>(u, 'PUT', '/api/users/me/onboarding', {
        interests,
        user_type: 'player',
      })
      expect(repeated.status, `${interests.length} interests`).toBe(400)
      expect(repeated.body.error.details?.[0]?.field).toBe('body.interests')
    }
    expect((await getJson<SessionState>(u, '/api/auth/session')).body.user?.needs_onboarding).toBe(true)
    const done = await sendJson<SessionUser>(u, 'PUT', '/api/users/me/onboarding', {
      interests: ['horror', 'racing'],
      user_type: 'journalist',
    })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({
      needs_onboarding: false,
      interests: ['horror', 'racing'],
      user_type: 'journalist',
    })
    expect(
      (await sendJson(f, 'PUT', '/api/users/me/onboarding', { interests: ['obby'], user_type: 'player' }))
        .status,
    ).toBe(401)
  })

  it('remembers view state per user', async () => {
    const a = await asUser(f)
    const b = await asUser(f)
    const empty = { page_sizes: {}, tabs: {}, panels: {}, groups: {} }
    expect((await getJson(a, '/api/users/me/preferences')).body).toEqual(empty)
    const doc = {
      page_sizes: { 'tags.list': 50, 'experiences.list': 100 },
      tabs: { tags: 'yours' },
      panels: { 'tag.experiences': false },
      groups: { tools: true },
    }
    const put = await sendJson(a, 'PUT', '/api/users/me/preferences', doc)
    expect(put.status).toBe(200)
    expect(put.body).toEqual(doc)
    expect((await getJson(a, '/api/users/me/preferences')).body).toEqual(doc)
    expect((await getJson(b, '/api/users/me/preferences')).body).toEqual(empty)
    // PUT replaces the whole document.
    await sendJson(a, 'PUT', '/api/users/me/preferences', { tabs: { tags: 'curated' } })
    expect((await getJson(a, '/api/users/me/preferences')).body).toEqual({
      ...empty,
      tabs: { tags: 'curated' },
    })

    for (const [bad, field] of [
      [{ page_sizes: { 'tags.list': 0 } }, 'body.page_sizes.tags.list'],
      [{ panels: { 'tag.experiences': 'open' } }, 'body.panels.tag.experiences'],
      [{ tabs: { 'bad key!': 'x' } }, 'body.tabs.bad key!'],
    ] as const) {
      const res = await sendJson<ErrorBody>(a, 'PUT', '/api/users/me/preferences', bad)
      expect(res.status, field).toBe(400)
      expect(res.body.error.details?.map((d) => d.field)).toContain(field)
    }
    expect((await getJson(f, '/api/users/me/preferences')).status).toBe(401)
  })
})
