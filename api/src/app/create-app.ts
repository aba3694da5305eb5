import Koa from 'koa'
import compress from 'koa-compress'
import type { Logger } from 'pino'
import type { ApiDeps } from '../deps.ts'
import { healthRouter } from '../health/health-router.ts'
import type { ReadinessProbe } from '../health/readiness.ts'
import { docsRouter } from '../http/docs.ts'
import { mountRoutes } from '../http/mount.ts'
import { buildOpenApi } from '../http/openapi.ts'
import type { RouteDef } from '../http/route.ts'
import { type ApiMetrics, createApiMetrics } from '../metrics/metrics.ts'
import { apiRoutes } from '../routes/index.ts'
import { spaStatic } from '../static/spa-static.ts'
import { type ViewerResolver, visitorsOnly } from '../viewer/viewer.ts'
import { errorEnvelope, requestContext, securityHeaders } from './request-context.ts'

export const API_VERSION = '0.1.0'

export interface ApiAppOptions {
  readonly logger: Logger
  readonly readiness: ReadinessProbe
  /** The read API's engines; without them only health, metrics and the SPA are served. */
  readonly deps?: ApiDeps
  readonly routes?: readonly RouteDef[]
  readonly viewer?: ViewerResolver
  readonly metrics?: ApiMetrics
  /** The built SPA (web/dist); omitted, only the API is served. */
  readonly staticDir?: string
  /** Validate every JSON response against its schema (tests). */
  readonly validateResponses?: boolean
  readonly onValidResponse?: (route: RouteDef, status: number) => void
}

export function createApiApp(options: ApiAppOptions): Koa {
  const app = new Koa()
  app.proxy = false
  const metrics = options.metrics ?? createApiMetrics()
  const routes = options.routes ?? apiRoutes
  app.use(requestContext(options.logger, metrics))
  app.use(securityHeaders())
  app.use(compress({ threshold: 1024 }))
  app.use(errorEnvelope())
  const health = healthRouter(options.readiness)
  app.use(health.routes())
  app.use(health.allowedMethods())
  app.use(async (ctx, next) => {
    if (ctx.path !== '/metrics' || ctx.method !== 'GET') return next()
    ctx.type = metrics.registry.contentType
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await metrics.registry.metrics()
  })
  if (options.deps) {
    const docs = docsRouter(() => buildOpenApi(routes, { version: API_VERSION }))
    app.use(docs.routes())
    mountRoutes(app, routes, {
      deps: options.deps,
      viewer: options.viewer ?? visitorsOnly,
      ...(options.validateResponses !== undefined && { validateResponses: options.validateResponses }),
      ...(options.onValidResponse && { onValidResponse: options.onValidResponse }),
    })
  }
  app.use((ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') {
      ctx.status = 404
      ctx.body = { error: { code: 'not_found', message: `No route for ${ctx.method} ${ctx.path}` } }
      return
    }
    return next()
  })
  if (options.staticDir) app.use(spaStatic(options.staticDir))
  app.use((ctx) => {
    ctx.status = 404
    ctx.body = { error: { code: 'not_found', message: `No route for ${ctx.method} ${ctx.path}` } }
  })
  return app
}
