import type { Experience, ExperienceListPage, RankedExperience } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import { apiGet, apiSend } from '../../api/client.ts'
import { api } from '../../api/queries.ts'
import { toast } from '../../ui/toasts.ts'

/** The success toasts of part 1 §8, verbatim. */
export const CANONICAL_NAME_SAVED = 'Successfully saved experience canonical name'
export const RELEASE_DATE_SAVED = 'Successfully saved experience release date'

/** One edit: the canonical name, or the release date ('' or anything unreadable saves as unset). */
export type ExperienceEdit = { readonly canonical_name: string } | { readonly released: string }

/**
 * Sends an edit (PUT /api/place/{id}: the experience without its counters, with the field changed)
 * and makes it show everywhere at once: the experience, and every kept answer of the experience search,
 * list and lookups that holds it, in the query cache; and the browser's copy of the experience, so a
 * reload cannot bring back the old name (the others are asked anew once stale, 10 minutes on, long
 * after the browser's copies expire). The other editable field is left out of the body, so an edit
 * never writes back a stale value over another staff member's. A failure is silent (part 1 §8), but
 * logged.
 */
export async function saveExperienceEdit(
  queryClient: QueryClient,
  experience: Experience,
  edit: ExperienceEdit,
): Promise<boolean> {
  const {
    players_online: _playersOnline,
    total_visits: _totalVisits,
    like_percentage: _likePercentage,
    canonical_name: _canonicalName,
    released: _released,
    ...rest
  } = experience
  const placeId = experience.place_id
  let saved: Experience
  try {
    saved = await apiSend('PUT', `/api/place/${placeId}`, { ...rest, ...edit }, 'experience')
  } catch (err) {
    console.warn(`Saving experience ${placeId} failed`, err)
    return false
  }
  queryClient.setQueryData(api.experience(placeId).queryKey, saved)
  renameInLists(queryClient, placeId, saved.canonical_name)
  toast.success('canonical_name' in edit ? CANONICAL_NAME_SAVED : RELEASE_DATE_SAVED)
  // The answer is cached by the browser for a while (max-age): fetched again past that cache, so the
  // stored copy is the new one.
  void apiGet(`/api/place/${placeId}`, 'experience', undefined, 'reload').catch(() => {})
  return true
}

/** The experience lists in the query cache (search, list pages, lookups): an answer holding the place gets its new name. */
function renameInLists(queryClient: QueryClient, placeId: number, canonicalName: string): void {
  const rename = (rows: readonly RankedExperience[]) =>
    rows.map((e) => (e.place_id === placeId ? { ...e, canonical_name: canonicalName } : e))
  for (const kind of ['search', 'lookup'] as const) {
    queryClient.setQueriesData<RankedExperience[]>(
      { queryKey: ['place', kind] },
      (rows) => rows && rename(rows),
    )
  }
  queryClient.setQueriesData<ExperienceListPage>({ queryKey: ['place', 'list'] }, (page) =>
    page ? { ...page, items: rename(page.items) } : page,
  )
}
