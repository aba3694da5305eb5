import type { Experience } from '@ludex/schemas'
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
 * and makes it show everywhere at once: the experience and the slim list in the query cache (the list,
 * the search and the pickers read it), and the browser's copies of both answers, so a reload cannot
 * bring back the old name. The other editable field is left out of the body, so an edit never writes
 * back a stale value over another staff member's. A failure is silent (part 1 §8), but logged.
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
  queryClient.setQueryData(api.slimList().queryKey, (list) =>
    list?.map((e) => (e.place_id === placeId ? { ...e, canonical_name: saved.canonical_name } : e)),
  )
  toast.success('canonical_name' in edit ? CANONICAL_NAME_SAVED : RELEASE_DATE_SAVED)
  // Both answers are cached by the browser for a while (private, max-age): fetched again past that
  // cache, so the stored copies are the new ones; the list also picks up other staff's edits.
  void queryClient
    .fetchQuery({
      ...api.slimList(),
      queryFn: ({ signal }) => apiGet('/api/place?slim', 'slimExperienceList', signal, 'reload'),
      staleTime: 0,
    })
    .catch(() => {})
  void apiGet(`/api/place/${placeId}`, 'experience', undefined, 'reload').catch(() => {})
  return true
}
