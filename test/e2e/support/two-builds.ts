import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { freePort } from '../../src/harness/free-port.ts'
import { buildWebInto } from '../../src/harness/web-build.ts'

/** Builds the web app into a temp dir with the given version (its service worker carries it). */
export async function buildWeb(version: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `ludex-web-${version}-`))
  await buildWebInto(dir, ['--version', version])
  return dir
}

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
}

/**
 * A server that serves one of several web builds, switched by the test, as a deployment that is
 * replaced while a visitor has the app open: the build's own files (the service worker among them,
 * `no-cache` like the API's static middleware) from the current build, everything else (the
 * server-rendered pages, /api) from the e2e server, which renders the same sources. Its own port is
 * its own origin, so its service worker touches no other test.
 */
export interface TwoBuildsServer {
  readonly url: string
  serve(dir: string): void
  close(): Promise<void>
}

export async function startTwoBuildsServer(upstream: string, first: string): Promise<TwoBuildsServer> {
  let current = first
  const target = new URL(upstream)
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      const rel = normalize(decodeURIComponent(path)).replace(/^[/\\]+/, '')
      const file = resolve(current, rel)
      const inside = file.startsWith(resolve(current) + sep) && !rel.startsWith('_ssr')
      const info = inside && req.method === 'GET' ? await stat(file).catch(() => null) : null
      if (info?.isFile()) {
        res.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-length': info.size,
          'cache-control': rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        })
        createReadStream(file).pipe(res)
        return
      }
      const forward = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      forward.on('error', () => res.destroy())
      req.pipe(forward)
    })()
  })
  const port = await freePort()
  await new Promise<void>((ready) => server.listen(port, '127.0.0.1', ready))
  return {
    url: `http://127.0.0.1:${port}`,
    serve(dir) {
      current = dir
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

export async function removeBuild(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}
