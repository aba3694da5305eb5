import { HISTORY_START_HEADER } from '@ludex/api'
import type { AuthProviders, SessionState, SessionUser, UserIdentity } from '@ludex/schemas'
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
import { tokenIn } from './mailbox.ts'

const HOUR_MS = 3_600_000

let counter = 0
function registration(overrides: Record<string, unknown> = {}) {
  counter++
  return {
    first_name: 'Marie',
    last_name: 'Curie',
    email: `marie${counter}@example.com`,
    password: 'radium and polonium',
    interests: ['obby', 'tycoons'],
    user_type: 'data_analyst',
    ...overrides,
  }
}

/** POST without the fixture's cookie, returning the session cookie when one is set. */
async function post(f: ApiFixture, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${f.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  const cookies = res.headers.getSetCookie()
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as unknown,
    cookies,
    headers: res.headers,
  }
}

/** The user a cookie's session names, or null for a visitor: GET /api/auth/session answers 200 either way. */
async function session(f: ApiFixture, cookie: string): Promise<SessionUser | null> {
  const res = await getJson<SessionState>(f, '/api/auth/session', { headers: { cookie } })
  expect(res.status).toBe(200)
  return res.body.user
}

describe('accounts: sign-up, verification, sign-in, sign-out', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
  })
  afterAll(() => f?.close())

  it('signs up without signing in, then verifies the emailed link, which signs in once', async () => {
    const form = registration()
    const res = await post(f, '/api/auth/register', form)
    expect(res.status).toBe(200)
    const identity = res.body as UserIdentity
    expect(identity).toMatchObject({ email: form.email, first_name: 'Marie', last_name: 'Curie' })
    expect(identity.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.cookies).toEqual([])

    const mail = await f.mailbox.next(form.email)
    expect(mail.subject).toBe('Verify your email for Ludex')
    expect(mail.text).toContain('Hi Marie,')
    expect(mail.text).toContain('http://localhost:8080/verify-email#token=')
    expect(mail.html).toContain('/verify-email#token=')
    const token = tokenIn(mail)

    const verified = await post(f, '/api/auth/verify-email', { token })
    expect(verified.status).toBe(200)
    const user = verified.body as SessionUser
    expect(user).toMatchObject({
      email: form.email,
      email_verified: true,
      role: 'viewer',
      permissions: [],
      needs_onboarding: false,
      interests: ['obby', 'tycoons'],
      user_type: 'data_analyst',
      analytics_id: identity.id,
    })
    const cookie = verified.cookies[0]!.split(';')[0]!
    expect((await session(f, cookie))?.email).toBe(form.email)

    const reused = await post(f, '/api/auth/verify-email', { token })
    expect(reused.status).toBe(400)
    expect((reused.body as ErrorBody).error.code).toBe('invalid_token')

    const login = await post(f, '/api/auth/login', {
      email: form.email.toUpperCase(),
      password: form.password,
    })
    expect(login.status).toBe(200)
  })

  it('answers 428 with a token for the right password of an unverified email, and 401 for a wrong one', async () => {
    const form = registration()
    await post(f, '/api/auth/register', form)
    const first = await f.mailbox.next(form.email)
    const unverified = await post(f, '/api/auth/login', { email: form.email, password: form.password })
    expect(unverified.status).toBe(428)
    const { token } = unverified.body as { token: string }
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(unverified.cookies).toEqual([])
    const wrong = await post(f, '/api/auth/login', { email: form.email, password: 'not the password' })
    expect(wrong.status).toBe(401)

    // The 428 token asks for a new verification mail, once.
    const resent = await post(f, '/api/auth/resend-verification', { token })
    expect(resent.status).toBe(200)
    expect(resent.body).toEqual({ ok: true })
    const second = await f.mailbox.next(form.email)
    expect(tokenIn(second)).not.toBe(tokenIn(first))
    expect((await post(f, '/api/auth/resend-verification', { token })).status).toBe(400)
    // The 428 token is not an email verification token.
    expect((await post(f, '/api/auth/verify-email', { token })).status).toBe(400)
    expect((await post(f, '/api/auth/verify-email', { token: tokenIn(second) })).status).toBe(200)
  })

  it('expires verification links', async () => {
    const form = registration()
    await post(f, '/api/auth/register', form)
    const token = tokenIn(await f.mailbox.next(form.email))
    f.advanceClock(f.config.VERIFY_TOKEN_TTL_HOURS * HOUR_MS + 1000)
    const late = await post(f, '/api/auth/verify-email', { token })
    expect(late.status).toBe(400)
    expect((late.body as ErrorBody).error.details?.[0]?.field).toBe('body.token')
  })

  it('answers a sign-up with a taken email like a new one, and tells the owner instead', async () => {
    const owner = await createUser(f)
    const res = await post(f, '/api/auth/register', registration({ email: owner.email.toUpperCase() }))
    const fresh = await post(f, '/api/auth/register', registration())
    expect(res.status).toBe(fresh.status)
    expect(Object.keys(res.body as object).sort()).toEqual(Object.keys(fresh.body as object).sort())
    expect((res.body as UserIdentity).id).not.toBe(owner.analyticsId)
    const notice = await f.mailbox.next(owner.email)
    expect(notice.subject).toBe('You already have a Ludex account')
    // The account is unchanged: the old password still signs in, the one typed at sign-up does not.
    expect(
      (await post(f, '/api/auth/login', { email: owner.email, password: FIXTURE_PASSWORD })).status,
    ).toBe(200)
    expect(
      (await post(f, '/api/auth/login', { email: owner.email, password: 'radium and polonium' })).status,
    ).toBe(401)
  })

  it('refuses sign-ups that break the spec’s rules, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ password: 'short' }, 'body.password', 'Password needs to be longer'],
      [{ email: 'not-an-email' }, 'body.email', 'Invalid email'],
      [{ first_name: '  ' }, 'body.first_name'],
      [{ last_name: '' }, 'body.last_name'],
      [{ interests: [] }, 'body.interests'],
      [{ interests: ['chess'] }, 'body.interests.0'],
      [{ user_type: 'astronaut' }, 'body.user_type'],
      // Control characters have no place in an address (or in a name that goes into a mail).
      [{ email: 'bell\u0007@example.com' }, 'body.email', 'Invalid email'],
      [{ email: 'line@exa\u0085mple.com' }, 'body.email', 'Invalid email'],
      [{ first_name: 'Ma\u001brie' }, 'body.first_name'],
      [{ interests: ['obby', 'obby'] }, 'body.interests'],
    ]
    for (const [change, field, message] of cases) {
      const res = await post(f, '/api/auth/register', registration(change))
      expect(res.status, field).toBe(400)
      const issue = (res.body as ErrorBody).error.details?.find((d) => d.field === field)
      expect(issue, JSON.stringify(res.body)).toBeDefined()
      if (message) expect(issue?.message).toBe(message)
    }
  })

  it('answers an unknown email and a wrong password with the same 401', async () => {
    const user = await createUser(f)
    const unknown = await post(f, '/api/auth/login', {
      email: 'nobody-here@example.com',
      password: FIXTURE_PASSWORD,
    })
    const wrong = await post(f, '/api/auth/login', { email: user.email, password: 'wrong password' })
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(unknown.body).toEqual(wrong.body)
    expect((unknown.body as ErrorBody).error).toEqual({
      code: 'invalid_credentials',
      message: 'Wrong email or password',
    })
    // A Google-only account (no password) answers the same.
    const googleOnly = await createUser(f)
    await f.accounts.store.users.setPasswordHash(googleOnly.id, null)
    expect((await post(f, '/api/auth/login', { email: googleOnly.email, password: '' })).body).toEqual(
      unknown.body,
    )
  })

  it('sets an httpOnly SameSite=Lax cookie, rotates it at sign-in and revokes it at sign-out', async () => {
    const user = await createUser(f)
    const res = await post(f, '/api/auth/login', { email: user.email, password: FIXTURE_PASSWORD })
    const setCookie = res.cookies.find((c) => c.startsWith('ludex_session='))!
    expect(setCookie).toMatch(/; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/)
    expect(setCookie).not.toContain('Secure')
    const first = setCookie.split(';')[0]!
    // The database holds a hash of the id, never the id.
    const id = first.split('=')[1]!
    const stored = await f.accounts.store.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', user.id)
      .execute()
    expect(stored.map((s) => s.id_hash)).not.toContain(id)

    // Signing in again with the old cookie revokes it: the new id replaces it.
    const again = await post(
      f,
      '/api/auth/login',
      { email: user.email, password: FIXTURE_PASSWORD },
      { cookie: first },
    )
    const second = again.cookies[0]!.split(';')[0]!
    expect(second).not.toBe(first)
    expect(await session(f, first)).toBeNull()
    expect((await session(f, second))?.email).toBe(user.email)

    const out = await post(f, '/api/auth/logout', {}, { cookie: second })
    expect(out.status).toBe(200)
    expect(out.cookies[0]).toMatch(/^ludex_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/)
    expect(await session(f, second)).toBeNull()
  })

  it('lifts the 30-day visitor limit for a live session only', async () => {
    const user = await createUser(f)
    const cookie = await signIn(f, user.email)
    const start = new Date(f.now - 35 * 24 * HOUR_MS).toISOString()
    const path = `/api/stats/ccus?placeIds=${f.placeIds[0]}&granularity=day&startTime=${start}`
    const clamp = async (headers: Record<string, string>) =>
      (await getJson(f, path, { headers })).headers.get(HISTORY_START_HEADER)
    expect(await clamp({})).not.toBeNull()
    expect(await clamp({ cookie })).toBeNull()
    await post(f, '/api/auth/logout', {}, { cookie })
    expect(await clamp({ cookie })).not.toBeNull()
  })

  it('answers GET /api/auth/session with 200 and no user without a valid session, never cached', async () => {
    const visitor = await getJson<SessionState>(f, '/api/auth/session')
    expect(visitor.status).toBe(200)
    expect(visitor.body).toEqual({ user: null })
    expect(visitor.headers.get('cache-control')).toBe('no-store')
    expect(await session(f, `ludex_session=${'x'.repeat(43)}`)).toBeNull()
    // A signed-in user gets the user under the same shape.
    const user = await createUser(f)
    const cookie = await signIn(f, user.email)
    const me = await getJson<SessionState>(f, '/api/auth/session', { headers: { cookie } })
    expect(me.headers.get('cache-control')).toBe('no-store')
    expect(me.body.user).toMatchObject({ email: user.email, role: 'viewer' })
  })

  it('offers no single sign-on and keeps Google out of the CSP while GOOGLE_CLIENT_ID is unset', async () => {
    const providers = await getJson<AuthProviders>(f, '/api/auth/providers')
    expect(providers.status).toBe(200)
    expect(providers.body).toEqual({ google: null })
    // The SPA's pages and the API answer with the same policy: nothing from outside runs.
    const csp = providers.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self';")
    expect(csp).not.toContain('accounts.google.com')
    expect(csp).not.toContain('frame-src')
    expect(providers.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })

  it('expires sessions after SESSION_TTL_DAYS', async () => {
    const user = await createUser(f)
    const cookie = await signIn(f, user.email)
    f.advanceClock(f.config.SESSION_TTL_DAYS * 24 * HOUR_MS + 1000)
    expect(await session(f, cookie)).toBeNull()
  })
})

