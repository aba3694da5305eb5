import { createHash } from 'node:crypto'
import { HISTORY_START_HEADER } from '@ludex/api'
import { API_KEY_CAP_REACHED, type ApiKeyCreated, type ApiKeyList } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, createUser, FIXTURE_PASSWORD, sessionCookieOf, startApiFixture } from './fixture.ts'

const HOUR_MS = 3_600_000
/** Low budgets, so the limits are met in a few calls; each test sends from addresses of its own. */
const ANONYMOUS_LIMIT = 8
const KEY_LIMIT = 4
const WINDOW_SECONDS = 60

describe('public API: keys, budgets and the RateLimit headers (issue 21.3)', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture({
      env: {
        // One proxy in front: X-Forwarded-For names the client, so each test has addresses of its own.
        TRUST_PROXY: '1',
        RATE_LIMIT_API: String(ANONYMOUS_LIMIT),
        RATE_LIMIT_API_KEY: String(KEY_LIMIT),
        RATE_LIMIT_API_WINDOW_SECONDS: String(WINDOW_SECONDS),
        API_KEYS_PER_USER: '2',
      },
    })
  })
  afterAll(() => f?.close())

  let addresses = 0
  const newAddress = () => `198.51.100.${++addresses}`

  const call = (
    path: string,
    address: string,
    headers: Record<string, string> = {},
    init: RequestInit = {},
  ) => fetch(`${f.url}${path}`, { ...init, headers: { 'x-forwarded-for': address, ...headers } })
  const json = async <T>(res: Response) => (await res.json()) as T
  const limitHeaders = (res: Response) => ({
    limit: res.headers.get('ratelimit-limit'),
    remaining: res.headers.get('ratelimit-remaining'),
    policy: res.headers.get('ratelimit-policy'),
  })
  const reset = (res: Response) => Number(res.headers.get('ratelimit-reset'))

  /** Signs in from `address` (one call of its budget); the session cookie. */
  const signInFrom = async (address: string, email: string) => {
    const res = await call(
      '/api/auth/login',
      address,
      { 'content-type': 'application/json' },
      { method: 'POST', body: JSON.stringify({ email, password: FIXTURE_PASSWORD }) },
    )
    expect(res.status).toBe(200)
    return sessionCookieOf(res, f.config.SESSION_COOKIE_NAME)
  }
  const createKey = async (address: string, cookie: string, name: string) =>
    call(
      '/api/users/me/api-keys',
      address,
      { cookie, 'content-type': 'application/json' },
      {
        method: 'POST',
        body: JSON.stringify({ name }),
      },
    )
  const listKeys = async (address: string, cookie: string) =>
    json<ApiKeyList>(await call('/api/users/me/api-keys', address, { cookie }))

  it('announces the address’s budget on every /api answer and refuses beyond it with 429 and Retry-After', async () => {
    const address = newAddress()
    const first = await call('/api/site', address)
    expect(first.status).toBe(200)
    expect(limitHeaders(first)).toEqual({
      limit: String(ANONYMOUS_LIMIT),
      remaining: String(ANONYMOUS_LIMIT - 1),
      policy: `${ANONYMOUS_LIMIT};w=${WINDOW_SECONDS}`,
    })
    expect(reset(first)).toBeGreaterThanOrEqual(1)
    expect(reset(first)).toBeLessThanOrEqual(WINDOW_SECONDS)
    // Errors count and carry the headers too (a 404, a 403 for a foreign origin).
    const missing = await call('/api/no-such-call', address)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('ratelimit-remaining')).toBe(String(ANONYMOUS_LIMIT - 2))
    const foreign = await call(
      '/api/auth/logout',
      address,
      { origin: 'https://elsewhere.example' },
      { method: 'POST' },
    )
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('ratelimit-remaining')).toBe(String(ANONYMOUS_LIMIT - 3))
    const remaining = []
    for (let i = 3; i < ANONYMOUS_LIMIT; i++) {
      remaining.push(Number((await call('/api/site', address)).headers.get('ratelimit-remaining')))
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0])
    const refused = await call('/api/site', address)
    expect(refused.status).toBe(429)
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe('rate_limited')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(WINDOW_SECONDS)
    expect(refused.headers.get('ratelimit-remaining')).toBe('0')
    // Another address has its own budget.
    expect((await call('/api/site', newAddress())).status).toBe(200)
    // The window ends: the budget is whole again.
    f.advanceClock(WINDOW_SECONDS * 1000)
    const again = await call('/api/site', address)
    expect(again.status).toBe(200)
    expect(again.headers.get('ratelimit-remaining')).toBe(String(ANONYMOUS_LIMIT - 1))
  })

  it('creates a key shown once and stored hashed, uses it as its owner, counts it per day, limits it and refuses it once revoked', async () => {
    const user = await createUser(f)
    const home = newAddress()
    const cookie = await signInFrom(home, user.email)
    const created = await createKey(home, cookie, '  Nightly export  ')
    expect(created.status).toBe(200)
    const key = (await json<ApiKeyCreated>(created)).key
    const summary = await json<ApiKeyCreated>(await createKey(home, cookie, 'Second'))
    expect(key).toMatch(/^ldx_[A-Za-z0-9_-]{43}$/)

    // Shown once: the list never holds the key, nor does the database.
    const listed = await call('/api/users/me/api-keys', home, { cookie })
    const listText = await listed.text()
    expect(listText).not.toContain(key)
    expect(listed.headers.get('cache-control')).toBe('no-store')
    const list = JSON.parse(listText) as ApiKeyList
    expect(list.keys.map((k) => k.name)).toEqual(['Second', 'Nightly export'])
    expect(list.keys[1]).toMatchObject({
      start: key.slice(0, 10),
      calls_today: 0,
      last_used: null,
      usage: [],
    })
    expect(list).toMatchObject({ max_keys: 2, limit: KEY_LIMIT, window_seconds: WINDOW_SECONDS })
    const rows = await f.accounts.store.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute()
    expect(JSON.stringify(rows)).not.toContain(key.slice(4))
    expect(rows.map((r) => r.key_hash)).toContain(createHash('sha256').update(key).digest('base64url'))

    // Used from anywhere, it spends the key's budget, not the address's.
    const bearer = { authorization: `Bearer ${key}` }
    const elsewhere = newAddress()
    const used = await call('/api/site', elsewhere, bearer)
    expect(used.status).toBe(200)
    expect(limitHeaders(used)).toEqual({
      limit: String(KEY_LIMIT),
      remaining: String(KEY_LIMIT - 1),
      policy: `${KEY_LIMIT};w=${WINDOW_SECONDS}`,
    })
    // It acts as its owner: the visitor window does not apply...
    const start = new Date(f.now - 35 * 24 * HOUR_MS).toISOString()
    const series = `/api/stats/ccus?placeIds=${f.placeIds[0]}&granularity=day&startTime=${start}`
    const keyed = await call(series, elsewhere, bearer)
    expect(keyed.status).toBe(200)
    expect(keyed.headers.get(HISTORY_START_HEADER)).toBeNull()
    expect((await call(series, elsewhere)).headers.get(HISTORY_START_HEADER)).not.toBeNull()
    // ...but never more than its owner's session: no account call (no minting keys with a key), no
    // staff call for a viewer.
    expect((await call('/api/users/me/api-keys', elsewhere, bearer)).status).toBe(401)
    const staff = await call('/api/gamecredential', elsewhere, bearer)
    expect(staff.status).toBe(403)
    // Four calls: the budget is spent; the fifth is refused and not counted.
    const refused = await call('/api/site', elsewhere, bearer)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(refused.headers.get('ratelimit-limit')).toBe(String(KEY_LIMIT))

    // The owner sees the calls of the day on Settings' list.
    const today = new Date(f.accounts.now()).toISOString().slice(0, 10)
    const usage = (await listKeys(home, cookie)).keys.find((k) => k.start === key.slice(0, 10))
    expect(usage).toMatchObject({
      calls_today: KEY_LIMIT,
      last_used: today,
      usage: [{ day: today, calls: KEY_LIMIT }],
    })

    // Revoked, it is refused with 401 at once, whatever it asks; the other key still works.
    const id = usage?.id
    f.advanceClock(WINDOW_SECONDS * 1000)
    const revoked = await call(`/api/users/me/api-keys/${id}`, home, { cookie }, { method: 'DELETE' })
    expect(revoked.status).toBe(200)
    const after = await call('/api/site', elsewhere, bearer)
    expect(after.status).toBe(401)
    expect(after.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
    expect((await json<{ error: { code: string } }>(after)).error.code).toBe('invalid_api_key')
    expect((await call('/api/site', elsewhere, { authorization: `Bearer ${summary.key}` })).status).toBe(200)
    expect((await listKeys(home, cookie)).keys.map((k) => k.name)).toEqual(['Second'])
    // Revoking it again, or another user's key, is a 404.
    expect((await call(`/api/users/me/api-keys/${id}`, home, { cookie }, { method: 'DELETE' })).status).toBe(
      404,
    )
    const other = await createUser(f)
    const otherCookie = await signInFrom(home, other.email)
    const theirs = await call(
      `/api/users/me/api-keys/${summary.id}`,
      home,
      { cookie: otherCookie },
      { method: 'DELETE' },
    )
    expect(theirs.status).toBe(404)
  })

  it('caps the keys a user holds, refuses unknown keys with 401 at the address’s cost, and needs a session to manage keys', async () => {
    const user = await createUser(f)
    const home = newAddress()
    const cookie = await signInFrom(home, user.email)
    expect((await createKey(home, cookie, 'one')).status).toBe(200)
    expect((await createKey(home, cookie, 'two')).status).toBe(200)
    const third = await createKey(home, cookie, 'three')
    expect(third.status).toBe(409)
    expect((await json<{ error: { message: string } }>(third)).error.message).toBe(API_KEY_CAP_REACHED)
    const blank = await createKey(home, cookie, '   ')
    expect(blank.status).toBe(400)
    expect(JSON.stringify(await blank.json())).toContain('name')

    const visitor = await call('/api/users/me/api-keys', home)
    expect(visitor.status).toBe(401)

    const guesser = newAddress()
    const guess = await call('/api/site', guesser, { authorization: `Bearer ldx_${'A'.repeat(43)}` })
    expect(guess.status).toBe(401)
    expect(guess.headers.get('ratelimit-limit')).toBe(String(ANONYMOUS_LIMIT))
    expect(guess.headers.get('ratelimit-remaining')).toBe(String(ANONYMOUS_LIMIT - 1))
    // Another scheme is not a key: the call is a visitor's.
    expect((await call('/api/site', guesser, { authorization: 'Basic dXNlcjpwYXNz' })).status).toBe(200)
  })

  it('publishes the limits, the key scheme and the terms of the data on /api/docs', async () => {
    const doc = await json<{
      info: { description: string }
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> }
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >
    }>(await call('/api/openapi.json', newAddress()))
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    const text = doc.info.description
    expect(text).toContain(`${ANONYMOUS_LIMIT} calls per ${WINDOW_SECONDS} seconds`)
    expect(text).toContain(`${KEY_LIMIT} calls per ${WINDOW_SECONDS} seconds`)
    for (const header of [
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'RateLimit-Policy',
      'Retry-After',
    ]) {
      expect(text).toContain(header)
    }
    expect(text).toContain('Terms of use of the data')
    expect(text).toContain('/api/dumps')
    const site = doc.paths['/api/site']?.get?.responses
    expect(Object.keys(site?.['200']?.headers ?? {})).toContain('RateLimit-Remaining')
    expect(site?.['429']?.headers).toHaveProperty('Retry-After')
    // The page itself is Swagger UI over that document.
    const page = await call('/api/docs', newAddress())
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('/api/docs/init.js')
  })
})
