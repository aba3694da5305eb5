import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import Router from '@koa/router'

const require = createRequire(import.meta.url)
const SWAGGER_DIR = dirname(require.resolve('swagger-ui-dist/package.json'))
const ASSETS = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
])

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Ludex API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`

// Served as a file, not inline, so the Content-Security-Policy can stay script-src 'self'.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs' })`

/** /api/openapi.json and /api/docs (Swagger UI from the installed package: no third-party host). */
export function docsRouter(document: () => Record<string, unknown>): Router {
  const router = new Router()
  let cached: string | null = null
  router.get('/api/openapi.json', (ctx) => {
    cached ??= JSON.stringify(document())
    ctx.type = 'application/json; charset=utf-8'
    ctx.set('Cache-Control', 'public, max-age=300')
    ctx.body = cached
  })
  router.get('/api/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8'
    ctx.body = PAGE
  })
  router.get('/api/docs/init.js', (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8'
    ctx.body = INIT
  })
  router.get('/api/docs/assets/:file', async (ctx) => {
    const type = ASSETS.get(ctx.params.file ?? '')
    if (!type) return
    const file = join(SWAGGER_DIR, ctx.params.file!)
    const info = await stat(file)
    ctx.type = type
    ctx.length = info.size
    ctx.set('Cache-Control', 'public, max-age=86400')
    ctx.body = createReadStream(file)
  })
  return router
}
