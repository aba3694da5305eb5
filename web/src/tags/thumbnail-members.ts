import { TAG_THUMBNAIL_MAX, TAG_THUMBNAIL_MAX_WHEN_MORE } from '@ludex/schemas'

/**
 * The experiences a tag's thumbnail shows (part 2 §2.4): its members ranked by players online (ties by
 * the lower place id), all of them when there are 4 or fewer, otherwise the top 3. Members Ludex does
 * not track yet (no players online known) are left out.
 */
export function thumbnailMembers(
  placeIds: readonly number[],
  playersOnline: ReadonlyMap<number, number>,
): number[] {
  const ranked = placeIds
    .filter((id) => playersOnline.has(id))
    .sort((a, b) => (playersOnline.get(b) ?? 0) - (playersOnline.get(a) ?? 0) || a - b)
  return ranked.length <= TAG_THUMBNAIL_MAX ? ranked : ranked.slice(0, TAG_THUMBNAIL_MAX_WHEN_MORE)
}
