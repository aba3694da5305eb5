import { createApiApp, listen } from '@ludex/api'
import type { MetricsListener } from '../metrics-listener.ts'
import type { RoleComponent, RoleContext } from './component.ts'

export interface HealthServerComponent extends RoleComponent {
  readonly url: string
}

/**
 * /healthz, /readyz and Prometheus /metrics (unless METRICS_PORT moves it) on HEALTH_PORT, for a process without the API. Started
 * first, so an orchestrator sees the process alive while it connects, and stopped last.
 */
export async function startHealthServer(
  ctx: RoleContext,
  metrics: MetricsListener['appOptions'],
): Promise<HealthServerComponent> {
  const { config, logger } = ctx
  const server = await listen(
    createApiApp({
      logger: logger.child({ component: 'health' }),
      readiness: ctx.readiness.probe,
      ...metrics,
    }),
    config.HOST,
    config.HEALTH_PORT,
  )
  logger.info({ url: server.url }, 'health and metrics server listening')
  return { url: server.url, stop: () => server.close() }
}
