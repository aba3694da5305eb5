import type { PlaceTag, SlimExperience } from '@ludex/schemas'
import { thumbnailMembers } from '../../tags/thumbnail-members.ts'
import { groupTags } from '../experiences/tag-filter.ts'

/** A row of the tags table: the tag, its players online now and the experiences its thumbnail shows. */
export type TagRow = PlaceTag & { readonly players_online: number; readonly thumbs: readonly number[] }

/** The tabs of /tags (part 2 §2.3), as the keys the experiences list's tag filter groups by. */
export type TagTab = 'curated' | 'yours' | 'others'
export const TAG_TABS: readonly TagTab[] = ['curated', 'yours', 'others']

/** The remembered tab (usePreference 'tabs'). */
export const TAGS_TAB_PREFERENCE = 'tags.list'
export const TAGS_TABLE_ID = 'tags'

/**
 * Every tag with its players online (the sum of its tracked experiences') and thumbnail members, from
 * its experiences as looked up (an untracked member has none).
 */
export function tagRows(
  tags: readonly PlaceTag[],
  experiences: Iterable<Pick<SlimExperience, 'place_id' | 'players_online'>>,
): TagRow[] {
  const online = new Map<number, number>()
  for (const e of experiences) online.set(e.place_id, e.players_online)
  return tags.map((t) => ({
    ...t,
    players_online: t.place_ids.reduce((sum, id) => sum + (online.get(id) ?? 0), 0),
    thumbs: thumbnailMembers(t.place_ids, online),
  }))
}

/** The tags of each tab: the experiences list's grouping (curated, the viewer's own, other users'). */
export function rowsByTab<T extends PlaceTag>(
  tags: readonly T[],
  userId: number | null,
): Record<TagTab, readonly T[]> {
  return groupTags(tags, userId)
}

/** The experiences of some tags, each once, in the tags' order: what their rows look up. */
export function tagMembers(tags: readonly PlaceTag[]): number[] {
  return [...new Set(tags.flatMap((t) => t.place_ids))]
}

/** Tags whose name contains the text, any case (blank: all). */
export function searchTags<T extends { readonly name: string }>(
  rows: readonly T[],
  text: string,
): readonly T[] {
  const needle = text.trim().toLowerCase()
  return needle === '' ? rows : rows.filter((r) => r.name.toLowerCase().includes(needle))
}

/**
 * The tab shown: the remembered one when the viewer has it; Your Tags is locked for visitors and Other
 * Users Tags is for editors when such tags exist; otherwise Curated Tags.
 */
export function visibleTab(remembered: string, options: { signedIn: boolean; othersShown: boolean }): TagTab {
  if (remembered === 'yours' && options.signedIn) return 'yours'
  if (remembered === 'others' && options.othersShown) return 'others'
  return 'curated'
}
