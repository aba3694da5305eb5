import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ApiMetrics, createApiMetrics } from '../metrics/metrics.ts'
import { createApiApp } from './create-app.ts'
import { listen, type RunningServer } from './server.ts'

describe('api app shell', () => {
  let server: RunningServer
  let ready = false
  const metrics: ApiMetrics = createApiMetrics({ collectDefaults: false })
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'ludex-web-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Ludex</title>')
    await writeFile(join(dist, 'assets', 'app-123.js'), 'console.log(1)')
    await writeFile(join(tmpdir(), 'secret.txt'), 'not for you')
    const app = createApiApp({
      logger: pino({ level: 'silent' }),
      readiness: async () => ({ sink: { ok: ready, detail: ready ? 'consuming' : 'starting' } }),
      staticDir: dist,
      metrics,
    })
    server = await listen(app, '127.0.0.1', 0)
  })
  afterAll(() => server.close())

  it('answers /healthz while running and /readyz only once every check is ok', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    const before = await fetch(`${server.url}/readyz`)
    expect(before.status).toBe(503)
    expect(await before.json()).toEqual({ ready: false, checks: { sink: { ok: false, detail: 'starting' } } })
    ready = true
    const after = await fetch(`${server.url}/readyz`)
    expect(after.status).toBe(200)
    expect(((await after.json()) as { ready: boolean }).ready).toBe(true)
  })

  it('serves hashed assets with long caching and client routes with index.html', async () => {
    const asset = await fetch(`${server.url}/assets/app-123.js`)
    expect(asset.headers.get('content-type')).toContain('text/javascript')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect(await asset.text()).toBe('console.log(1)')
    const route = await fetch(`${server.url}/experiences/123`)
    expect(route.status).toBe(200)
    expect(await route.text()).toContain('<title>Ludex</title>')
  })

  it('never serves files outside the web root and 404s unknown API paths with the error envelope', async () => {
    const outside = await fetch(`${server.url}/..%2fsecret.txt`)
    expect(await outside.text()).not.toContain('not for you')
    const missing = await fetch(`${server.url}/api/nothing`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('not_found')
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
    expect(missing.headers.get('x-request-id')).toMatch(/.+/)
  })

  it('labels requests outside the routers by a fixed set, so random paths add no series', async () => {
    const count = async (route: string, status: string) =>
      (await metrics.responses.get()).values.find(
        (v) => v.labels.route === route && v.labels.status === status,
      )?.value ?? 0
    const pagesBefore = await count('spa', '200')
    for (let i = 0; i < 300; i++) {
      const noise = Math.random().toString(36).slice(2)
      const paths = [`/${noise}`, `/experiences/${noise}`, `/api/${noise}`, `/assets/${noise}.js`]
      for (const path of paths) await (await fetch(`${server.url}${path}`)).arrayBuffer()
    }
    await (await fetch(`${server.url}/assets/app-123.js`)).arrayBuffer()
    const series = (await metrics.responses.get()).values
    // Route templates and three fixed labels; pages, files and the rest by status: 1,200 paths, a
    // handful of series.
    expect(new Set(series.map((v) => v.labels.route))).toEqual(
      new Set(['/healthz', '/readyz', 'spa', 'static', 'unmatched']),
    )
    expect(series.length).toBeLessThanOrEqual(8)
    expect((await count('spa', '200')) - pagesBefore).toBe(600)
    const text = await (await fetch(`${server.url}/metrics`)).text()
    expect(text).toMatch(/ludex_api_responses_total\{route="static",status="200"\} \d+/)
  })
})

describe('a client that leaves mid-response', () => {
  it("is logged through the app's logger at debug, not printed by Koa", async () => {
    const dist = await mkdtemp(join(tmpdir(), 'ludex-web-'))
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Ludex</title>')
    // Big enough that the server is still writing when the client goes (the socket buffers far less).
    await writeFile(join(dist, 'big.bin'), Buffer.alloc(64 * 1024 * 1024, 1))
    const lines: { level: number; msg: string }[] = []
    let logged: () => void = () => {}
    const gone = new Promise<void>((resolve) => (logged = resolve))
    const logger = pino(
      { level: 'debug' },
      {
        write: (line: string) => {
          const parsed = JSON.parse(line) as { level: number; msg: string }
          lines.push(parsed)
          if (parsed.msg === 'client went away before the response ended') logged()
        },
      },
    )
    const consoleError = vi.spyOn(console, 'error')
    const server = await listen(
      createApiApp({ logger, readiness: async () => ({}), staticDir: dist }),
      '127.0.0.1',
      0,
    )
    try {
      await new Promise<void>((resolve, reject) => {
        const req = request(`${server.url}/big.bin`, (res) => {
          res.once('data', () => {
            req.destroy()
            resolve()
          })
        })
        req.on('error', (err) => {
          if ((err as { code?: string }).code !== 'ECONNRESET') reject(err)
        })
        req.end()
      })
      await gone
      expect(lines.filter((l) => l.level >= 50)).toEqual([])
      expect(consoleError).not.toHaveBeenCalled()
    } finally {
      consoleError.mockRestore()
      await server.close()
      await rm(dist, { recursive: true, force: true })
    }
  })
})
