import { isStaffRole, type Permission, type Role, type SessionUser } from '@ludex/schemas'
import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useSyncExternalStore } from 'react'
import { SESSION_QUERY_KEY } from '../api/queries.ts'

/**
 * Who is looking at the app: a visitor, or a signed-in user with the role in effect (the simulated one
 * while an admin simulates). Pages branch on it: locks, 'Sign in to view', the promo modal, the Tools
 * group.
 */
export type Viewer = { kind: 'visitor' } | { kind: 'user'; role: Role; user: SessionUser }

export const VISITOR: Viewer = { kind: 'visitor' }

export function viewerOf(user: SessionUser | null | undefined): Viewer {
  return user ? { kind: 'user', role: user.role, user } : VISITOR
}

const isSessionKey = (key: readonly unknown[]) =>
  key[0] === SESSION_QUERY_KEY[0] && key[1] === SESSION_QUERY_KEY[1]

/**
 * The viewer of the restored session (the loaders restore it before any page shows). It reads the
 * session straight from the query cache rather than through useQuery: the shell needs no observer
 * machinery for a value that changes only when the app itself signs in or out, and its first load
 * stays lighter.
 */
export function useViewer(): Viewer {
  const queryClient = useQueryClient()
  // The server render reads the same cache (it is dehydrated into the page), so one getter serves both.
  const getUser = () => queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY)
  const user = useSyncExternalStore(
    (onChange) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (isSessionKey(event.query.queryKey)) onChange()
      }),
    getUser,
    getUser,
  )
  return useMemo(() => viewerOf(user), [user])
}

/** Editors and admins see the Tools group (part 1 §2, part 2 §6). */
export function canUseTools(viewer: Viewer): boolean {
  return viewer.kind === 'user' && isStaffRole(viewer.role)
}

export function hasPermission(viewer: Viewer, permission: Permission): boolean {
  return viewer.kind === 'user' && viewer.user.permissions.includes(permission)
}

/** 'First Last', or the email when both names are empty. */
export function displayName(user: Pick<SessionUser, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email
}
