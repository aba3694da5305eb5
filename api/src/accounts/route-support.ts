import type { Context } from 'koa'
import type { ApiDeps } from '../deps.ts'
import { ApiError } from '../http/api-error.ts'
import {
  forgiveEmail,
  type GuardedAttempt,
  guardAttempt,
  RateLimitedError,
} from '../security/attempt-guard.ts'
import type { RateRule } from '../security/rate-limiter.ts'
import type { Viewer } from '../viewer/viewer.ts'
import type { Accounts } from './accounts.ts'
import type { ResolvedSession } from './auth-service.ts'
import { normalizeEmail } from './users.ts'

/** The rate-limited calls, each with budgets of its own. */
export type RateLimitedCall =
  | 'login'
  | 'register'
  | 'password-reset'
  | 'resend'
  | 'site-events'
  | 'error-reports'
/** The calls counted per email too. */
const EMAIL_LIMITED_CALLS: readonly RateLimitedCall[] = ['login', 'register', 'password-reset']

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
 * Lets one attempt at a rate-limited call through its budgets (per client address and, when given, per
 * email; see guardAttempt), or answers 429 with Retry-After. Sign-in calls settle the attempt with
 * `succeeded()` when it was not a failure.
 */
export async function limitAttempt(
  ctx: Context,
  accounts: Accounts,
  call: RateLimitedCall,
  rule: RateRule,
  email?: string,
): Promise<GuardedAttempt> {
  try {
    return await guardAttempt(accounts.limiter, call, rule, {
      address: ctx.ip,
      ...(email !== undefined && { email: normalizeEmail(email) }),
    })
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err
    ctx.set('Retry-After', String(err.retryAfterSeconds))
    throw new ApiError(429, 'rate_limited', 'Too many attempts: try again later', undefined, { cause: err })
  }
}

/** The owner of `email` proved the mailbox: failures and requests counted against it are forgotten. */
export async function forgiveAccount(accounts: Accounts, email: string): Promise<void> {
  const normalized = normalizeEmail(email)
  for (const call of EMAIL_LIMITED_CALLS) await forgiveEmail(accounts.limiter, call, normalized)
}

export function clientIp(ctx: Context): string | null {
  return ctx.ip || null
}
