import type { PlaceTag } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { thumbnailMembers } from '../../tags/thumbnail-members.ts'
import { rowsByTab, searchTags, tagMembers, tagRows, visibleTab } from './tags-list.ts'

const tag = (id: number, name: string, place_ids: number[], global: boolean, owner_id: number): PlaceTag => ({
  id,
  name,
  place_ids,
  global,
  owner_id,
  created: '2025-01-01T00:00:00.000Z',
  updated: '2025-01-01T00:00:00.000Z',
})
const slim = (place_id: number, players_online: number) => ({ place_id, players_online })

describe('the tags list (part 2 §2.3)', () => {
  it('sums players online over tracked members and picks the thumbnail members', () => {
    const [row] = tagRows([tag(1, 'Obbies', [1, 2, 3, 99], true, 7)], [slim(1, 5), slim(2, 50), slim(3, 0)])
    expect(row?.players_online).toBe(55)
    // 99 is not tracked: left out of the thumbnail; three members, all shown.
    expect(row?.thumbs).toEqual([2, 1, 3])
  })

  it('shows all of 4 or fewer top members, otherwise the top 3', () => {
    const online = new Map([
      [1, 10],
      [2, 40],
      [3, 30],
      [4, 20],
      [5, 30],
    ])
    expect(thumbnailMembers([1, 2, 3, 4], online)).toEqual([2, 3, 4, 1])
    // Ties by the lower place id.
    expect(thumbnailMembers([1, 2, 3, 4, 5], online)).toEqual([2, 3, 5])
  })

  it('groups curated, own and other users’ tags, and searches names in any case', () => {
    const rows = tagRows(
      [tag(1, 'Curated B', [], true, 9), tag(2, 'mine', [], false, 7), tag(3, 'Theirs', [], false, 8)],
      [],
    )
    const tabs = rowsByTab(rows, 7)
    expect(tabs.curated.map((t) => t.id)).toEqual([1])
    expect(tabs.yours.map((t) => t.id)).toEqual([2])
    expect(tabs.others.map((t) => t.id)).toEqual([3])
    expect(searchTags(rows, ' CURATED ').map((t) => t.id)).toEqual([1])
    expect(searchTags(rows, '')).toHaveLength(3)
  })

  it('looks up the members of the tags shown, each once, in the tags’ order', () => {
    expect(tagMembers([tag(1, 'A', [5, 3], true, 9), tag(2, 'B', [3, 8, 5, 1], true, 9)])).toEqual([
      5, 3, 8, 1,
    ])
    expect(tagMembers([])).toEqual([])
  })

  it('falls back to Curated Tags when the remembered tab is not the viewer’s', () => {
    expect(visibleTab('yours', { signedIn: false, othersShown: false })).toBe('curated')
    expect(visibleTab('yours', { signedIn: true, othersShown: false })).toBe('yours')
    expect(visibleTab('others', { signedIn: true, othersShown: false })).toBe('curated')
    expect(visibleTab('others', { signedIn: true, othersShown: true })).toBe('others')
    expect(visibleTab('nonsense', { signedIn: true, othersShown: true })).toBe('curated')
  })
})
