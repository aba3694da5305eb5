import type { Creator } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { creatorPath, creatorProfileUrl, genrePath, isLinkedGenre, subGenrePath } from './links.ts'

const creator = (id: number, type: Creator['type']): Creator => ({
  id,
  type,
  name: `${type} ${id}`,
  is_verified: false,
  thumbnail_hash: 'default',
  place_ids: [1],
})

describe('browse links', () => {
  it('address genres by key and sub-genres by the slug of their genre_l2', () => {
    expect(genrePath('tower_defense')).toBe('/genres/tower_defense')
    expect(subGenrePath('fighting_melee_combat', 'Battlegrounds & Fighting')).toBe(
      '/genres/fighting_melee_combat/battlegrounds-and-fighting',
    )
    expect(subGenrePath('obby', 'classic obby')).toBe('/genres/obby/classic-obby')
    expect(subGenrePath('unlabeled', '')).toBe('/genres/unlabeled/unlabeled')
    expect(isLinkedGenre('obby')).toBe(true)
    expect(isLinkedGenre('unlabeled')).toBe(false)
  })

  it('name the creator type only when a user and a group share the id', () => {
    const list = [creator(5, 'User'), creator(9, 'Group'), creator(9, 'User')]
    expect(creatorPath(list[0]!, list)).toBe('/creators/5')
    expect(creatorPath(list[1]!, list)).toBe('/creators/9?type=Group')
    expect(creatorPath(list[2]!, list)).toBe('/creators/9?type=User')
    expect(creatorPath(creator(9, 'Group'))).toBe('/creators/9')
  })

  it('link users and groups to their own kind of profile', () => {
    expect(creatorProfileUrl(creator(5, 'User'))).toBe('https://www.roblox.com/users/5/profile')
    expect(creatorProfileUrl(creator(9, 'Group'))).toBe('https://www.roblox.com/communities/9')
  })
})
