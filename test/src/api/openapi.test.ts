import { apiRoutes } from '@ludex/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, getJson, startApiFixture } from './fixture.ts'

/**
 * One request per route that must succeed. A route without a sample fails the test: every call is
 * exercised at least once with its response checked against its schema (the fixture validates every
 * JSON response, so a mismatch is a 500 here).
 */
function samples(f: ApiFixture): Record<string, { path: string; init?: RequestInit; status?: number }> {
  const place = f.placeIds[0]!
  const start = new Date(f.now - 7 * 86_400_000).toISOString()
  return {
    'GET /api/place': { path: '/api/place?slim' },
    'GET /api/place/{place_id}': { path: `/api/place/${place}` },
    'PUT /api/place/{place_id}': {
      path: `/api/place/${place}`,
      init: { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' },
      status: 401,
    },
    'GET /api/place/{placeId}/price': { path: `/api/place/${place}/price` },
    'GET /api/thumbnail/bulk': {
      path: `/api/thumbnail/bulk?placeIds=${f.placeIds.slice(0, 3).join(',')}&type=Icon`,
    },
    'GET /api/thumbnail': { path: `/api/thumbnail?placeId=${place}&startTime=2022-01-01` },
    'GET /api/badges/{placeId}': { path: `/api/badges/${place}`, init: { headers: { accept: 'text/csv' } } },
    'GET /api/creator': { path: '/api/creator' },
    'GET /api/platform/picks': { path: '/api/platform/picks' },
    'GET /api/platform/ccu': { path: '/api/platform/ccu?granularity=day' },
    'GET /api/platform/genre': { path: '/api/platform/genre?new' },
    'GET /api/platform/movement': { path: '/api/platform/movement?type=top100entry' },
    'GET /api/stats/ranking': { path: `/api/stats/ranking?placeId=${place}&startTime=${start}` },
    'GET /api/stats/ranking/{id}': { path: `/api/stats/ranking/8?startTime=${f.now}` },
    'GET /api/stats/genres': { path: `/api/stats/genres?granularity=day&startTime=${start}` },
    'GET /api/stats/events': { path: `/api/stats/events?granularity=day&startTime=${start}` },
    'GET /api/stats/{kind}': { path: `/api/stats/ccus?placeIds=${place}&granularity=day&startTime=${start}` },
  }
}

describe('OpenAPI document and route coverage', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
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
    const table = samples(f)
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
