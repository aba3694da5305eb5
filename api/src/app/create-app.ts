import Koa from 'koa'
import type { Logger } from 'pino'
import { healthRouter } from '../health/health-router.ts'
import type { ReadinessProbe } from '../health/readiness.ts'
import { spaStatic } from '../static/spa-static.ts'
import { errorEnvelope, requestContext, securityHeaders } from './request-context.ts'

export interface ApiAppOptions {
  readonly logger: Logger
  readonly readiness: ReadinessProbe
  /** The built SPA (web/dist); omitted, only the API is served. */
  readonly staticDir?: string
}

export function createApiApp(options: ApiAppOptions): Koa {
  const app = new Koa()
  app.proxy = false
  app.use(requestContext(options.logger))
  app.use(securityHeaders())
  app.use(errorEnvelope())
  const health = healthRouter(options.readiness)
  app.use(health.routes())
  app.use(health.allowedMethods())
  if (options.staticDir) app.use(spaStatic(options.staticDir))
  app.use((ctx) => {
    ctx.status = 404
    ctx.body = { error: { code: 'not_found', message: `No route for ${ctx.method} ${ctx.path}` } }
  })
  return app
}
