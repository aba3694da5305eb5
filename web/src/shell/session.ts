import type { QueryClient } from '@tanstack/react-query'
import { api } from '../api/queries.ts'
import { VISITOR, type Viewer, viewerOf } from './viewer.ts'

/**
 * Restores the stored session before any page shows (part 1 §2, start-up): GET /api/auth/session,
 * whose `user` is null for a visitor. Cached for the app's life, so later loaders get it at once. A
 * failing server leaves a visitor rather than a dead app.
 */
export async function restoreSession(queryClient: QueryClient): Promise<Viewer> {
  try {
    return viewerOf(await queryClient.ensureQueryData(api.session()))
  } catch {
    return VISITOR
  }
}