describe('accounts: password reset', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
  })
  afterAll(() => f?.close())

  it('answers the same whether or not the email has an account, and mails only real accounts', async () => {
    const user = await createUser(f)
    const known = await post(f, '/api/auth/password/request', { email: user.email })
    const unknown = await post(f, '/api/auth/password/request', { email: 'ghost@example.com' })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
    const mail = await f.mailbox.next(user.email)
    expect(mail.subject).toBe('Reset your Ludex password')
    expect(mail.text).toContain('http://localhost:8080/change-password#token=')
    await f.accounts.auth.flush()
    expect(f.mailbox.pending('ghost@example.com')).toEqual([])
    const bad = await post(f, '/api/auth/password/request', { email: 'no at sign' })
    expect(bad.status).toBe(400)
    expect((bad.body as ErrorBody).error.details?.[0]?.message).toBe('Invalid email')
  })

  it('changes the password once per link and signs out every session', async () => {
    const user = await createUser(f)
    const phone = await signIn(f, user.email)
    const laptop = await signIn(f, user.email)
    await post(f, '/api/auth/password/request', { email: user.email })
    const token = tokenIn(await f.mailbox.next(user.email))

    const short = await post(f, '/api/auth/password/change', { token, password: 'short' })
    expect(short.status).toBe(400)
    expect((short.body as ErrorBody).error.details?.[0]?.message).toBe('Password needs to be longer')

    const changed = await post(f, '/api/auth/password/change', { token, password: 'a brand new secret' })
    expect(changed.status).toBe(200)
    expect(await session(f, phone)).toBeNull()
    expect(await session(f, laptop)).toBeNull()
    expect((await post(f, '/api/auth/login', { email: user.email, password: FIXTURE_PASSWORD })).status).toBe(
      401,
    )
    expect(
      (await post(f, '/api/auth/login', { email: user.email, password: 'a brand new secret' })).status,
    ).toBe(200)

    const reused = await post(f, '/api/auth/password/change', { token, password: 'yet another one' })
    expect(reused.status).toBe(400)
    expect((reused.body as ErrorBody).error.code).toBe('invalid_token')
  })

  it('voids an older link when a new one is sent, and expires links', async () => {
    const user = await createUser(f)
    await post(f, '/api/auth/password/request', { email: user.email })
    const older = tokenIn(await f.mailbox.next(user.email))
    await post(f, '/api/auth/password/request', { email: user.email })
    const newer = tokenIn(await f.mailbox.next(user.email))
    expect(
      (await post(f, '/api/auth/password/change', { token: older, password: 'long enough one' })).status,
    ).toBe(400)
    f.advanceClock(f.config.RESET_TOKEN_TTL_MINUTES * 60_000 + 1000)
    expect(
      (await post(f, '/api/auth/password/change', { token: newer, password: 'long enough one' })).status,
    ).toBe(400)
  })

  it('verifies the email of an account whose reset link was followed', async () => {
    const user = await createUser(f, { verified: false })
    await post(f, '/api/auth/password/request', { email: user.email })
    const token = tokenIn(await f.mailbox.next(user.email))
    expect(
      (await post(f, '/api/auth/password/change', { token, password: 'proved my mailbox' })).status,
    ).toBe(200)
    expect(
      (await post(f, '/api/auth/login', { email: user.email, password: 'proved my mailbox' })).status,
    ).toBe(200)
  })
})

