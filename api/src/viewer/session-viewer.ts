import type { Accounts } from '../accounts/accounts.ts'
import { readSessionCookie } from '../accounts/session-cookie.ts'
import { effectiveRole, permissionsOf } from '../accounts/session-user.ts'
import type { Viewer, ViewerResolver } from './viewer.ts'

/** A signed-in user from the session cookie (an unknown or expired one is a visitor). */
export function sessionViewer(accounts: Accounts): ViewerResolver {
  return async (ctx) => {
    const cached = ctx.state.viewer as Viewer | undefined
    if (cached) return cached
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
