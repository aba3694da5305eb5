import type { QueryClient } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { Navigate, redirect } from 'react-router'
import { deniedTarget, mayOpen, type PageAccess } from './page-access.ts'
import { restoreSession } from './session.ts'
import { useViewer } from './viewer.ts'

/**
 * A page loader's access check (part 2 §2.1): once the session is restored, a viewer who may not open
 * the page is redirected (a visitor from a compare page to /overview; anyone without the staff role or
 * the permission of a tool to /).
 */
export async function requireAccess(queryClient: QueryClient, access: PageAccess): Promise<void> {
  if (access !== 'open' && !mayOpen(await restoreSession(queryClient), access)) {
    throw redirect(deniedTarget(access))
  }
}

/**
 * The same check while the page is on show: a viewer who loses access there (an admin simulating a
 * viewer, a sign-out) is sent where the loader would have sent them. Returns the redirect to render,
 * or null.
 */
export function useAccessRedirect(access: PageAccess): ReactElement | null {
  const viewer = useViewer()
  return mayOpen(viewer, access) ? null : <Navigate replace to={deniedTarget(access)} />
}