describe('accounts: Origin checks on state-changing calls', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
  })
  afterAll(() => f?.close())

  it('refuses calls from a foreign Origin or Referer, and cross-site fetches without either', async () => {
    const viewer = await asUser(f)
    const prefs = { page_sizes: { 'tags.list': 40 } }
    const foreign: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { referer: 'http://evil.example/page' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of foreign) {
      const res = await sendJson<ErrorBody>(viewer, 'PUT', '/api/users/me/preferences', prefs, headers)
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(res.body.error.code).toBe('forbidden_origin')
      const login = await post(
        f,
        '/api/auth/login',
        { email: viewer.user.email, password: FIXTURE_PASSWORD },
        headers,
      )
      expect(login.status).toBe(403)
      expect(login.cookies).toEqual([])
    }
    // Nothing was stored by the refused calls.
    expect((await getJson(viewer, '/api/users/me/preferences')).body).toMatchObject({ page_sizes: {} })
  })

  it('accepts the site’s own origin and PUBLIC_URL’s', async () => {
    const viewer = await asUser(f)
    for (const origin of [f.url, 'http://localhost:8080']) {
      const res = await sendJson(
        viewer,
        'PUT',
        '/api/users/me/preferences',
        { tabs: { tags: 'curated' } },
        { origin },
      )
      expect(res.status, origin).toBe(200)
    }
    // Safe methods are never refused, whatever their origin.
    expect(
      (await getJson(viewer, '/api/users/me/preferences', { headers: { origin: 'http://evil.example' } }))
        .status,
    ).toBe(200)
  })
})

