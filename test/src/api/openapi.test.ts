import { createHmac } from 'node:crypto'
import { apiRoutes } from '@ludex/api'
import {
  APP_DATABASE_ID_MAX,
  appDatabaseIdParam,
  experienceGenre,
  type GameCredential,
  genreSlug,
  idParam,
  PARTIAL_FROM_HEADER,
  TIME_PARAM_PATTERNS,
  timeParam,
} from '@ludex/schemas'
import { creatorAt, experienceAt, indexOfPlace, metadataAt } from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { type ApiFixture, asUser, createUser, getJson, sendJson, startApiFixture } from './fixture.ts'

interface Sessions {
  /** Cookies of signed-in users: a viewer, an admin, and a second admin whose role the sample simulates. */
  readonly viewer: string
  readonly admin: string
  readonly simulatingAdmin: string
  readonly viewerId: number
  readonly loginEmail: string
  /** Personal tags of the viewer: one the samples edit, one they delete. */
  readonly editedTagId: number
  readonly deletedTagId: number
  /** Two event credentials: one the samples rename and delete, one that signs the events sample. */
  readonly credentials: readonly [GameCredential, GameCredential]
  /** A viewer whose sample deletes its own account. */
  readonly deletable: string
  /** Two of the viewer's alerts: one the samples test, one they delete. */
  readonly alertIds: readonly [number, number]
}

const json = (method: string, body: unknown, cookie?: string): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
  body: JSON.stringify(body),
})

/**
 * One request per route that must succeed. A route without a sample fails the test: every call is
 * exercised at least once with its response checked against its schema (the fixture validates every
 * JSON response, so a mismatch is a 500 here).
 */
