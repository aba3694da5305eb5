import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { Middleware } from 'koa'

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
 * Serves the built SPA: files under root as they are (hashed assets cached for a year), and
 * index.html for any other GET outside /api so client-side routes load. Paths never escape root.
 */
export function spaStatic(rootDir: string): Middleware {
  const root = resolve(rootDir)
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
    let info = await stat(file).catch(() => null)
    const isAsset = info?.isFile() ?? false
    if (!isAsset) {
      if (extname(rel) !== '') return next()
      file = join(root, 'index.html')
      info = await stat(file).catch(() => null)
      if (!info?.isFile()) return next()
    }
    ctx.type = contentTypes[extname(file)] ?? 'application/octet-stream'
    ctx.length = info!.size
    ctx.set(
      'Cache-Control',
      isAsset && rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    )
    ctx.body = ctx.method === 'HEAD' ? null : createReadStream(file)
  }
}
