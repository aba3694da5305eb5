import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp } from '../app/create-app.ts'
import { listen, type RunningServer } from '../app/server.ts'

describe('Origin check on state-changing /api calls', () => {
  let server: RunningServer
  beforeAll(async () => {
    const app = createApiApp({
      logger: pino({ level: 'silent' }),
      readiness: async () => ({}),
      allowedOrigins: ['https://ludex.example/some/path', 'not a url'],
    })
    server = await listen(app, '127.0.0.1', 0)
  })
  afterAll(() => server.close())

  const status = async (method: string, headers: Record<string, string>, path = '/api/anything') =>
    (await fetch(`${server.url}${path}`, { method, headers })).status

  it('lets through the site’s own origin, configured origins and non-browser calls (then 404 here)', async () => {
    expect(await status('POST', { origin: server.url })).toBe(404)
    expect(await status('PUT', { origin: 'https://ludex.example' })).toBe(404)
    expect(await status('DELETE', { referer: 'https://ludex.example/tags/1' })).toBe(404)
    expect(await status('POST', {})).toBe(404)
    expect(await status('POST', { 'sec-fetch-site': 'same-origin' })).toBe(404)
  })

  it('refuses foreign origins and referers, opaque origins and cross-site fetches with 403', async () => {
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://ludex.example.evil.example' },
      { origin: 'http://ludex.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/x' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of refused) {
      const res = await fetch(`${server.url}/api/anything`, { method: 'POST', headers })
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden_origin')
    }
  })

  it('never checks safe methods or paths outside /api', async () => {
    expect(await status('GET', { origin: 'https://evil.example' })).toBe(404)
    expect(await status('POST', { origin: 'https://evil.example' }, '/healthz')).not.toBe(403)
  })
})
