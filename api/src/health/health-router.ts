import Router from '@koa/router'
import { type ReadinessProbe, readinessOf } from './readiness.ts'

/** /healthz answers while the process runs; /readyz only once every part reports ready (503 before). */
export function healthRouter(probe: ReadinessProbe): Router {
  const router = new Router()
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { status: 'ok' }
  })
  router.get('/readyz', async (ctx) => {
    const readiness = await readinessOf(probe)
    ctx.set('Cache-Control', 'no-store')
    ctx.status = readiness.ready ? 200 : 503
    ctx.body = readiness
  })
  return router
}
