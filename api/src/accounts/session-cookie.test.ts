import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen, type RunningServer } from '../app/server.ts'
import {
  clearSessionCookie,
  readSessionCookie,
  type SessionCookieSettings,
  setSessionCookie,
} from './session-cookie.ts'

describe('session cookie', () => {
  let server: RunningServer
  const id = 'A'.repeat(43)
  beforeAll(async () => {
    const app = new Koa()
    app.proxy = true
    app.use((ctx) => {
      const settings: SessionCookieSettings = {
        name: 'ludex_session',
        maxAgeSeconds: 3600,
        secureByDefault: ctx.query.https === '1',
      }
      if (ctx.path === '/set') setSessionCookie(ctx, settings, id)
      else if (ctx.path === '/clear') clearSessionCookie(ctx, settings)
      ctx.body = { read: readSessionCookie(ctx, settings) }
    })
    server = await listen(app, '127.0.0.1', 0)
  })
  afterAll(() => server.close())

  it('is httpOnly and SameSite=Lax, Secure when the site is https or the request came over TLS', async () => {
    const plain = await fetch(`${server.url}/set`)
    expect(plain.headers.get('set-cookie')).toBe(
      `ludex_session=${id}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`,
    )
    const https = await fetch(`${server.url}/set?https=1`)
    expect(https.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Lax; Secure$/)
    const proxied = await fetch(`${server.url}/set`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(proxied.headers.get('set-cookie')).toMatch(/; Secure$/)
    const cleared = await fetch(`${server.url}/clear`)
    expect(cleared.headers.get('set-cookie')).toBe(
      'ludex_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    )
  })

  it('reads only values shaped like session ids', async () => {
    const read = async (cookie: string) =>
      ((await (await fetch(`${server.url}/read`, { headers: { cookie } })).json()) as { read: string | null })
        .read
    expect(await read(`ludex_session=${id}`)).toBe(id)
    expect(await read('ludex_session=short')).toBeNull()
    expect(await read(`ludex_session=${'a'.repeat(30)}%3B%20x`)).toBeNull()
    expect(await read(`other=${id}`)).toBeNull()
  })
})
