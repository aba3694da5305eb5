import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { deniedTarget, mayOpen } from '../shell/page-access.ts'
import { useViewer } from '../shell/viewer.ts'

/** A viewer who stops being signed in on a compare page (signing out) is sent where the loader sends visitors. */
export function CompareGuard({ children }: { children: ReactNode }) {
  const viewer = useViewer()
  if (!mayOpen(viewer, 'signed-in')) return <Navigate replace to={deniedTarget('signed-in')} />
  return <>{children}</>
}
