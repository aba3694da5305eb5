import Koa from 'koa'
import compress from 'koa-compress'
import type { Logger } from 'pino'
import { apiRateLimit } from '../api-keys/api-rate-limit.ts'
import { createRenderPass } from '../api-keys/render-pass.ts'
import type { ApiDeps } from '../deps.ts'
import { healthRouter } from '../health/health-router.ts'
import type { ReadinessProbe } from '../health/readiness.ts'
import { allowedMethods } from '../http/allowed-methods.ts'
import { ApiError } from '../http/api-error.ts'
import { docsRouter } from '../http/docs.ts'
import { COMPRESS_THRESHOLD_BYTES } from '../http/encoded-answer.ts'
import { mountRoutes } from '../http/mount.ts'
import { buildOpenApi } from '../http/openapi.ts'
import type { RouteDef } from '../http/route.ts'
import { type ApiMetrics, createApiMetrics } from '../metrics/metrics.ts'
import { metricsRouter } from '../metrics/metrics-router.ts'
import { apiRoutes, devRoutes } from '../routes/index.ts'
import { originCheck } from '../security/origin-check.ts'
import { spaStatic } from '../static/spa-static.ts'
import { sessionViewer } from '../viewer/session-viewer.ts'
import { type ViewerResolver, visitorsOnly } from '../viewer/viewer.ts'
import { oldToolsHostRedirect } from './old-tools-host.ts'
import { errorEnvelope, requestContext, securityHeaders } from './request-context.ts'

export const API_VERSION = '0.1.0'

/** Error codes of a response whose client disconnected before it was written whole. */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'])

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
  /**
   * Serve /metrics on this app (default). false when METRICS_PORT gives it a listener of its own
   * (createMetricsApp), off the public port.
   */
  readonly serveMetrics?: boolean
  /** The site is served over https (PUBLIC_URL): browsers are told to keep to it (HSTS). */
  readonly strictTransportSecurity?: boolean
  /** The built SPA (web/dist); omitted, only the API is served. */
  readonly staticDir?: string
  /** false: pages go out as the SPA's index.html even when the build has the server-side render. */
  readonly serverRender?: boolean
  /**
   * Host names of the old tools site (OLD_TOOLS_HOSTS) and where they now lead (PUBLIC_URL): such a
   * request is redirected (301) there with its path and query, before anything else.
   */
  readonly oldToolsHosts?: { readonly hosts: readonly string[]; readonly siteUrl: string }
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
  // Errors Koa meets outside the middleware (a response stream the client closed half-way) go to the
  // app's logger instead of Koa's default console.error stack; a client leaving mid-response is routine.
  app.on('error', (err: unknown) => {
    const code = (err as { code?: unknown } | null)?.code
    if (typeof code === 'string' && CLIENT_GONE.has(code)) {
      options.logger.debug({ err }, 'client went away before the response ended')
    } else options.logger.error({ err }, 'response failed after it started')
  })
  const metrics = options.metrics ?? createApiMetrics()
  const routes = [...(options.routes ?? apiRoutes), ...(options.devRoutes ? devRoutes : [])]
  app.use(requestContext(options.logger, metrics))
  // Google's script and frame are allowed only where Google sign-in is configured, the code library's
  // frame only where it is.
  app.use(
    securityHeaders({
      googleSignIn: options.deps?.accounts?.google != null,
      strictTransportSecurity: options.strictTransportSecurity ?? false,
      ...(options.deps?.codeLibraryUrl && { codeLibraryOrigin: new URL(options.deps.codeLibraryUrl).origin }),
    }),
  )
  // An old tools host leaves at once, with the security headers (and the request's log line) only.
  if (options.oldToolsHosts && options.oldToolsHosts.hosts.length > 0) {
    app.use(oldToolsHostRedirect(options.oldToolsHosts))
  }
  app.use(compress({ threshold: COMPRESS_THRESHOLD_BYTES }))
  app.use(errorEnvelope())
  // The public API's budgets and RateLimit-* headers, on every /api answer (403s, 404s and 405s too);
  // the server render's own calls are charged to the page's client.
  const renderPass = createRenderPass()
  if (options.deps?.accounts) app.use(apiRateLimit(options.deps.accounts, renderPass))
  app.use(originCheck(options.allowedOrigins ?? []))
  const health = healthRouter(options.readiness)
  app.use(health.routes())
  if (options.serveMetrics !== false) app.use(metricsRouter(metrics).routes())
  if (options.deps) {
    const accounts = options.deps.accounts
    const docs = docsRouter(() =>
      buildOpenApi(routes, {
        version: API_VERSION,
        ...(accounts && {
          limits: {
            anonymous: accounts.limits.api,
            keyed: accounts.limits.apiKey,
            keysPerUser: accounts.apiKeys.cap,
          },
        }),
      }),
    )
    app.use(docs.routes())
    mountRoutes(app, routes, {
      deps: options.deps,
      viewer: options.viewer ?? (options.deps.accounts ? sessionViewer(options.deps.accounts) : visitorsOnly),
      ...(options.validateResponses !== undefined && { validateResponses: options.validateResponses }),
      ...(options.onValidResponse && { onValidResponse: options.onValidResponse }),
    })
  }
  // A known path asked with another method: 405 (after every router, before the 404s).
  app.use(allowedMethods())
  app.use((ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') throw noRoute(ctx)
    return next()
  })
  if (options.staticDir) {
    app.use(
      spaStatic(options.staticDir, {
        serverRender:
          options.serverRender === false
            ? undefined
            : { logger: options.logger, forwardHeaders: renderPass.headersFor },
      }),
    )
  }
  app.use((ctx) => {
    throw noRoute(ctx)
  })
  return app
}

const noRoute = (ctx: Koa.Context) => ApiError.notFound(`No route for ${ctx.method} ${ctx.path}`)
