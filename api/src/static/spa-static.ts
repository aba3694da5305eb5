import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { Middleware } from 'koa'
import type { Logger } from 'pino'
import { labelRoute, ROUTE_LABELS } from '../metrics/metrics.ts'
import { loadServerRender, type ServerRenderOptions } from './server-render.ts'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
}

/**
 * The copies the web build writes beside a static file (web/scripts/precompress.mjs), best first: one
 * the browser accepts goes as it is, and koa-compress leaves an answer with an encoding alone.
 */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

/** Build outputs that are never served: the server-side render's bundle and Vite's manifest. */
const PRIVATE_DIRS = ['_ssr', '.vite']

/**
 * Whether a path that names no file is a missing file (404) rather than an address of the app: a path
 * in the build's assets folder, or a root file of a known type ('/favicon.ico', '/robots.txt'). A stale
 * chunk must fail as a missing file, never arrive as a page. Any other path is the app's, dots or not:
 * '/experiences/1.5' and '/experiences/Mr.Bean' reach the experience page (which answers 404 for an id
 * that is not one) and '/some.page' the unknown-path overview.
 */
function isAssetPath(rel: string): boolean {
  if (rel.startsWith('assets/')) return true
  return !rel.includes('/') && Object.hasOwn(contentTypes, extname(rel).toLowerCase())
}

export interface SpaStaticOptions {
  /** Server-render the pages when the build has the render (web/dist/_ssr); needs the logger. */
  readonly serverRender?: (ServerRenderOptions & { readonly logger: Logger }) | undefined
}

/**
 * Serves the built SPA: files under root as they are (hashed assets cached for a year; the build's
 * brotli or gzip copy of a file to a browser that accepts it), and the page for any other GET outside
 * /api so client-side routes load (a dotted path too, unless it looks like a missing asset:
 * isAssetPath): server-rendered when the build has the render, else index.html as it is. Paths never
 * escape root.
 */
export function spaStatic(rootDir: string, options: SpaStaticOptions = {}): Middleware {
  const root = resolve(rootDir)
  const { serverRender } = options
  // Loaded on the first page request: the render bundle is large and API-only processes never need it.
  let renderer: ReturnType<typeof loadServerRender> | undefined
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next()
    let rel: string
    try {
      rel = normalize(decodeURIComponent(ctx.path)).replace(/^([/\\])+/, '')
    } catch {
      ctx.status = 400
      ctx.body = { error: { code: 'bad_path', message: 'The path is not valid percent-encoding' } }
      return
    }
    let file = join(root, rel)
    if (file !== root && !file.startsWith(root + sep)) return next()
    if (PRIVATE_DIRS.some((d) => rel === d || rel.startsWith(`${d}/`) || rel.startsWith(`${d}${sep}`))) {
      return next()
    }
    let info = await stat(file).catch(() => null)
    const isAsset = info?.isFile() ?? false
    if (!isAsset) {
      if (isAssetPath(rel)) return next()
      file = join(root, 'index.html')
      info = await stat(file).catch(() => null)
      if (!info?.isFile()) return next()
    }
    labelRoute(ctx, isAsset ? ROUTE_LABELS.static : ROUTE_LABELS.spa)
    if (!isAsset && serverRender && ctx.method === 'GET') {
      renderer ??= loadServerRender(root, serverRender.logger, serverRender)
      const render = await renderer
      if (render) {
        const page = await render(ctx, await readFile(file, 'utf8'))
        if (page.location !== undefined) {
          // A page its loader sends this visitor away from (a staff tool): the browser goes straight there.
          ctx.status = page.status
          ctx.redirect(page.location)
          ctx.set('Cache-Control', 'private, no-cache')
          ctx.vary('Cookie')
          return
        }
        ctx.status = page.status
        ctx.type = contentTypes['.html']!
        // The page carries the viewer's own data: never shared by caches.
        ctx.set('Cache-Control', 'private, no-cache')
        ctx.vary('Cookie')
        ctx.body = page.html
        return
      }
    }
    ctx.type = contentTypes[extname(file)] ?? 'application/octet-stream'
    ctx.set(
      'Cache-Control',
      isAsset && rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    )
    let size = info!.size
    if (isAsset) {
      ctx.vary('Accept-Encoding')
      const copy = await precompressedCopy(file, (encoding) => ctx.acceptsEncodings(encoding) === encoding)
      if (copy) {
        ctx.set('Content-Encoding', copy.encoding)
        file = copy.file
        size = copy.size
      }
    }
    // A HEAD answer too: Koa sends its headers alone (the file's status, type and length, as a GET's)
    // and closes the stream unread.
    ctx.body = createReadStream(file)
    ctx.length = size
  }
}

/** The build's compressed copy of `file` in the best encoding the browser accepts, if it wrote one. */
async function precompressedCopy(
  file: string,
  accepts: (encoding: string) => boolean,
): Promise<{ encoding: string; file: string; size: number } | null> {
  for (const { encoding, suffix } of PRECOMPRESSED) {
    if (!accepts(encoding)) continue
    const copy = await stat(file + suffix).catch(() => null)
    if (copy?.isFile()) return { encoding, file: file + suffix, size: copy.size }
  }
  return null
}
