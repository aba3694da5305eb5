import type { Context } from 'koa'
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

/**
 * The `route` label of requests no router matched. A label value is a series for the life of the
 * process, so it must come from a fixed set: route templates, and these, never a path from a request
 * (any client could otherwise add series, and memory, at will).
 */
export const ROUTE_LABELS = {
  /** A page of the SPA (rendered or index.html), whatever its path. */
  spa: 'spa',
  /** A file of the web build (scripts, styles, images). */
  static: 'static',
  /** Everything else: unknown paths, methods a path does not take. */
  unmatched: 'unmatched',
} as const
export type RouteLabel = (typeof ROUTE_LABELS)[keyof typeof ROUTE_LABELS]

/** Marks how a request outside the routers was served (the SPA middleware does). */
export function labelRoute(ctx: Context, label: RouteLabel): void {
  ctx.state.routeLabel = label
}

/** The `route` label of a finished request: its route template, or one of ROUTE_LABELS. */
export function routeLabel(ctx: Context): string {
  return (
    (ctx as { _matchedRoute?: string })._matchedRoute ??
    (ctx.state.routeLabel as RouteLabel | undefined) ??
    ROUTE_LABELS.unmatched
  )
}
