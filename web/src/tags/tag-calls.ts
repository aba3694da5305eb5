import type { PlaceTag, PopulatedPlaceTag } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import { apiSend } from '../api/client.ts'
import { api } from '../api/queries.ts'

/*
 * The tag changes (part 2 §7). After each one every tag answer is refetched: the shell's list (the
 * experiences list's tag filter, the tags page), the tag itself and its averages (their keys start with
 * the list's), and the experiences' `tags` (part 2 §4: caches of a tag's stats are cleared on changes).
 */

const TAGS_KEY = api.tags().queryKey

async function refreshTags(queryClient: QueryClient, placeIds: readonly number[] = []): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TAGS_KEY }),
    ...placeIds.map((id) =>
      queryClient.invalidateQueries({ queryKey: api.experience(id).queryKey, exact: true }),
    ),
  ])
}

export async function createTag(
  queryClient: QueryClient,
  input: { name: string; global: boolean },
): Promise<PopulatedPlaceTag> {
  const tag = await apiSend('POST', '/api/placetag', input, 'populatedPlaceTag')
  queryClient.setQueryData(api.tag(tag.id).queryKey, tag)
  await refreshTags(queryClient)
  return tag
}

/** Rename: the whole tag goes back with the new name (PUT, part 2 §7). */
export async function renameTag(queryClient: QueryClient, tag: PlaceTag, name: string): Promise<PlaceTag> {
  const { id, global, place_ids } = tag
  const updated = await apiSend('PUT', `/api/placetag/${id}`, { id, name, global, place_ids }, 'placeTag')
  await refreshTags(queryClient)
  return updated
}

/** Appends experiences (the add dialog, Bulk Add, an experience's curated tags). */
export async function addToTag(queryClient: QueryClient, tagId: number, placeIds: readonly number[]) {
  const updated = await apiSend('POST', `/api/placetag/${tagId}/places`, { place_ids: placeIds }, 'placeTag')
  await refreshTags(queryClient, placeIds)
  return updated
}

export async function removeFromTag(queryClient: QueryClient, tagId: number, placeId: number) {
  const updated = await apiSend('DELETE', `/api/placetag/${tagId}/places/${placeId}`, undefined, 'placeTag')
  await refreshTags(queryClient, [placeId])
  return updated
}

/** Deletes the tag (irreversible); the page then leaves it and calls forgetTag. */
export async function deleteTag(tag: PlaceTag): Promise<void> {
  await apiSend('DELETE', `/api/placetag/${tag.id}`, undefined, 'placeTag')
}

/**
 * A deleted tag's answers leave the cache rather than being asked for again (a 404); called once its
 * page is left, so nothing on screen observes them any more.
 */
export async function forgetTag(queryClient: QueryClient, tag: PlaceTag): Promise<void> {
  queryClient.removeQueries({ queryKey: api.tag(tag.id).queryKey })
  await refreshTags(queryClient, tag.place_ids)
}
