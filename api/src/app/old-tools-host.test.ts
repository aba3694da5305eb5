import { request } from 'node:http'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp } from './create-app.ts'
import { listen, type RunningServer } from './server.ts'

/** A GET with the Host header a browser would send for that site (fetch cannot set Host). */
function get(
  server: RunningServer,
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | undefined; headers: Record<string, unknown> }> {
  const { port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      res.resume()
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, headers: res.headers }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

describe('an old tools host (part 2 §2.1)', () => {
  let server: RunningServer
  let proxied: RunningServer
  const options = (trustProxy: number) =>
    createApiApp({
      logger: pino({ level: 'silent' }),
      readiness: async () => ({}),
      oldToolsHosts: {
        hosts: ['tools.ludex.example', 'old.ludex.example'],
        siteUrl: 'https://ludex.example',
      },
      trustProxy,
    })
  beforeAll(async () => {
    server = await listen(options(0), '127.0.0.1', 0)
    proxied = await listen(options(1), '127.0.0.1', 0)
  })
  afterAll(async () => {
    await server.close()
    await proxied.close()
  })

  it('is redirected with 301 to the same path and query on PUBLIC_URL', async () => {
    const res = await get(server, '/experiences/920587237?x=1&y=%20z', 'tools.ludex.example')
    expect(res.status).toBe(301)
    expect(res.location).toBe('https://ludex.example/experiences/920587237?x=1&y=%20z')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect((await get(server, '/', 'OLD.ludex.example:8443')).location).toBe('https://ludex.example/')
    expect((await get(server, '/api/place?slim', 'old.ludex.example')).location).toBe(
      'https://ludex.example/api/place?slim',
    )
  })

  it('keeps a path that looks like another host a path of the site', async () => {
    const res = await get(server, '//evil.example/x', 'tools.ludex.example')
    expect(res.status).toBe(301)
    expect(new URL(res.location ?? '').host).toBe('ludex.example')
  })

  it('leaves every other host alone', async () => {
    expect((await get(server, '/healthz', 'ludex.example')).status).toBe(200)
    expect((await get(server, '/healthz', 'tools.ludex.example.evil')).status).toBe(200)
    expect((await get(server, '/healthz', '127.0.0.1')).status).toBe(200)
  })

  it('behind a trusted proxy, compares the host the proxy forwarded', async () => {
    const res = await get(proxied, '/tags', 'internal:8080', { 'x-forwarded-host': 'tools.ludex.example' })
    expect(res.status).toBe(301)
    expect(res.location).toBe('https://ludex.example/tags')
    // Without trust, a client's X-Forwarded-Host is ignored.
    expect(
      (await get(server, '/healthz', 'ludex.example', { 'x-forwarded-host': 'tools.ludex.example' })).status,
    ).toBe(200)
  })
})
