import type { PlaceTag } from '@ludex/schemas'

/** The tabs of the tags page (part 2 §2.3), as the filter menu groups the tags. */
export interface TagGroups<T extends PlaceTag = PlaceTag> {
  readonly curated: readonly T[]
  readonly yours: readonly T[]
  readonly others: readonly T[]
}

/** Curated tags, the viewer's own, and (editors) other users' tags, each by name. */
export function groupTags<T extends PlaceTag>(tags: readonly T[], userId: number | null): TagGroups<T> {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name)
  return {
    curated: tags.filter((t) => t.global).sort(byName),
    yours: tags.filter((t) => !t.global && t.owner_id === userId).sort(byName),
    others: tags.filter((t) => !t.global && t.owner_id !== userId).sort(byName),
  }
}

/** The tag the address names (`#tag={id}`), when the viewer has it. */
export function selectedTag(
  tags: readonly PlaceTag[] | undefined,
  value: string | undefined,
): PlaceTag | null {
  if (!tags || value === undefined || !/^\d+$/.test(value)) return null
  return tags.find((t) => t.id === Number(value)) ?? null
}

/** The rows of the tag's experiences (all rows without a tag), in their order. */
export function filterByTag<T extends { readonly place_id: number }>(
  rows: readonly T[],
  tag: PlaceTag | null,
): readonly T[] {
  if (!tag) return rows
  const members = new Set(tag.place_ids)
  return rows.filter((r) => members.has(r.place_id))
}
