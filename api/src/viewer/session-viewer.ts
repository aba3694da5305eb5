import type { Accounts } from '../accounts/accounts.ts'
import { readSessionCookie } from '../accounts/session-cookie.ts'
import { effectiveRole, permissionsOf } from '../accounts/session-user.ts'
import type { AuthenticatedKey } from '../api-keys/api-keys.ts'
import { API_KEY_STATE } from '../api-keys/api-rate-limit.ts'
import type { Viewer, ViewerResolver } from './viewer.ts'

/**
 * A signed-in user from the session cookie (an unknown or expired one is a visitor), or the owner of
 * the API key the call was made with (apiRateLimit checked it). A key acts with its owner's stored role
 * and never more: no simulated role, and no `account`, so the account calls (which read the session)
 * refuse it.
 */
export function sessionViewer(accounts: Accounts): ViewerResolver {
  return async (ctx) => {
    const cached = ctx.state.viewer as Viewer | undefined
    if (cached) return cached
    const key = ctx.state[API_KEY_STATE] as AuthenticatedKey | undefined
    if (key) {
      const viewer: Viewer = {
        kind: 'user',
        userId: key.user.id,
        role: key.user.role,
        permissions: permissionsOf(key.user.role),
      }
      ctx.state.viewer = viewer
      return viewer
    }
    const sessionId = readSessionCookie(ctx, accounts.cookie)
    const resolved = sessionId ? await accounts.auth.resolve(sessionId) : null
    let viewer: Viewer = { kind: 'visitor' }
    if (resolved) {
      const role = effectiveRole(resolved.user, resolved.session)
      viewer = {
        kind: 'user',
        userId: resolved.user.id,
        role,
        permissions: permissionsOf(role),
        account: resolved,
      }
    }
    ctx.state.viewer = viewer
    return viewer
  }
}
