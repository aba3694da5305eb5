import Koa from 'koa'
import type { Logger } from 'pino'
import { errorEnvelope } from '../app/request-context.ts'
import { allowedMethods } from '../http/allowed-methods.ts'
import { ApiError } from '../http/api-error.ts'
import type { ApiMetrics } from './metrics.ts'
import { metricsRouter } from './metrics-router.ts'

/**
 * What METRICS_PORT serves: GET /metrics alone, so the public port can leave it out (createApiApp's
 * `serveMetrics: false`). Scrapes are not API traffic: no request metrics and no request log lines;
 * only a failure is logged.
 */
export function createMetricsApp(options: { metrics: ApiMetrics; logger: Logger }): Koa {
  const app = new Koa()
  const router = metricsRouter(options.metrics)
  app.use((ctx, next) => {
    ctx.state.log = options.logger
    return next()
  })
  app.use(errorEnvelope())
  app.use(router.routes())
  app.use(allowedMethods())
  app.use((ctx) => {
    throw ApiError.notFound(`No route for ${ctx.method} ${ctx.path}`)
  })
  return app
}
