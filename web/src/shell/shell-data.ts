import type { QueryClient } from '@tanstack/react-query'
import { api } from '../api/queries.ts'

/** How long after a failed load of the shell data the next attempt starts (the spec says only 'scheduled'). */
export const SHELL_DATA_RETRY_MS = 30_000

type Schedule = (run: () => void, ms: number) => unknown

let pendingRetry = false

/**
 * Loads the data every page shares (part 1 §2, §4): the slim experience list and the creators (tags:
 * no tag API yet). It never blocks the shell and never throws: on failure the loading simply ends (the
 * queries are in error state, the pages show their empty states) and one reload is scheduled. Data
 * older than 10 minutes (SHELL_DATA_STALE_MS) is refetched the next time the shell loader runs.
 * Resolves when both loads have settled (tests await it; the loader does not).
 */
export function loadShellData(queryClient: QueryClient, schedule: Schedule = setTimeout): Promise<void> {
  const loads = [
    queryClient.ensureQueryData({ ...api.slimList(), revalidateIfStale: true }),
    queryClient.ensureQueryData({ ...api.creators(), revalidateIfStale: true }),
  ]
  return Promise.allSettled(loads).then((results) => {
    if (results.every((r) => r.status === 'fulfilled') || pendingRetry) return
    pendingRetry = true
    schedule(() => {
      pendingRetry = false
      void loadShellData(queryClient, schedule)
    }, SHELL_DATA_RETRY_MS)
  })
}

/** Whether a query key is one of the shell's data (what loadShellData loads). */
export function isShellDataQuery(queryKey: readonly unknown[]): boolean {
  const key = JSON.stringify(queryKey)
  return key === JSON.stringify(api.slimList().queryKey) || key === JSON.stringify(api.creators().queryKey)
}

/** For tests: forget a scheduled reload. */
export function resetShellDataRetry(): void {
  pendingRetry = false
}
