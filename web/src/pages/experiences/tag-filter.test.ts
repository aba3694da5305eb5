import type { PlaceTag } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { filterByTag, groupTags, selectedTag } from './tag-filter.ts'

const tag = (
  id: number,
  name: string,
  global: boolean,
  ownerId: number,
  placeIds: number[] = [],
): PlaceTag => ({
  id,
  name,
  global,
  owner_id: ownerId,
  place_ids: placeIds,
  created: '2026-11-01T00:00:00.000Z',
  updated: '2026-11-01T00:00:00.000Z',
})

describe('the experiences list’s tag filter', () => {
  const tags = [
    tag(1, 'Tycoons', true, 9),
    tag(2, 'mine b', false, 5),
    tag(3, 'Theirs', false, 6),
    tag(4, 'Horror', true, 5),
    tag(5, 'Mine A', false, 5),
  ]

  it('groups tags as the tags page does, each group by name', () => {
    const groups = groupTags(tags, 5)
    expect(groups.curated.map((t) => t.id)).toEqual([4, 1])
    expect(groups.yours.map((t) => t.id)).toEqual([5, 2])
    expect(groups.others.map((t) => t.id)).toEqual([3])
    expect(
      groupTags(
        tags.filter((t) => t.global),
        null,
      ).yours,
    ).toEqual([])
  })

  it('selects the tag the address names, if the viewer has it', () => {
    expect(selectedTag(tags, '3')?.name).toBe('Theirs')
    expect(selectedTag(tags, '42')).toBeNull()
    expect(selectedTag(tags, 'x')).toBeNull()
    expect(selectedTag(tags, undefined)).toBeNull()
    expect(selectedTag(undefined, '3')).toBeNull()
  })

  it('keeps the rows of the tag’s experiences, in their order', () => {
    const rows = [{ place_id: 10 }, { place_id: 11 }, { place_id: 12 }, { place_id: 13 }]
    expect(filterByTag(rows, tag(6, 'T', true, 1, [13, 11, 99]))).toEqual([
      { place_id: 11 },
      { place_id: 13 },
    ])
    expect(filterByTag(rows, null)).toBe(rows)
    expect(filterByTag(rows, tag(7, 'Empty', true, 1))).toEqual([])
  })
})
