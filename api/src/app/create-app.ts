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
import { apiRoutes, devRoutes } from '../routes/index.ts'
import { originCheck } from '../security/origin-check.ts'
import { spaStatic } from '../static/spa-static.ts'
import { sessionViewer } from '../viewer/session-viewer.ts'
import { type ViewerResolver, visitorsOnly } from '../viewer/viewer.ts'
import { errorEnvelope, requestContext, securityHeaders } from './request-context.ts'

export const API_VERSION = '0.1.0'

export interface ApiAppOptions {
  readonly logger: Logger
  readonly readiness: ReadinessProbe
  /** The read API's engines; without them only health, metrics and the SPA are served. */
  readonly deps?: ApiDeps
  readonly routes?: readonly RouteDef[]
  /** Who is asking; default: the session cookie when deps has accounts, else every request is a visitor. */
  readonly viewer?: ViewerResolver
  /**
   * Origins besides the request's own that may make state-changing calls (PUBLIC_URL, ALLOWED_ORIGINS).
   */
  readonly allowedOrigins?: readonly string[]
  /**
   * Reverse proxies in front of the app (TRUST_PROXY): X-Forwarded-* are honoured, and the client's
   * address is the X-Forwarded-For entry this many places from the right. 0 (default): ignored.
   */
  readonly trustProxy?: number
  /** Mount the development-only calls (the mail outbox). Never in production. */
  readonly devRoutes?: boolean
  readonly metrics?: ApiMetrics
  /** The built SPA (web/dist); omitted, only the API is served. */
  readonly staticDir?: string
  /** false: pages go out as the SPA's index.html even when the build has the server-side render. */
  readonly serverRender?: boolean
  /** Validate every JSON response against its schema (tests). */
  readonly validateResponses?: boolean
  readonly onValidResponse?: (route: RouteDef, status: number) => void
}

export function createApiApp(options: ApiAppOptions): Koa {
  const app = new Koa()
  const hops = options.trustProxy ?? 0
  app.proxy = hops > 0
  // Koa takes the left-most of the last `maxIpsCount` entries: the one the outermost trusted proxy wrote.
  app.maxIpsCount = hops
  const metrics = options.metrics ?? createApiMetrics()
  const routes = [...(options.routes ?? apiRoutes), ...(options.devRoutes ? devRoutes : [])]
  app.use(requestContext(options.logger, metrics))
  // Google's script and frame are allowed only where Google sign-in is configured.
  app.use(securityHeaders({ googleSignIn: options.deps?.accounts?.google != null }))
  app.use(compress({ threshold: 1024 }))
  app.use(errorEnvelope())
  app.use(originCheck(options.allowedOrigins ?? []))
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
      viewer: options.viewer ?? (options.deps.accounts ? sessionViewer(options.deps.accounts) : visitorsOnly),
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
  if (options.staticDir) {
    app.use(
      spaStatic(options.staticDir, {
        serverRender: options.serverRender === false ? undefined : { logger: options.logger },
      }),
    )
  }
  app.use((ctx) => {
    ctx.status = 404
    ctx.body = { error: { code: 'not_found', message: `No route for ${ctx.method} ${ctx.path}` } }
  })
  return app
}
