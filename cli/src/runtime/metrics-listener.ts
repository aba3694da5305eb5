import { type ApiMetrics, createApiMetrics, createMetricsApp, listen } from '@ludex/api'
import type { Config } from '@ludex/schemas'
import type { Logger } from 'pino'

/** Where this process's /metrics goes: the createApiApp options to spread, and what to close on stop. */
export interface MetricsListener {
  /** For createApiApp: the registry, and whether the app on PORT (or HEALTH_PORT) serves /metrics. */
  readonly appOptions: { readonly metrics: ApiMetrics; readonly serveMetrics: boolean }
  /** The /metrics address on METRICS_PORT, or null when it is served with the rest. */
  readonly url: string | null
  close(): Promise<void>
}

/**
 * With METRICS_PORT, /metrics gets a listener of its own (on HOST) and the app on PORT leaves it out;
 * without, nothing is started and the app serves it as before. Every process that starts a
 * createApiApp (the API, or a role's health server) calls this once, before it.
 */
export async function startMetricsListener(
  config: Pick<Config, 'HOST' | 'METRICS_PORT'>,
  logger: Logger,
  metrics: ApiMetrics = createApiMetrics(),
): Promise<MetricsListener> {
  if (config.METRICS_PORT === undefined) {
    return { appOptions: { metrics, serveMetrics: true }, url: null, close: async () => {} }
  }
  const server = await listen(
    createMetricsApp({ metrics, logger: logger.child({ component: 'metrics' }) }),
    config.HOST,
    config.METRICS_PORT,
  )
  const url = `${server.url}/metrics`
  logger.info({ url }, 'metrics listening on their own port')
  return { appOptions: { metrics, serveMetrics: false }, url, close: () => server.close() }
}
