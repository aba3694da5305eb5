import type { Middleware } from 'koa'
import { ApiError } from './api-error.ts'

interface MatchedLayer {
  readonly methods: readonly string[]
  readonly paramNames: readonly unknown[]
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
    // A literal path is its own resource: /api/users/me takes what its routes take, not also what
    // /api/users/{id} does (which the address matches too). The layers with the fewest parameters win.
    const fewest = Math.min(...matched.map((layer) => layer.paramNames.length))
    const own = matched.filter((layer) => layer.paramNames.length === fewest)
    const allowed = [...new Set(own.flatMap((layer) => layer.methods))].sort()
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
