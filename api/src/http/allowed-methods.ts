import type { Middleware } from 'koa'
import { ApiError } from './api-error.ts'

interface MatchedLayer {
  readonly methods: readonly string[]
}

/**
 * Goes after every router: a request that reaches it was served by none, so if some route has its
 * path (koa-router's `ctx.matched`, gathered across routers), the method is what is wrong: 405 with
 * `Allow`, and OPTIONS is answered with `Allow` alone. Any method counts, those koa-router does not
 * know too (TRACE, PROPFIND): its own allowedMethods calls them 501, a server error, and logs a stack.
 * Paths no route has go on to the 404s.
 */
export function allowedMethods(): Middleware {
  return async (ctx, next) => {
    const matched = (ctx as { matched?: readonly MatchedLayer[] }).matched ?? []
    const allowed = [...new Set(matched.flatMap((layer) => layer.methods))].sort()
    if (allowed.length === 0) return next()
    const allow = allowed.join(', ')
    ctx.set('Allow', allow)
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204
      return
    }
    throw new ApiError(
      405,
      'method_not_allowed',
      `${ctx.method} is not allowed here; this path takes ${allow}`,
    )
  }
}
