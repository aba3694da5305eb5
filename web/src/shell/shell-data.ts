import type { QueryClient } from '@tanstack/react-query'
import { api } from '../api/queries.ts'

/** How long after a failed load of the shell data the next attempt starts (the spec says only 'scheduled'). */
export const SHELL_DATA_RETRY_MS = 30_000

type Schedule = (run: () => void, ms: number) => unknown

/**
 * Loads the data every page shares (part 1 §2, §4): the tags the viewer may see. The slim experience
 * list and the creators are no longer part of it (issue 19 point 4, DESIGN §8): both grow with the
 * platform (at 100,000 experiences some 28 MB and 5 MB of JSON), so the pages ask the server for what
 * they show (the search, the paged list, lookups by id, an experience's creator: api/queries.ts), and
 * only the creators page loads every creator. One attempt, no
 * timer: what a server render does. It never throws: on failure the query is in error state and the
 * pages show their empty states (part 2 §8: a tag list that fails to load is an empty list). Data
 * older than 10 minutes (SHELL_DATA_STALE_MS) is refetched the next time the shell loader runs.
 * Resolves to whether it loaded.
 */
export async function loadShellData(queryClient: QueryClient): Promise<boolean> {
  const results = await Promise.allSettled([
    queryClient.ensureQueryData({ ...api.tags(), revalidateIfStale: true }),
  ])
  return results.every((r) => r.status === 'fulfilled')
}

/**
 * The browser's shell-data loader, one per app (main.tsx): each call loads as loadShellData does, and a
 * failure schedules one reload, not one per failed call. The pending reload is this loader's own state,
 * so nothing of it outlives the app or reaches another client. Resolves when every load has settled
 * (tests and the hydration await it; the shell's loader does not).
 */
export function createShellDataLoader(
  queryClient: QueryClient,
  schedule: Schedule = setTimeout,
): () => Promise<void> {
  let pendingRetry = false
  const load = async (): Promise<void> => {
    if ((await loadShellData(queryClient)) || pendingRetry) return
    pendingRetry = true
    schedule(() => {
      pendingRetry = false
      void load()
    }, SHELL_DATA_RETRY_MS)
  }
  return load
}