describe('accounts: rate limits', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture({
      env: {
        RATE_LIMIT_LOGIN: '3',
        RATE_LIMIT_REGISTER: '2',
        RATE_LIMIT_PASSWORD_RESET: '2',
        RATE_LIMIT_RESEND: '2',
        RATE_LIMIT_WINDOW_SECONDS: '600',
        // One reverse proxy in front: it appends the address it saw to X-Forwarded-For.
        TRUST_PROXY: '1',
      },
    })
  })
  afterAll(() => f?.close())

  /** The headers a request carries after the proxy: whatever the client sent, then its real address. */
  const via = (address: string, clientSent?: string) => ({
    'x-forwarded-for': clientSent ? `${clientSent}, ${address}` : address,
  })
  const login = (email: string, password: string, address: string) =>
    post(f, '/api/auth/login', { email, password }, via(address))

  it('limits sign-in attempts and answers 429 with Retry-After until the window passes', async () => {
    const user = await createUser(f)
    for (let i = 0; i < 3; i++) {
      expect((await post(f, '/api/auth/login', { email: user.email, password: 'guess' })).status).toBe(401)
    }
    const limited = await post(f, '/api/auth/login', { email: user.email, password: FIXTURE_PASSWORD })
    expect(limited.status).toBe(429)
    expect((limited.body as ErrorBody).error.code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(600)
    f.advanceClock(600_000)
    expect((await post(f, '/api/auth/login', { email: user.email, password: FIXTURE_PASSWORD })).status).toBe(
      200,
    )
  })

  it('limits sign-ups, reset requests and resends', async () => {
    f.advanceClock(600_000)
    const statuses = async (path: string, body: () => unknown) => {
      const out: number[] = []
      for (let i = 0; i < 3; i++) out.push((await post(f, path, body())).status)
      return out
    }
    expect(await statuses('/api/auth/register', () => registration())).toEqual([200, 200, 429])
    expect(await statuses('/api/auth/password/request', () => ({ email: 'someone@example.com' }))).toEqual([
      200, 200, 429,
    ])
    expect(await statuses('/api/auth/resend-verification', () => ({ token: 'B'.repeat(43) }))).toEqual([
      400, 400, 429,
    ])
  })

  it('trusts one proxy hop: an address the client writes into X-Forwarded-For does not get a new budget', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      // Each attempt claims another address; the proxy's entry (the real client) stays the same.
      const res = await post(
        f,
        '/api/auth/login',
        { email: `nobody${i}@example.com`, password: 'guess' },
        via('198.51.100.1', `203.0.113.${i}`),
      )
      statuses.push(res.status)
    }
    expect(statuses).toEqual([401, 401, 401, 429])
  })

  it('counts failed sign-ins per email only, forgets them at a successful one, and never locks the owner out', async () => {
    const user = await createUser(f)
    const statuses = async (attempts: ReadonlyArray<[address: string, password: string]>) => {
      const out: number[] = []
      for (const [address, password] of attempts)
        out.push((await login(user.email, password, address)).status)
      return out
    }
    expect(
      await statuses([
        ['198.51.100.11', 'guess'],
        ['198.51.100.12', 'guess'],
        // The owner's success clears the email's failures...
        ['198.51.100.13', FIXTURE_PASSWORD],
        // ...so three more failures (the limit) are answered as failures, not refused.
        ['198.51.100.14', 'guess'],
        ['198.51.100.15', 'guess'],
        ['198.51.100.16', 'guess'],
      ]),
    ).toEqual([401, 401, 200, 401, 401, 401])
    // The email is now at its limit: an address that failed on it recently is refused, even with the
    // right password...
    const refused = await login(user.email, FIXTURE_PASSWORD, '198.51.100.14')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // ...while the owner, from an address without recent failures, signs in: failures spread over many
    // addresses cannot lock an account.
    expect((await login(user.email, FIXTURE_PASSWORD, '198.51.100.17')).status).toBe(200)
    expect((await login(user.email, FIXTURE_PASSWORD, '198.51.100.14')).status).toBe(200)
  })

  it('does not let reset requests from other addresses block the owner’s, and forgets them once the password is changed', async () => {
    const user = await createUser(f)
    const request = async (address: string) =>
      (await post(f, '/api/auth/password/request', { email: user.email }, via(address))).status
    // Two requests (the per-email limit) from two addresses...
    expect(await request('198.51.100.21')).toBe(200)
    await f.mailbox.next(user.email)
    expect(await request('198.51.100.22')).toBe(200)
    await f.mailbox.next(user.email)
    // ...refuse a third from an address that already asked...
    expect(await request('198.51.100.21')).toBe(429)
    // ...but not the owner's, from an address that has not: the owner gets the mail.
    expect(await request('198.51.100.23')).toBe(200)
    const token = tokenIn(await f.mailbox.next(user.email))
    expect(
      (
        await post(
          f,
          '/api/auth/password/change',
          { token, password: 'a new and long password' },
          via('198.51.100.23'),
        )
      ).status,
    ).toBe(200)
    // The changed password ends the episode: the email's request count starts again.
    expect(await request('198.51.100.22')).toBe(200)
  })
})

describe.each<{ trustProxy: string; env: Record<string, string> }>([
  { trustProxy: 'unset', env: {} },
  { trustProxy: '0', env: { TRUST_PROXY: '0' } },
])('accounts: rate limits with TRUST_PROXY $trustProxy (no proxy trusted)', ({ env }) => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture({ env: { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_WINDOW_SECONDS: '600', ...env } })
  })
  afterAll(() => f?.close())

  it('counts sign-in failures against the connection’s address, whatever X-Forwarded-For claims', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      // A client forging a new address on each attempt, as if a proxy had written it.
      const res = await post(
        f,
        '/api/auth/login',
        { email: `forger${i}@example.com`, password: 'guess' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      )
      statuses.push(res.status)
    }
    expect(statuses).toEqual([401, 401, 401, 429])
    // The same connection address without the header: the same budget, spent.
    const plain = await post(f, '/api/auth/login', { email: 'forger9@example.com', password: 'guess' })
    expect(plain.status).toBe(429)
  })
})
