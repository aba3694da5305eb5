import { describe, expect, it } from 'vitest'
import { canSeeAll, canSuggest, exactMatch, normalizeSearchText, seeAllPath } from './match.ts'

const exp = (place_id: number, universe_id: number, name: string, canonical_name = name) => ({
  place_id,
  universe_id,
  name,
  canonical_name,
})

describe('global search text', () => {
  it('suggests only above 2 characters, spaces aside', () => {
    expect(canSuggest('bl')).toBe(false)
    expect(canSuggest('  bl ')).toBe(false)
    expect(canSuggest('blo')).toBe(true)
  })

  it('reduces a pasted game URL to its place id', () => {
    expect(normalizeSearchText('https://www.roblox.com/games/920587237/Adopt-Me')).toBe('920587237')
    expect(canSuggest('https://www.roblox.com/games/12/x')).toBe(false)
  })

  it('goes to the list only from 3 characters, with the text in the hash', () => {
    expect(canSeeAll('ab')).toBe(false)
    expect(seeAllPath('ab')).toBeNull()
    expect(seeAllPath('blox fruits')).toBe('/experiences#search=blox%20fruits')
    expect(seeAllPath('roblox.com/games/123456/x')).toBe('/experiences#search=123456')
  })
})

describe('exactMatch (a field left without a pick)', () => {
  const list = [
    exp(920587237, 383310974, 'Adopt Me!'),
    exp(2753915549, 994732206, 'Blox Fruits', 'Blox Fruits (Classic)'),
    exp(2753915550, 994732207, 'Blox Fruits 2'),
  ]

  it('takes the one experience the text names by id, name or canonical name, any case', () => {
    expect(exactMatch(list, '920587237')?.name).toBe('Adopt Me!')
    expect(exactMatch(list, '383310974')?.name).toBe('Adopt Me!')
    expect(exactMatch(list, 'adopt me!')?.place_id).toBe(920587237)
    expect(exactMatch(list, 'BLOX FRUITS (CLASSIC)')?.place_id).toBe(2753915549)
    expect(exactMatch(list, 'https://www.roblox.com/games/2753915550/x')?.name).toBe('Blox Fruits 2')
  })

  it('takes none for a partial text, two matches or under 3 characters', () => {
    expect(exactMatch(list, 'Blox')).toBeNull()
    expect(exactMatch([...list, exp(5, 6, 'Adopt Me!')], 'Adopt Me!')).toBeNull()
    expect(exactMatch([exp(12, 13, 'ab')], 'ab')).toBeNull()
  })
})
