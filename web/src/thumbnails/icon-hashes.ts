import { THUMBNAIL_BULK_MAX } from '@ludex/schemas'
import { type QueryClient, useQueries } from '@tanstack/react-query'
import { useCallback, useDeferredValue, useMemo } from 'react'
import { idChunks } from '../api/id-chunks.ts'
import { api } from '../api/queries.ts'
import { useHeldUntilHydrated } from '../app/hydration/HydrationBoundary.tsx'

/**
 * The bulk calls that fetch the icons of a list of places: distinct ids in their order, at most
 * THUMBNAIL_BULK_MAX per call. A loader's prefetch and the page's hook cut the list the same way, so
 * they share their cache entries.
 */
export const iconChunks = (placeIds: readonly number[]): number[][] => idChunks(placeIds, THUMBNAIL_BULK_MAX)

/** Starts loading the icons of a page's places (not awaited: a page shows spinners until they are there). */
export function prefetchIcons(queryClient: QueryClient, placeIds: readonly number[]): void {
  for (const chunk of iconChunks(placeIds)) void queryClient.prefetchQuery(api.thumbnails(chunk, 'Icon'))
}

/**
 * The icon hash of each place, for lists longer than one bulk call: undefined while its call is
 * loading (a spinner), 'default' when the service answered without it (the default image). Deferred:
 * the icons usually land as a page hydrates, and a list's worth of them is drawn as a transition, in
 * slices, rather than in one long task.
 */
export function useIconHashes(placeIds: readonly number[]): ReadonlyMap<number, string> {
  const chunks = useMemo(() => iconChunks(placeIds), [placeIds])
  const combine = useCallback(
    (results: readonly { data?: readonly { place_id: number; hash: string }[]; isFetched: boolean }[]) => {
      const hashes = new Map<number, string>()
      results.forEach((r, i) => {
        for (const t of r.data ?? []) hashes.set(t.place_id, t.hash)
        if (r.isFetched) for (const id of chunks[i] ?? []) if (!hashes.has(id)) hashes.set(id, 'default')
      })
      return hashes
    },
    [chunks],
  )
  // Held while the page hydrates: icons landing meanwhile would differ from the server's markup.
  return useHeldUntilHydrated(
    useDeferredValue(useQueries({ queries: chunks.map((chunk) => api.thumbnails(chunk, 'Icon')), combine })),
  )
}
