import type { SessionState } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiFixture,
  asUser,
  createUser,
  type ErrorBody,
  FIXTURE_PASSWORD,
  getJson,
  sendJson,
  signIn,
  startApiFixture,
} from './fixture.ts'

/*
 * DELETE /api/users/me (issue 18 point 4: "an account can be deleted from Settings, removing its
 * data"), over real HTTP on the fixture's PGlite app database.
 */
const MINUTE = 60_000

describe('DELETE /api/users/me', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture({ store: 'empty' })
  })
  afterAll(() => f?.close())

  const remove = (u: ApiFixture, body: unknown = {}) =>
    sendJson<{ ok: true } & Partial<ErrorBody>>(u, 'DELETE', '/api/users/me', body)

  it('needs a session', async () => {
    const res = await remove(f, { password: FIXTURE_PASSWORD })
    expect(res.status).toBe(401)
  })

  it('deletes the account with its password: the session ends, sign-in fails, its data is gone', async () => {
    const u = await asUser(f)
    const saved = await sendJson(u, 'PUT', '/api/users/me/preferences', {
      page_sizes: { 'experiences.list': 50 },
      tabs: {},
      panels: {},
      groups: {},
    })
    expect(saved.status).toBe(200)
    await f.accounts.store.audit.record({
      at: new Date(f.now),
      actorId: u.user.id,
      action: 'user.password_change',
      target: `user:${u.user.id}`,
      details: {},
      ip: '203.0.113.7',
    })

    const res = await remove(u, { password: FIXTURE_PASSWORD })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true })
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${f.config.SESSION_COOKIE_NAME}=;`))
    expect(cleared).toMatch(/Max-Age=0/)

    // The old cookie names no session any more.
    expect((await getJson<SessionState>(u, '/api/auth/session')).body.user).toBeNull()
    expect((await getJson(u, '/api/users/me/preferences')).status).toBe(401)
    const login = await sendJson(f, 'POST', '/api/auth/login', {
      email: u.user.email,
      password: FIXTURE_PASSWORD,
    })
    expect(login.status).toBe(401)
    expect(await f.accounts.store.users.findById(u.user.id)).toBeNull()
    expect(await f.accounts.store.preferences.get(u.user.id)).toEqual({
      page_sizes: {},
      tabs: {},
      panels: {},
      groups: {},
    })
    // The audit log keeps what happened, not who or from where.
    const entries = (await f.accounts.store.audit.recent(50)).filter((e) => e.target === `user:${u.user.id}`)
    expect(entries.map((e) => [e.action, e.actorId, e.ip])).toEqual([
      ['user.delete', null, null],
      ['user.password_change', null, null],
    ])
  })

  it('refuses a wrong password and keeps the account', async () => {
    const u = await asUser(f)
    const res = await remove(u, { password: 'not the password' })
    expect(res.status).toBe(403)
    expect(res.body.error?.code).toBe('wrong_password')
    expect(await f.accounts.store.users.findById(u.user.id)).not.toBeNull()
    expect((await getJson<SessionState>(u, '/api/auth/session')).body.user?.id).toBe(u.user.id)
  })

  it('takes a session begun minutes ago instead of the password (accounts that sign in with Google)', async () => {
    const fresh = await asUser(f)
    expect((await remove(fresh)).status).toBe(200)
    expect(await f.accounts.store.users.findById(fresh.user.id)).toBeNull()

    const stale = await asUser(f)
    f.advanceClock(11 * MINUTE)
    const refused = await remove(stale)
    expect(refused.status).toBe(403)
    expect(refused.body.error?.code).toBe('confirmation_required')
    expect(refused.body.error?.message).toMatch(/password/)
    // Signing in again makes it fresh.
    const again = { ...stale, headers: { cookie: await signIn(f, stale.user.email) } }
    expect((await remove(again)).status).toBe(200)
  })

  it('never deletes the last admin (409, saying what to do), and lets an admin go once another exists', async () => {
    const admins = (await f.accounts.store.users.list()).filter((u) => u.role === 'admin')
    expect(admins).toEqual([])
    const admin = await asUser(f, 'admin')
    const res = await remove(admin, { password: FIXTURE_PASSWORD })
    expect(res.status).toBe(409)
    expect(res.body.error).toMatchObject({
      code: 'last_admin',
      message: 'The last admin cannot delete their account: make another user admin first',
    })
    expect(await f.accounts.store.users.findById(admin.user.id)).not.toBeNull()
    await createUser(f, { role: 'admin' })
    expect((await remove(admin, { password: FIXTURE_PASSWORD })).status).toBe(200)
  })

  it('refuses a body that is not the confirmation, naming the field', async () => {
    const u = await asUser(f)
    const res = await remove(u, { password: 42 })
    expect(res.status).toBe(400)
    expect(res.body.error?.details?.map((d) => d.field)).toContain('body.password')
    expect(await f.accounts.store.users.findById(u.user.id)).not.toBeNull()
  })
})
