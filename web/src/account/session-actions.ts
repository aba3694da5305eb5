import type { SessionUser } from '@ludex/schemas'
import type { Query, QueryClient } from '@tanstack/react-query'
import { apiSend } from '../api/client.ts'
import { SESSION_QUERY_KEY } from '../api/queries.ts'
import { forgetAccountTokens } from './account-token.ts'

const notSession = (q: Query) => q.queryKey[0] !== SESSION_QUERY_KEY[0]

/**
 * Starts the app's view of a new session (signed in, or a visitor after signing out): every cached
 * answer is cleared (part 1 §4) — a visitor's were clamped to 30 days, a user's may hold the users list
 * or other staff data. Queries on screen refetch; the rest are dropped. The session query itself is
 * updated in place, so everything reading the viewer re-renders.
 */
export function applySession(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, user)
  queryClient.removeQueries({ type: 'inactive', predicate: notSession })
  void queryClient.resetQueries({ type: 'active', predicate: notSession })
}

/** Sign Out: revokes the session on the server, then forgets everything cached (even if the call failed). */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    // A view-state change still waiting for its save goes out while the session holds (the saving
    // code is loaded already when there is one; otherwise this is a no-op).
    await import('./preferences-save.ts').then(
      (m) => m.flushPreferences(queryClient),
      () => undefined,
    )
    await apiSend('POST', '/api/auth/logout', undefined, 'okResponse')
  } finally {
    forgetAccountTokens()
    applySession(queryClient, null)
  }
}

/** Admins cycle the simulated role (admin → editor → viewer → admin); answers the session as it now is. */
export async function simulateNextRole(queryClient: QueryClient): Promise<SessionUser> {
  const user = await apiSend('POST', '/api/auth/simulate-role', undefined, 'sessionUser')
  queryClient.setQueryData(SESSION_QUERY_KEY, user)
  // Staff data loaded under the previous role is not the new role's to see.
  queryClient.removeQueries({ queryKey: ['users'] })
  return user
}
