import type { Context } from 'koa'
import type { ApiDeps } from '../deps.ts'
import { ApiError } from '../http/api-error.ts'
import type { Viewer } from '../viewer/viewer.ts'
import type { Accounts, RateRule } from './accounts.ts'
import type { ResolvedSession } from './auth-service.ts'
import { normalizeEmail } from './users.ts'

/** The account wiring; a server started without an app database answers 503 to account calls. */
export function accountsOf(deps: ApiDeps): Accounts {
  if (!deps.accounts)
    throw new ApiError(503, 'accounts_unavailable', 'Accounts are not enabled on this server')
  return deps.accounts
}

/** The signed-in viewer's stored user and session (routes with `requires` only reach here signed in). */
export function accountOf(viewer: Viewer): ResolvedSession {
  if (viewer.kind !== 'user' || !viewer.account) {
    throw new ApiError(401, 'unauthenticated', 'Sign in to use this call')
  }
  return viewer.account
}

/**
 * Counts one attempt against the call's limit, per client address and (when given) per email; over
 * either, 429 with Retry-After.
 */
export async function limitAttempt(
  ctx: Context,
  accounts: Accounts,
  call: string,
  rule: RateRule,
  email?: string,
): Promise<void> {
  const keys = [`${call}:ip:${ctx.ip}`, ...(email ? [`${call}:email:${normalizeEmail(email)}`] : [])]
  for (const key of keys) {
    const decision = await accounts.limiter.attempt(key, rule.limit, rule.windowMs)
    if (!decision.allowed) {
      ctx.set('Retry-After', String(decision.retryAfterSeconds))
      throw new ApiError(429, 'rate_limited', 'Too many attempts: try again later')
    }
  }
}

export function clientIp(ctx: Context): string | null {
  return ctx.ip || null
}
