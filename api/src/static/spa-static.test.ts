import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import Koa from 'koa'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen, type RunningServer } from '../app/server.ts'
import { spaStatic } from './spa-static.ts'

const INDEX =
  '<!doctype html><html><head></head><body><div id="root"><!--ssr-outlet-->spinner<!--/ssr-outlet--></div></body></html>'

// Answers as the web app's render does for the paths below: the experience page's loader refuses an
// id that is not a database id (404, drawn by the client), anything else is a page.
const RENDER_MODULE = `
export async function render(request) {
  const path = new URL(request.url).pathname
  const id = /^\\/experiences\\/([^/]+)$/.exec(path)?.[1]
  if (id !== undefined && !/^[1-9][0-9]*$/.test(id)) return { kind: 'client', status: 404 }
  return {
    kind: 'page',
    status: path === '/some.page' ? 404 : 200,
    html: '<main>page ' + path + '</main>',
    state: '{}',
    modules: [],
    head: null,
  }
}`

const ROUTE_CHUNK = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))}\n`

/** GET (or HEAD) with an Accept-Encoding, as bytes on the wire: fetch would decode them. */
function rawGet(
  url: string,
  acceptEncoding: string | null,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

async function build(withRender: boolean): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'ludex-spa-'))
  await mkdir(join(dist, 'assets'))
  await writeFile(join(dist, 'index.html'), INDEX)
  await writeFile(join(dist, 'favicon.svg'), '<svg/>')
  await writeFile(join(dist, 'assets', 'index-1.js'), 'export {}')
  // A chunk with the build's compressed copies beside it (web/scripts/precompress.mjs).
  await writeFile(join(dist, 'assets', 'route-1.js'), ROUTE_CHUNK)
  await writeFile(join(dist, 'assets', 'route-1.js.br'), brotliCompressSync(ROUTE_CHUNK))
  await writeFile(join(dist, 'assets', 'route-1.js.gz'), gzipSync(ROUTE_CHUNK))
  if (withRender) {
    await mkdir(join(dist, '.vite'))
    await mkdir(join(dist, '_ssr'))
    await writeFile(join(dist, '.vite', 'manifest.json'), '{}')
    await writeFile(join(dist, '_ssr', 'entry-server.js'), RENDER_MODULE)
  }
  return dist
}

async function serve(withRender: boolean): Promise<RunningServer> {
  const app = new Koa()
  const logger = pino({ level: 'silent' })
  app.use(spaStatic(await build(withRender), withRender ? { serverRender: { logger } } : {}))
  // What the API answers after the static middleware: its JSON 404.
  app.use((ctx) => {
    ctx.status = 404
    ctx.body = { error: { code: 'not_found', message: 'No route' } }
  })
  return listen(app, '127.0.0.1', 0)
}

describe('static serving of the SPA: which paths are files', () => {
  let rendered: RunningServer
  let plain: RunningServer
  beforeAll(async () => {
    rendered = await serve(true)
    plain = await serve(false)
  })
  afterAll(async () => {
    await rendered?.close()
    await plain?.close()
  })

  it('answers an address with a dot as the app: the 404 page for a bad id, the page otherwise', async () => {
    for (const path of ['/experiences/1.5', '/experiences/Mr.Bean', '/experiences/x.js']) {
      const res = await fetch(`${rendered.url}${path}`)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toContain('text/html')
      // The client draws the error page from index.html.
      expect(await res.text(), path).toContain('spinner')
    }
    const unknown = await fetch(`${rendered.url}/some.page`)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('<main>page /some.page</main>')
    const dotted = await fetch(`${rendered.url}/genres/obby/1.5`)
    expect(dotted.status).toBe(200)
    expect(await dotted.text()).toContain('<main>page /genres/obby/1.5</main>')
  })

  it('answers index.html for a dotted address when the build has no render', async () => {
    for (const path of ['/experiences/Mr.Bean', '/some.page', '/tags/v1.2/x']) {
      const res = await fetch(`${plain.url}${path}`)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toContain('spinner')
    }
  })

  it("serves the build's brotli or gzip copy of a file to a browser that accepts it, as it is", async () => {
    const url = `${plain.url}/assets/route-1.js`
    const br = await rawGet(url, 'gzip, deflate, br')
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(br.headers.vary).toContain('Accept-Encoding')
    expect(br.headers['cache-control']).toContain('immutable')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(br.body.length).toBeLessThan(ROUTE_CHUNK.length / 3)
    expect(brotliDecompressSync(br.body).toString()).toBe(ROUTE_CHUNK)
    // A browser that takes gzip alone gets the gzip copy; one that names no encoding, the file itself.
    const gz = await rawGet(url, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(ROUTE_CHUNK)
    for (const accept of [null, 'identity', 'br;q=0, gzip;q=0']) {
      const plainAnswer = await rawGet(url, accept)
      expect(plainAnswer.headers['content-encoding'], String(accept)).toBeUndefined()
      expect(plainAnswer.body.toString(), String(accept)).toBe(ROUTE_CHUNK)
    }
    // HEAD: the GET's headers, no body.
    const head = await rawGet(url, 'br', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(head.headers['content-encoding']).toBe('br')
    expect(Number(head.headers['content-length'])).toBe(br.body.length)
    expect(head.body.length).toBe(0)
    // A file without copies goes as it is, whatever the browser accepts.
    const small = await rawGet(`${plain.url}/assets/index-1.js`, 'br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body.toString()).toBe('export {}')
  })

  it('serves real files, and a missing asset or root file as missing, never as a page', async () => {
    const icon = await fetch(`${rendered.url}/favicon.svg`)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toBe('image/svg+xml')
    const chunk = await fetch(`${rendered.url}/assets/index-1.js`)
    expect(chunk.status).toBe(200)
    expect(chunk.headers.get('cache-control')).toContain('immutable')
    for (const path of ['/assets/index-old.js', '/assets/gone', '/favicon.ico', '/robots.txt', '/sw.js']) {
      for (const server of [rendered, plain]) {
        const res = await fetch(`${server.url}${path}`)
        expect(res.status, path).toBe(404)
        expect(res.headers.get('content-type'), path).toContain('application/json')
      }
    }
  })
})
