import { API_KEY_HEADER, API_KEY_SCHEME, EVENTS_PATH } from '@ludex/schemas'
import type { Context, Middleware } from 'koa'
import type { Accounts } from '../accounts/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { RateDecision, RateRule } from '../security/rate-limiter.ts'
import type { AuthenticatedKey } from './api-keys.ts'
import type { RenderPass } from './render-pass.ts'

/** Where the middleware leaves the key a call was made with, for the viewer (session-viewer.ts). */
export const API_KEY_STATE = 'apiKey'

/** The IETF draft's names (draft-ietf-httpapi-ratelimit-headers), on every /api answer. */
export const RATE_LIMIT_HEADERS = {
  limit: 'RateLimit-Limit',
  remaining: 'RateLimit-Remaining',
  reset: 'RateLimit-Reset',
  policy: 'RateLimit-Policy',
} as const

/** The key of `Authorization: Bearer <key>`; null without one (another scheme is not ours to read). */
export function presentedKey(ctx: Context): string | null {
  const value = ctx.get(API_KEY_HEADER).trim()
  const space = value.indexOf(' ')
  if (space < 0 || value.slice(0, space).toLowerCase() !== API_KEY_SCHEME.toLowerCase()) return null
  return value.slice(space + 1).trim()
}

function announce(ctx: Context, rule: RateRule, decision: RateDecision): void {
  ctx.set(RATE_LIMIT_HEADERS.limit, String(rule.limit))
  ctx.set(RATE_LIMIT_HEADERS.remaining, String(Math.max(0, rule.limit - decision.count)))
  ctx.set(RATE_LIMIT_HEADERS.reset, String(decision.resetSeconds))
  ctx.set(RATE_LIMIT_HEADERS.policy, `${rule.limit};w=${Math.round(rule.windowMs / 1000)}`)
}

/** Takes one call from the bucket, announcing the budget; over it, 429 with Retry-After. */
async function spend(ctx: Context, accounts: Accounts, bucket: string, rule: RateRule): Promise<void> {
  const decision = await accounts.limiter.take(bucket, rule)
  announce(ctx, rule, decision)
  if (!decision.allowed) {
    ctx.set('Retry-After', String(decision.retryAfterSeconds))
    throw new ApiError(
      429,
      'rate_limited',
      'Too many requests: see the RateLimit headers and try again later',
    )
  }
}

/**
 * The public API's budgets (issue 21.3), before any route: a call with `Authorization: Bearer <key>`
 * spends the key's budget (RATE_LIMIT_API_KEY) and is counted on the key's day; any other call spends
 * its client address's (RATE_LIMIT_API). An unknown or revoked key is a 401 and still costs its
 * address a call, so guessing keys is as slow as anything else. Signed event batches (POST /api/events)
 * come from game servers sharing addresses and have a budget per credential of their own, so they are
 * left out here. A server-side render's calls are charged to the page's client (render-pass.ts).
 */
export function apiRateLimit(accounts: Accounts, renderPass: RenderPass): Middleware {
  return async (ctx, next) => {
    if (!(ctx.path.startsWith('/api/') || ctx.path === '/api') || ctx.path === EVENTS_PATH) return next()
    const address = renderPass.clientOf(ctx) ?? ctx.ip
    const presented = presentedKey(ctx)
    if (presented === null) {
      await spend(ctx, accounts, `api:ip:${address}`, accounts.limits.api)
      return next()
    }
    const found = await accounts.apiKeys.authenticate(presented)
    if (!found) {
      await spend(ctx, accounts, `api:ip:${address}`, accounts.limits.api)
      ctx.set('WWW-Authenticate', `${API_KEY_SCHEME} error="invalid_token"`)
      throw new ApiError(401, 'invalid_api_key', 'This API key is unknown or has been revoked')
    }
    await spend(ctx, accounts, `api:key:${found.keyId}`, accounts.limits.apiKey)
    await accounts.apiKeys.countCall(found.keyId)
    ctx.state[API_KEY_STATE] = found satisfies AuthenticatedKey
    return next()
  }
}
