import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AuthProviders, SessionState, SessionUser } from '@ludex/schemas'
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiFixture,
  createUser,
  type ErrorBody,
  FIXTURE_PASSWORD,
  getJson,
  startApiFixture,
} from './fixture.ts'

const CLIENT_ID = 'ludex-test-client.apps.example'
const ISSUER = 'https://accounts.google.com'

type Keys = Awaited<ReturnType<typeof generateKeyPair>>

/**
 * Google sign-in against a key set served on loopback (the real remote-JWKS path of the verifier): ID
 * tokens are signed with a locally generated RSA key.
 */
describe('POST /api/auth/google', () => {
  let f: ApiFixture
  let jwks: Server
  let keys: Keys
  let stranger: Keys
  let jwksRequests = 0

  beforeAll(async () => {
    keys = await generateKeyPair('RS256')
    stranger = await generateKeyPair('RS256')
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
    jwks = createServer((_req, res) => {
      jwksRequests++
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ keys: [jwk] }))
    })
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', () => resolve()))
    const port = (jwks.address() as AddressInfo).port
    f = await startApiFixture({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs` },
    })
  })
  afterAll(async () => {
    await f?.close()
    await new Promise<void>((resolve) => jwks?.close(() => resolve()))
  })

  let subCounter = 0
  const credential = async (
    claims: JWTPayload & Record<string, unknown> = {},
    options: { key?: Keys; kid?: string; expiresInS?: number } = {},
  ) => {
    const nowS = Math.floor(f.now / 1000)
    return new SignJWT({
      email: `google${++subCounter}@gmail.example`,
      email_verified: true,
      given_name: 'Gia',
      family_name: 'Google',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setSubject(String(claims.sub ?? `sub-${subCounter}`))
      .setIssuedAt(nowS - 10)
      .setExpirationTime(nowS + (options.expiresInS ?? 3600))
      .sign((options.key ?? keys).privateKey)
  }

  const google = async (token: string) => {
    const res = await fetch(`${f.url}/api/auth/google`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credential: token }),
    })
    return {
      status: res.status,
      body: (await res.json()) as SessionUser & ErrorBody,
      cookie: res.headers.getSetCookie()[0]?.split(';')[0],
    }
  }

  it('offers Google with its client id, and lets Google’s script, frame and popup in', async () => {
    const providers = await getJson<AuthProviders>(f, '/api/auth/providers')
    expect(providers.status).toBe(200)
    expect(providers.body).toEqual({ google: { client_id: CLIENT_ID } })
    const directives = new Map(
      (providers.headers.get('content-security-policy') ?? '').split('; ').map((d) => {
        const [name, ...sources] = d.split(' ')
        return [name, sources] as const
      }),
    )
    expect(directives.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client'])
    expect(directives.get('frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/'])
    expect(directives.get('connect-src')).toContain('https://accounts.google.com/gsi/')
    expect(directives.get('style-src')).toContain('https://accounts.google.com/gsi/style')
    // The rest stays as strict as without Google.
    expect(directives.get('default-src')).toEqual(["'self'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(providers.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
  })

  it('creates a verified account that still needs onboarding, and signs in', async () => {
    const res = await google(await credential({ sub: 'google-new', email: 'New.Person@gmail.example' }))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      email: 'new.person@gmail.example',
      email_verified: true,
      first_name: 'Gia',
      last_name: 'Google',
      role: 'viewer',
      needs_onboarding: true,
    })
    expect(res.cookie).toMatch(/^ludex_session=/)
    const me = await getJson<SessionState>(f, '/api/auth/session', { headers: { cookie: res.cookie! } })
    expect(me.body.user?.id).toBe(res.body.id)
    // The same Google account signs in to the same user next time.
    expect(
      (await google(await credential({ sub: 'google-new', email: 'renamed@gmail.example' }))).body.id,
    ).toBe(res.body.id)
    expect(jwksRequests).toBeGreaterThan(0)
  })

  it('links an existing verified account by email, keeping its password', async () => {
    const owner = await createUser(f)
    const res = await google(await credential({ sub: 'google-link', email: owner.email }))
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(owner.id)
    expect((await f.accounts.store.users.findById(owner.id))?.googleSub).toBe('google-link')
    const login = await fetch(`${f.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: FIXTURE_PASSWORD }),
    })
    expect(login.status).toBe(200)
  })

  it('takes an unverified account over from whoever registered it: their password stops working', async () => {
    const squatted = await createUser(f, { verified: false })
    const res = await google(await credential({ sub: 'google-owner', email: squatted.email }))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: squatted.id, email_verified: true })
    const squatter = await fetch(`${f.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: squatted.email, password: FIXTURE_PASSWORD }),
    })
    expect(squatter.status).toBe(401)
  })

  it('refuses tokens with the wrong audience, issuer, key or expiry, and unverified emails', async () => {
    const nowS = Math.floor(f.now / 1000)
    const wrongAudience = await new SignJWT({ email: 'a@gmail.example', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(ISSUER)
      .setAudience('someone-else.apps.example')
      .setSubject('x')
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + 600)
      .sign(keys.privateKey)
    const wrongIssuer = await new SignJWT({ email: 'b@gmail.example', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://evil.example')
      .setAudience(CLIENT_ID)
      .setSubject('y')
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + 600)
      .sign(keys.privateKey)
    const cases: [string, string, string][] = [
      ['audience', wrongAudience, 'invalid_credential'],
      ['issuer', wrongIssuer, 'invalid_credential'],
      ['foreign key', await credential({}, { key: stranger }), 'invalid_credential'],
      ['unknown kid', await credential({}, { kid: 'other' }), 'invalid_credential'],
      ['expired', await credential({}, { expiresInS: -60 }), 'invalid_credential'],
      ['garbage', 'not.a.jwt', 'invalid_credential'],
      ['unverified email', await credential({ email_verified: false }), 'email_not_verified'],
    ]
    const before = (await f.accounts.store.users.list()).length
    for (const [name, token, code] of cases) {
      const res = await google(token)
      expect(res.status, name).toBe(401)
      expect(res.body.error.code, name).toBe(code)
      expect(res.cookie, name).toBeUndefined()
    }
    expect((await f.accounts.store.users.list()).length).toBe(before)
  })
})
