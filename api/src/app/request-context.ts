import { randomUUID } from 'node:crypto'
import type { Middleware } from 'koa'
import type { Logger } from 'pino'
import { ApiError } from '../http/api-error.ts'
import type { ApiMetrics } from '../metrics/metrics.ts'

/** A request id (honouring a sane incoming X-Request-Id), a child logger, and one log line per request. */
export function requestContext(logger: Logger, metrics?: ApiMetrics): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id')
    const id = /^[A-Za-z0-9._-]{1,64}$/.test(incoming) ? incoming : randomUUID()
    ctx.set('X-Request-Id', id)
    const log = logger.child({ reqId: id })
    ctx.state.log = log
    const started = performance.now()
    try {
      await next()
    } finally {
      const ms = performance.now() - started
      // The route template, never the raw path: ids in paths would explode the label set.
      const route =
        (ctx as { _matchedRoute?: string })._matchedRoute ?? (ctx.status === 404 ? 'unmatched' : ctx.path)
      metrics?.requestSeconds.observe({ method: ctx.method, route, status: String(ctx.status) }, ms / 1000)
      metrics?.responses.inc({ route, status: String(ctx.status) })
      log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms) }, 'request')
    }
  }
}

/** Errors become the API envelope; stack traces go to the log, never to the client. */
export function errorEnvelope(): Middleware {
  return async (ctx, next) => {
    try {
      await next()
    } catch (err) {
      if (err instanceof ApiError) {
        ctx.status = err.status
        ctx.body = {
          error: { code: err.code, message: err.message, ...(err.details && { details: err.details }) },
        }
        return
      }
      const status =
        typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500
      ctx.status = status
      ctx.body = {
        error: {
          code: status >= 500 ? 'internal' : 'bad_request',
          message:
            status >= 500 ? 'Internal server error' : err instanceof Error ? err.message : 'Bad request',
        },
      }
      if (status >= 500) (ctx.state.log as Logger | undefined)?.error({ err }, 'request failed')
    }
  }
}

/** Security headers on every response (DESIGN §5). */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    await next()
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('X-Frame-Options', 'DENY')
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin')
    ctx.set(
      'Content-Security-Policy',
      "default-src 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    )
  }
}
