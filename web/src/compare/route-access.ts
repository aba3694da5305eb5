import type { QueryClient } from '@tanstack/react-query'
import { redirect } from 'react-router'
import { viewNow } from '../experience/chart-view.ts'
import { deniedTarget, mayOpen } from '../shell/page-access.ts'
import { restoreSession } from '../shell/session.ts'

export interface CompareLoaderData {
  /** The minute the charts' first view ends at (viewNow). */
  readonly now: number
}

/** The compare pages' loader: signed-in users only, a visitor is sent to /overview (part 2 §2.1). */
export async function compareLoader(queryClient: QueryClient): Promise<CompareLoaderData> {
  if (!mayOpen(await restoreSession(queryClient), 'signed-in')) throw redirect(deniedTarget('signed-in'))
  return { now: viewNow() }
}
