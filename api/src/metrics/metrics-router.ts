import Router from '@koa/router'
import type { ApiMetrics } from './metrics.ts'

/** GET /metrics: the registry in Prometheus' text format, never cached. */
export function metricsRouter(metrics: ApiMetrics): Router {
  const router = new Router()
  router.get('/metrics', async (ctx) => {
    ctx.type = metrics.registry.contentType
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await metrics.registry.metrics()
  })
  return router
}