function samples(
  f: ApiFixture,
  s: Sessions,
): Record<string, { path: string; init?: RequestInit; status?: number }> {
  const place = f.placeIds[0]!
  const start = new Date(f.now - 7 * 86_400_000).toISOString()
  // The first place's creator, genre and sub-genre.
  const index = indexOfPlace(f.model, place)
  const creator = creatorAt(f.model, experienceAt(f.model, index).creatorIndex)
  const meta = metadataAt(f.model, index, f.now)
  const genre = experienceGenre({ name: meta.name, genreL1: meta.genreL1, genreL2: meta.genreL2 })
  const bogusToken = { token: 'A'.repeat(43) }
  const [edited, signer] = s.credentials
  const events = JSON.stringify({ events: [{ id: 'openapi-1', name: 'sample', time: f.now - 60_000 }] })
  const timestamp = String(Math.floor(f.now / 1000))
  return {
    'GET /api/place': { path: '/api/place?slim' },
    'GET /api/place/search': { path: '/api/place/search?q=obby&limit=5' },
    'GET /api/place/list': {
      path: `/api/place/list?page=1&pageSize=10&sort=total_visits&order=desc&search=a&tagId=${f.tags[0]!.id}`,
    },
    'GET /api/place/lookup': { path: `/api/place/lookup?ids=${place},${f.placeIds[1]}` },
    'GET /api/place/summary': { path: '/api/place/summary' },
    'GET /api/place/{place_id}': { path: `/api/place/${place}` },
    'PUT /api/place/{place_id}': { path: `/api/place/${place}`, init: json('PUT', {}, s.admin) },
    'POST /api/auth/register': {
      path: '/api/auth/register',
      init: json('POST', {
        first_name: 'Open',
        last_name: 'Api',
        email: 'openapi-sample@example.com',
        password: 'sample password',
        interests: ['obby'],
        user_type: 'student',
      }),
    },
    'POST /api/auth/login': {
      path: '/api/auth/login',
      init: json('POST', { email: s.loginEmail, password: 'correct horse battery' }),
    },
    'POST /api/auth/logout': { path: '/api/auth/logout', init: { method: 'POST' } },
    'GET /api/auth/session': { path: '/api/auth/session', init: { headers: { cookie: s.viewer } } },
    'POST /api/auth/verify-email': {
      path: '/api/auth/verify-email',
      init: json('POST', bogusToken),
      status: 400,
    },
    'POST /api/auth/resend-verification': {
      path: '/api/auth/resend-verification',
      init: json('POST', bogusToken),
      status: 400,
    },
    'POST /api/auth/password/request': {
      path: '/api/auth/password/request',
      init: json('POST', { email: 'nobody@example.com' }),
    },
    'POST /api/auth/password/change': {
      path: '/api/auth/password/change',
      init: json('POST', { ...bogusToken, password: 'long enough' }),
      status: 400,
    },
    // Google sign-in is not configured in this fixture (google.test.ts covers it configured).
    'POST /api/auth/google': {
      path: '/api/auth/google',
      init: json('POST', { credential: 'x.y.z' }),
      status: 404,
    },
    'GET /api/auth/providers': { path: '/api/auth/providers' },
    'GET /api/site': { path: '/api/site' },
    'POST /api/auth/simulate-role': {
      path: '/api/auth/simulate-role',
      init: { method: 'POST', headers: { cookie: s.simulatingAdmin } },
    },
    'PUT /api/users/me/onboarding': {
      path: '/api/users/me/onboarding',
      init: json('PUT', { interests: ['horror'], user_type: 'player' }, s.viewer),
    },
    'GET /api/users/me/preferences': {
      path: '/api/users/me/preferences',
      init: { headers: { cookie: s.viewer } },
    },
    'PUT /api/users/me/preferences': {
      path: '/api/users/me/preferences',
      init: json('PUT', { page_sizes: { 'tags.list': 50 } }, s.viewer),
    },
    // API keys: the viewer's first key is the fixture's first (identity 1), revoked right after.
    'GET /api/users/me/api-keys': { path: '/api/users/me/api-keys', init: { headers: { cookie: s.viewer } } },
    'POST /api/users/me/api-keys': {
      path: '/api/users/me/api-keys',
      init: json('POST', { name: 'OpenAPI sample' }, s.viewer),
    },
    'DELETE /api/users/me/api-keys/{id}': {
      path: '/api/users/me/api-keys/1',
      init: { method: 'DELETE', headers: { cookie: s.viewer } },
    },
    // No dump was written in this fixture: the list is empty and a day's file is a 404.
    'GET /api/dumps': { path: '/api/dumps' },
    'GET /api/dumps/hourly/{file}': { path: '/api/dumps/hourly/2026-11-17.csv.gz', status: 404 },
    'GET /api/users': { path: '/api/users', init: { headers: { cookie: s.admin } } },
    'PUT /api/users/{id}': {
      path: `/api/users/${s.viewerId}`,
      init: json('PUT', { role: 'viewer' }, s.admin),
    },
    'DELETE /api/users/me': {
      path: '/api/users/me',
      init: json('DELETE', { password: 'correct horse battery' }, s.deletable),
    },
    'POST /api/analytics/events': {
      path: '/api/analytics/events',
      init: json('POST', {
        events: [{ type: 'page_view', path: '/overview', title: 'Overview | Ludex', referrer: '' }],
      }),
    },
    'GET /api/analytics/visitors': {
      path: '/api/analytics/visitors?days=7',
      init: { headers: { cookie: s.admin } },
    },
    'POST /api/errors': {
      path: '/api/errors',
      init: json('POST', {
        kind: 'error',
        name: 'Error',
        message: 'sample',
        stack: '',
        path: '/overview',
        release: '0.1.0',
      }),
    },
    'GET /api/errors': { path: '/api/errors', init: { headers: { cookie: s.admin } } },
    'GET /api/place/{placeId}/price': { path: `/api/place/${place}/price` },
    // Signals (issue 20).
    'GET /api/place/{placeId}/standing': { path: `/api/place/${place}/standing` },
    'GET /api/place/{placeId}/markers': { path: `/api/place/${place}/markers` },
    'GET /api/place/{placeId}/placements': { path: `/api/place/${place}/placements` },
    'GET /api/stats/ranking/{id}/changes': { path: `/api/stats/ranking/8/changes?startTime=${start}` },
    'GET /api/stats/genre-benchmarks/{genre}': {
      path: `/api/stats/genre-benchmarks/obby?startTime=${start}`,
    },
    'GET /api/thumbnail/bulk': {
      path: `/api/thumbnail/bulk?placeIds=${f.placeIds.slice(0, 3).join(',')}&type=Icon`,
    },
    'GET /api/thumbnail': { path: `/api/thumbnail?placeId=${place}&startTime=2022-01-01` },
    'GET /api/badges/{placeId}': { path: `/api/badges/${place}`, init: { headers: { accept: 'text/csv' } } },
    'GET /api/creator': { path: '/api/creator' },
    'GET /api/placetag': { path: '/api/placetag', init: { headers: { cookie: s.admin } } },
    'POST /api/placetag': { path: '/api/placetag', init: json('POST', { name: 'OpenAPI sample' }, s.viewer) },
    'GET /api/placetag/{id}': { path: `/api/placetag/${f.tags[0]!.id}` },
    'PUT /api/placetag/{id}': {
      path: `/api/placetag/${s.editedTagId}`,
      init: json('PUT', { name: 'Edited sample', place_ids: [f.placeIds[1]] }, s.viewer),
    },
    'DELETE /api/placetag/{id}': {
      path: `/api/placetag/${s.deletedTagId}`,
      init: { method: 'DELETE', headers: { cookie: s.viewer } },
    },
    // Run in the routes' order: added, removed, then the whole tag saved.
    'POST /api/placetag/{id}/places': {
      path: `/api/placetag/${s.editedTagId}/places`,
      init: json('POST', { place_ids: [place] }, s.viewer),
    },
    'DELETE /api/placetag/{id}/places/{placeId}': {
      path: `/api/placetag/${s.editedTagId}/places/${place}`,
      init: { method: 'DELETE', headers: { cookie: s.viewer } },
    },
    'GET /api/creator/{creatorId}': { path: `/api/creator/${creator.id}?type=${creator.type}` },
    'GET /api/creator/{creatorId}/ccu': {
      path: `/api/creator/${creator.id}/ccu?scope=top_five&startTime=${start}`,
    },
    'GET /api/genre': { path: '/api/genre' },
    'GET /api/genre/{genre}': { path: `/api/genre/${genre}` },
    'GET /api/genre/{genre}/{subGenre}': { path: `/api/genre/${genre}/${genreSlug(meta.genreL2)}` },
    'GET /api/platform/picks': { path: '/api/platform/picks' },
    'GET /api/platform/ccu': { path: '/api/platform/ccu?granularity=day' },
    'GET /api/platform/genre': { path: '/api/platform/genre?new' },
    'GET /api/platform/movement': { path: '/api/platform/movement?type=top100entry' },
    'GET /api/stats/ranking': { path: `/api/stats/ranking?placeId=${place}&startTime=${start}` },
    'GET /api/stats/ranking/{id}': { path: `/api/stats/ranking/8?startTime=${f.now}` },
    'GET /api/stats/genres': { path: `/api/stats/genres?granularity=day&startTime=${start}` },
    'GET /api/stats/events': {
      path: `/api/stats/events?granularity=day&startTime=${start}`,
      init: { headers: { cookie: s.admin } },
    },
    'GET /api/stats/ccu-periods': {
      path: `/api/stats/ccu-periods?placeIds=${place}`,
      init: { headers: { cookie: s.viewer } },
    },
    'GET /api/stats/{kind}': { path: `/api/stats/ccus?placeIds=${place}&granularity=day&startTime=${start}` },
    'GET /api/stats/momentum': { path: '/api/stats/momentum' },
    'GET /api/stats/likes-recent': { path: `/api/stats/likes-recent?placeId=${place}` },
    'GET /api/exchange-rates': { path: '/api/exchange-rates', init: { headers: { cookie: s.admin } } },
    'GET /api/code-library': { path: '/api/code-library', init: { headers: { cookie: s.admin } } },
    'GET /api/gamecredential': { path: '/api/gamecredential', init: { headers: { cookie: s.admin } } },
    'POST /api/gamecredential': {
      path: '/api/gamecredential',
      init: json('POST', { placeId: place, comment: 'OpenAPI sample' }, s.admin),
    },
    'PUT /api/gamecredential/{game_key}': {
      path: `/api/gamecredential/${edited.game_key}`,
      init: json('PUT', { disabled: true }, s.admin),
    },
    'DELETE /api/gamecredential/{game_key}': {
      path: `/api/gamecredential/${edited.game_key}`,
      init: { method: 'DELETE', headers: { cookie: s.admin } },
    },
    'GET /embed/{place_id}/badge.svg': { path: `/embed/${place}/badge.svg?style=flat-square&theme=dark` },
    'GET /embed/{place_id}/sparkline.svg': { path: `/embed/${place}/sparkline.svg?stat=ccus&range=7d` },
    'GET /api/alerts': { path: '/api/alerts', init: { headers: { cookie: s.viewer } } },
    'GET /api/alertdelivery': { path: '/api/alertdelivery', init: { headers: { cookie: s.viewer } } },
    'POST /api/alerts': {
      path: '/api/alerts',
      init: json(
        'POST',
        {
          name: 'OpenAPI sample',
          target: { type: 'experience', placeId: place },
          rule: { kind: 'rank', categoryId: 8, topN: 10, direction: 'either' },
          delivery: { channel: 'webhook', url: 'https://hooks.example.com/ludex', format: 'discord' },
        },
        s.viewer,
      ),
    },
    'POST /api/alerts/{id}/test': {
      path: `/api/alerts/${s.alertIds[0]}/test`,
      init: { method: 'POST', headers: { cookie: s.viewer } },
    },
    'DELETE /api/alerts/{id}': {
      path: `/api/alerts/${s.alertIds[1]}`,
      init: { method: 'DELETE', headers: { cookie: s.viewer } },
    },
    'POST /api/events': {
      path: '/api/events',
      init: {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-ludex-game-key': signer.game_key,
          'x-ludex-timestamp': timestamp,
          'x-ludex-signature': createHmac('sha256', signer.secret_key)
            .update(`${timestamp}.${events}`)
            .digest('hex'),
        },
        body: events,
      },
    },
  }
}

