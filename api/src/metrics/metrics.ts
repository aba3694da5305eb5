import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/** Prometheus metrics of the API process (one registry per app: no global default registry). */
export interface ApiMetrics {
  readonly registry: Registry
  readonly requestSeconds: Histogram<'method' | 'route' | 'status'>
  readonly responses: Counter<'route' | 'status'>
}

export function createApiMetrics(options: { collectDefaults?: boolean } = {}): ApiMetrics {
  const registry = new Registry()
  if (options.collectDefaults !== false) collectDefaultMetrics({ register: registry, prefix: 'ludex_' })
  return {
    registry,
    requestSeconds: new Histogram({
      name: 'ludex_api_request_seconds',
      help: 'API latency by route template',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    responses: new Counter({
      name: 'ludex_api_responses_total',
      help: 'API responses by route template and status',
      labelNames: ['route', 'status'],
      registers: [registry],
    }),
  }
}
