import type { Permission } from '@ludex/schemas'
import { canUseTools, hasPermission, type Viewer } from './viewer.ts'

/**
 * Who may open a page (part 2 §2.1): everyone; signed-in users (a visitor is sent to /overview: the
 * compare pages); editors and admins (the staff tools; anyone else is sent to /, as from /users); or
 * the holders of one permission (Event Credentials, Code Library; also sent to /).
 */
export type PageAccess = 'open' | 'signed-in' | 'staff' | Permission

export function mayOpen(viewer: Viewer, access: PageAccess): boolean {
  if (access === 'open') return true
  if (access === 'signed-in') return viewer.kind === 'user'
  if (access === 'staff') return canUseTools(viewer)
  return hasPermission(viewer, access)
}

/** Where a viewer who may not open a page is sent. */
export function deniedTarget(access: PageAccess): string {
  return access === 'signed-in' ? '/overview' : '/'
}
