import type { Middleware } from 'koa'
import { ApiError } from '../http/api-error.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function originOf(value: string): string | null {
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

/**
 * CSRF defence for cookie sessions (DESIGN §5): a state-changing /api call from a browser must come from
 * the site itself (its own origin, PUBLIC_URL's, or one of ALLOWED_ORIGINS). Browsers send Origin on
 * every cross-site POST/PUT/DELETE; without Origin the Referer is read; a call with neither is not from
 * a browser page (curl, server-to-server) and carries no ambient cookie risk, unless the browser says it
 * is cross-site.
 */
export function originCheck(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins.map((o) => originOf(o)).filter((o): o is string => o !== null))
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || !ctx.path.startsWith('/api/')) return next()
    const self = `${ctx.protocol}://${ctx.host}`
    const ok = (origin: string | null) => origin !== null && (origin === self || allowed.has(origin))
    const origin = ctx.get('Origin')
    const referer = ctx.get('Referer')
    let verdict: boolean
    if (origin) verdict = origin !== 'null' && ok(originOf(origin))
    else if (referer) verdict = ok(originOf(referer))
    else verdict = ctx.get('Sec-Fetch-Site') !== 'cross-site'
    if (!verdict) {
      throw new ApiError(403, 'forbidden_origin', 'This request did not come from an allowed origin')
    }
    return next()
  }
}