describe('OpenAPI document and route coverage', () => {
  let f: ApiFixture
  let sessions: Sessions
  beforeAll(async () => {
    f = await startApiFixture()
    const viewer = await asUser(f)
    const admin = await asUser(f, 'admin')
    const credential = async (comment: string) =>
      (
        await sendJson<GameCredential>(admin, 'POST', '/api/gamecredential', {
          placeId: f.placeIds[0],
          comment,
        })
      ).body
    const tagOf = async (name: string) =>
      (await f.accounts.store.tags.create({ name, global: false, ownerId: viewer.user.id }, new Date(f.now)))
        .id
    const alertOf = async (name: string) =>
      (
        await sendJson<{ id: number }>(viewer, 'POST', '/api/alerts', {
          name,
          target: { type: 'experience', placeId: f.placeIds[0] },
          rule: { kind: 'ccu', direction: 'above', threshold: 100 },
          delivery: { channel: 'email', digest: false },
        })
      ).body.id
    sessions = {
      viewer: viewer.headers!.cookie!,
      viewerId: viewer.user.id,
      editedTagId: await tagOf('Sample to edit'),
      deletedTagId: await tagOf('Sample to delete'),
      admin: admin.headers!.cookie!,
      simulatingAdmin: (await asUser(f, 'admin')).headers!.cookie!,
      loginEmail: (await createUser(f)).email,
      credentials: [await credential('OpenAPI edited'), await credential('OpenAPI signer')],
      deletable: (await asUser(f)).headers!.cookie!,
      alertIds: [await alertOf('Sample to test'), await alertOf('Sample to delete')],
    }
  })
  afterAll(() => f.close())

  it('documents every route with its parameters and error envelope, and nothing else', async () => {
    const { status, body } = await getJson<{
      openapi: string
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; parameters?: { name: string }[] }>
      >
    }>(f, '/api/openapi.json')
    expect(status).toBe(200)
    expect(body.openapi).toBe('3.1.0')
    const documented = Object.entries(body.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(documented.sort()).toEqual(apiRoutes.map((r) => `${r.method} ${r.path}`).sort())
    for (const route of apiRoutes) {
      const op = body.paths[route.path]![route.method.toLowerCase()]!
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '500']))
      for (const name of (route.path.match(/\{(\w+)\}/g) ?? []).map((p) => p.slice(1, -1))) {
        expect(op.parameters?.map((p) => p.name)).toContain(name)
      }
    }
  })

  it('documents ids as positive integers and times with their formats and range', async () => {
    const { body } = await getJson<{
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; schema: Record<string, unknown> }[] }>
      >
    }>(f, '/api/openapi.json')
    // The shared parameter under any optional/default wrapper.
    const base = (schema: z.ZodType | undefined): unknown => {
      const inner = (schema as { def?: { innerType?: z.ZodType } } | undefined)?.def?.innerType
      return inner ? base(inner) : schema
    }
    const shapeOf = (s: z.ZodType | undefined) => (s as { shape?: Record<string, z.ZodType> })?.shape ?? {}
    let ids = 0
    let times = 0
    for (const route of apiRoutes) {
      const documented = body.paths[route.path]![route.method.toLowerCase()]!.parameters ?? []
      for (const [name, schema] of Object.entries({ ...shapeOf(route.params), ...shapeOf(route.query) })) {
        const doc = documented.find((p) => p.name === name)?.schema
        if (base(schema) === idParam || base(schema) === appDatabaseIdParam) {
          ids++
          const maximum = base(schema) === idParam ? Number.MAX_SAFE_INTEGER : APP_DATABASE_ID_MAX
          expect(doc, `${route.path} ${name}`).toMatchObject({ type: 'integer', minimum: 1, maximum })
          expect(doc?.pattern, `${route.path} ${name}`).toBeUndefined()
        }
        if (base(schema) === timeParam) {
          times++
          expect(doc?.anyOf, `${route.path} ${name}`).toEqual([
            { format: 'date', pattern: TIME_PARAM_PATTERNS.date },
            { format: 'date-time', pattern: TIME_PARAM_PATTERNS.dateTime },
            { pattern: TIME_PARAM_PATTERNS.epochMs },
          ])
          expect(doc?.description, `${route.path} ${name}`).toContain('from 2006-01-01 to 2100-01-01')
        }
      }
    }
    // Every call that names one experience and every call that takes a time was looked at.
    expect(ids).toBeGreaterThanOrEqual(8)
    expect(times).toBeGreaterThanOrEqual(12)
  })

  it('says which calls read a session or an API key (optional on those that need none, found by the fuzz run) and which a game key', async () => {
    const { body } = await getJson<{ paths: Record<string, Record<string, { security?: unknown }>> }>(
      f,
      '/api/openapi.json',
    )
    for (const route of apiRoutes) {
      const { security } = body.paths[route.path]![route.method.toLowerCase()]!
      const expected =
        route.security === 'gameKey'
          ? [{ gameKey: [] }]
          : route.requires
            ? [{ session: [] }, { apiKey: [] }]
            : [{}, { session: [] }, { apiKey: [] }]
      expect(security, `${route.method} ${route.path}`).toEqual(expected)
    }
  })

  it('writes a tuple of one item schema as an array of n such items (found by the fuzz run)', async () => {
    const res = await fetch(`${f.url}/api/openapi.json`)
    const text = await res.text()
    // prefixItems is Draft 2020-12 only: Schemathesis 4.32 rewrote it to Draft 4 and refused its own schema.
    expect(text).not.toContain('prefixItems')
    const doc = JSON.parse(text) as {
      paths: Record<
        string,
        { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }
      >
    }
    const genres = doc.paths['/api/stats/genres']!.get.responses['200']!.content['application/json']!
      .schema as {
      properties: { series: { items: { properties: { data: { items: unknown } } } } }
    }
    expect(genres.properties.series.items.properties.data.items).toEqual({
      type: 'array',
      items: { type: 'number' },
      minItems: 3,
      maxItems: 3,
    })
  })

  it('states in the account bodies what the server refuses: control characters, blank names, repeated interests (found by the fuzz run)', async () => {
    const { body } = await getJson<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody: {
              content: { 'application/json': { schema: { properties: Record<string, unknown> } } }
            }
          }
        >
      >
    }>(f, '/api/openapi.json')
    const fields = (path: string, method: string) =>
      body.paths[path]![method]!.requestBody.content['application/json'].schema.properties
    /** Every pattern a field's schema (or the parts it is made of) carries, as the document states them. */
    const patterns = (schema: unknown): RegExp[] =>
      JSON.stringify(schema)
        .match(/"pattern":"((?:[^"\\]|\\.)*)"/g)!
        .map((m) => new RegExp(JSON.parse(`{${m}}`).pattern as string, 'u'))
    const accepts = (schema: unknown, value: string) => patterns(schema).every((p) => p.test(value))

    const reset = fields('/api/auth/password/request', 'post')
    expect(accepts(reset.email, 'owner@example.com')).toBe(true)
    expect(accepts(reset.email, 'own\u001eer@example.com')).toBe(false)
    expect(accepts(reset.email, 'owner@exa\u0085mple.com')).toBe(false)
    const register = fields('/api/auth/register', 'post')
    expect(accepts(register.first_name, 'Ada')).toBe(true)
    expect(accepts(register.first_name, '   ')).toBe(false)
    expect(accepts(register.first_name, 'A\u0007da')).toBe(false)
    expect(fields('/api/users/me/onboarding', 'put').interests).toMatchObject({ uniqueItems: true })
  })

  it('documents the Retry-After every 429 carries', async () => {
    const { body } = await getJson<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >
    }>(f, '/api/openapi.json')
    const limited = apiRoutes.filter((r) => r.errors?.includes(429))
    expect(limited.length).toBeGreaterThanOrEqual(6)
    for (const route of limited) {
      const tooMany = body.paths[route.path]![route.method.toLowerCase()]!.responses['429']
      expect(tooMany?.headers?.['Retry-After'], `${route.method} ${route.path}`).toMatchObject({
        required: true,
        schema: { type: 'integer', minimum: 0 },
      })
    }
  })

  it('documents the headers of a dated series: the moved start and the period in progress', async () => {
    const { body } = await getJson<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >
    }>(f, '/api/openapi.json')
    for (const path of ['/api/stats/{kind}', '/api/stats/genres', '/api/platform/ccu']) {
      const ok = body.paths[path]!.get!.responses['200']
      for (const name of [PARTIAL_FROM_HEADER, 'X-Ludex-History-Start']) {
        expect(ok?.headers?.[name], `${path} ${name}`).toMatchObject({
          description: expect.any(String),
          schema: { type: 'string', format: 'date-time' },
        })
      }
    }
    // The stats call's tag variant is not stored by browsers, and says so.
    const stats = body.paths['/api/stats/{kind}']!.get!.responses['200']
    expect(stats?.headers?.['Cache-Control']).toMatchObject({
      description: expect.stringContaining('no-store'),
    })
  })

  it('renders the docs page from locally served assets', async () => {
    const page = await fetch(`${f.url}/api/docs`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js')
    const asset = await fetch(`${f.url}/api/docs/assets/swagger-ui-bundle.js`)
    expect(asset.status).toBe(200)
    expect((await asset.text()).length).toBeGreaterThan(100_000)
  })

  it('answers every route with a response that validates against its schema', async () => {
    const table = samples(f, sessions)
    for (const route of apiRoutes) {
      const key = `${route.method} ${route.path}`
      const sample = table[key]
      expect(sample, `no sample request for ${key}`).toBeDefined()
      const res = await fetch(`${f.url}${sample!.path}`, sample!.init)
      const expected = sample!.status ?? 200
      expect(res.status, `${key} → ${res.status}: ${await res.clone().text()}`).toBe(expected)
      if (expected === 200 && res.headers.get('content-type')?.startsWith('application/json')) {
        expect(f.seen.get(route)?.has(200), `${key} was not validated`).toBe(true)
      }
    }
  })

  it('counts requests per route template in the Prometheus metrics', async () => {
    await fetch(`${f.url}/api/place/${f.placeIds[0]}/price`)
    const text = await (await fetch(`${f.url}/metrics`)).text()
    expect(text).toMatch(
      /ludex_api_request_seconds_count\{[^}]*route="\/api\/place\/:placeId\/price"[^}]*\} [1-9]/,
    )
    expect(text).not.toContain(`route="/api/place/${f.placeIds[0]}/price"`)
  })
})
