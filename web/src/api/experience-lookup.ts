import { EXPERIENCE_LOOKUP_MAX, type RankedExperience } from '@ludex/schemas'
import { type QueryClient, useQueries } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { idChunks, idsOfKey } from './id-chunks.ts'
import { api } from './queries.ts'

/*
 * The experiences a page knows by id (Top 100 movement, a ranking, the compare selection, a tag's
 * members, alerts, event credentials), asked for those ids only (GET /api/place/lookup) instead of
 * every tracked experience: issue 19 point 4.
 */

/** The lookups of a list of ids: distinct ids, at most EXPERIENCE_LOOKUP_MAX per call. */
export const lookupChunks = (placeIds: readonly number[]): number[][] =>
  idChunks(placeIds, EXPERIENCE_LOOKUP_MAX)

/** Starts the lookups (a loader's: not awaited; a server render waits for them within its budget). */
export function prefetchExperienceLookup(queryClient: QueryClient, placeIds: readonly number[]): void {
  for (const chunk of lookupChunks(placeIds)) void queryClient.prefetchQuery(api.experienceLookup(chunk))
}

/** Loads the lookups (a loader that draws nothing without them); a failure is the page's to show. */
export async function ensureExperienceLookup(
  queryClient: QueryClient,
  placeIds: readonly number[],
): Promise<void> {
  await Promise.all(
    lookupChunks(placeIds).map((chunk) =>
      queryClient.ensureQueryData(api.experienceLookup(chunk)).catch(() => undefined),
    ),
  )
}

export interface ExperienceLookup {
  /** The tracked experiences among the ids, by place id (an untracked id has none). */
  readonly byId: ReadonlyMap<number, RankedExperience>
  /** Some lookup has not answered yet (a failed one counts as answered: its ids stay unnamed). */
  readonly pending: boolean
}

/** The experiences of these ids, as their lookups answer. */
export function useExperienceLookup(placeIds: readonly number[]): ExperienceLookup {
  // By value: callers may pass a new array with the same ids on every render.
  const key = placeIds.join(',')
  const chunks = useMemo(() => lookupChunks(idsOfKey(key)), [key])
  const combine = useCallback(
    (results: readonly { data?: readonly RankedExperience[]; isPending: boolean; isError: boolean }[]) => {
      const byId = new Map<number, RankedExperience>()
      for (const r of results) for (const e of r.data ?? []) byId.set(e.place_id, e)
      return { byId, pending: results.some((r) => r.isPending && !r.isError) }
    },
    [],
  )
  return useQueries({ queries: chunks.map((chunk) => api.experienceLookup(chunk)), combine })
}

/** A name for each place id: the experience's, or 'Experience {id}' for one Ludex does not track (yet). */
export function useExperienceNames(placeIds: readonly number[]): (placeId: number) => string {
  const { byId } = useExperienceLookup(placeIds)
  return useCallback((placeId) => byId.get(placeId)?.name ?? `Experience ${placeId}`, [byId])
}
