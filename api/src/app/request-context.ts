import { randomUUID } from 'node:crypto'
import { PARTIAL_FROM_HEADER } from '@ludex/schemas'
import type { Middleware } from 'koa'
import type { Logger } from 'pino'
import { ApiError } from '../http/api-error.ts'
import { type ApiMetrics, routeLabel } from '../metrics/metrics.ts'
import { HISTORY_START_HEADER } from '../viewer/history-window.ts'

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
      const route = routeLabel(ctx)
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
      // An error holds no history: a start or a period in progress announced before the failure does
      // not describe it.
      ctx.remove(HISTORY_START_HEADER)
      ctx.remove(PARTIAL_FROM_HEADER)
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

/** Where Google Identity Services loads from: its script, its button's frame, its styles and calls. */
export const GOOGLE_SIGN_IN_SOURCES = {
  script: 'https://accounts.google.com/gsi/client',
  frame: 'https://accounts.google.com/gsi/',
  style: 'https://accounts.google.com/gsi/style',
  connect: 'https://accounts.google.com/gsi/',
} as const

export interface SecurityHeaderOptions {
  /**
   * Google sign-in is configured: the policy lets the sign-in screen load Google's script and its
   * button's frame, and popups the page opens (Google's account chooser) keep their opener to report
   * back. Otherwise nothing from outside is allowed to run.
   */
  readonly googleSignIn?: boolean
  /**
   * The site is reached over https (PUBLIC_URL): Strict-Transport-Security tells browsers to use
   * nothing else for a year. Never sent for an http site, where it would be ignored or, behind a
   * proxy that adds TLS later, pin a host that cannot yet answer over https.
   */
  readonly strictTransportSecurity?: boolean
  /**
   * The code library's origin (CODE_LIBRARY_URL): the one other site the app may show in a frame (the
   * /code-library page). Nothing else can be framed.
   */
  readonly codeLibraryOrigin?: string
}

/** The Content-Security-Policy header's value (DESIGN §5). */
export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const google = options.googleSignIn === true
  const sources = (own: string, extra: string | undefined) => (google && extra ? `${own} ${extra}` : own)
  const frames = [
    ...(google ? [GOOGLE_SIGN_IN_SOURCES.frame] : []),
    ...(options.codeLibraryOrigin ? [options.codeLibraryOrigin] : []),
  ]
  return [
    "default-src 'self'",
    "img-src 'self' data: https:",
    `style-src ${sources("'self' 'unsafe-inline'", GOOGLE_SIGN_IN_SOURCES.style)}`,
    `script-src ${sources("'self'", GOOGLE_SIGN_IN_SOURCES.script)}`,
    `connect-src ${sources("'self'", GOOGLE_SIGN_IN_SOURCES.connect)}`,
    ...(frames.length > 0 ? [`frame-src 'self' ${frames.join(' ')}`] : []),
    "frame-ancestors 'none'",
    // No <base> may move relative URLs elsewhere, forms post only here, and no plugins.
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/**
 * Browser features the app never uses, off for it and for anything it embeds: a script that got in
 * despite the CSP still gets no camera, location or payment sheet. The clipboard (copy actions) and
 * the identity features Google sign-in relies on keep their defaults. Only features Chromium knows:
 * an unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ')

/** One year, subdomains included: the value HSTS preload lists ask for, without opting into them. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

/** Security headers on every response (DESIGN §5). */
export function securityHeaders(options: SecurityHeaderOptions = {}): Middleware {
  const csp = contentSecurityPolicy(options)
  // Google's account chooser is a popup that reports back to its opener; 'same-origin' would cut it off.
  const opener = options.googleSignIn ? 'same-origin-allow-popups' : 'same-origin'
  return async (ctx, next) => {
    await next()
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('X-Frame-Options', 'DENY')
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    ctx.set('Cross-Origin-Opener-Policy', opener)
    ctx.set('Content-Security-Policy', csp)
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY)
    if (options.strictTransportSecurity) ctx.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
  }
}
