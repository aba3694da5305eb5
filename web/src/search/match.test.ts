import { describe, expect, it } from 'vitest'
import { canSeeAll, canSuggest, matchExperiences, normalizeSearchText, seeAllPath } from './match.ts'

const exp = (
  place_id: number,
  universe_id: number,
  name: string,
  players_online = 0,
  canonical_name = name,
) => ({
  place_id,
  universe_id,
  name,
  canonical_name,
  players_online,
})

const list = [
  exp(920587237, 383310974, 'Adopt Me!', 300_000),
  exp(4924922222, 1686885941, 'Brookhaven RP', 500_000),
  exp(2753915549, 994732206, 'Blox Fruits', 400_000, 'Blox Fruits (Classic)'),
  exp(606849621, 245662005, 'Jailbreak', 20_000),
  exp(111, 222, '[UPDATE] Grow a Garden', 900_000, 'Grow a Garden'),
]

describe('global search matching', () => {
  it('suggests only above 2 characters', () => {
    expect(matchExperiences(list, 'bl')).toEqual([])
    expect(canSuggest('  bl ')).toBe(false)
    expect(matchExperiences(list, 'blo').map((e) => e.name)).toEqual(['Blox Fruits'])
  })

  it('matches name and canonical name case-insensitively', () => {
    expect(matchExperiences(list, 'CLASSIC').map((e) => e.place_id)).toEqual([2753915549])
    expect(matchExperiences(list, 'garden').map((e) => e.place_id)).toEqual([111])
  })

  it('matches place id and universe id, exact ids first', () => {
    expect(matchExperiences(list, '920587237').map((e) => e.name)).toEqual(['Adopt Me!'])
    expect(matchExperiences(list, '1686885941').map((e) => e.name)).toEqual(['Brookhaven RP'])
  })

  it('orders names starting with the text before names containing it, busier first', () => {
    const many = [exp(1, 11, 'The Obby', 5), exp(2, 12, 'Obby King', 1), exp(3, 13, 'Obby Run', 9)]
    expect(matchExperiences(many, 'obby').map((e) => e.place_id)).toEqual([3, 2, 1])
  })

  it('shows at most 9 suggestions', () => {
    const many = Array.from({ length: 20 }, (_, i) => exp(i + 1, i + 100, `Tycoon ${i}`, i))
    const found = matchExperiences(many, 'tycoon')
    expect(found).toHaveLength(9)
    expect(found[0]?.players_online).toBe(19)
  })

  it('reduces a pasted game URL to its place id', () => {
    expect(normalizeSearchText('https://www.roblox.com/games/920587237/Adopt-Me')).toBe('920587237')
    expect(
      matchExperiences(list, 'https://www.roblox.com/games/606849621/Jailbreak').map((e) => e.name),
    ).toEqual(['Jailbreak'])
  })

  it('goes to the list only from 3 characters, with the text in the hash', () => {
    expect(canSeeAll('ab')).toBe(false)
    expect(seeAllPath('ab')).toBeNull()
    expect(seeAllPath('blox fruits')).toBe('/experiences#search=blox%20fruits')
    expect(seeAllPath('roblox.com/games/123456/x')).toBe('/experiences#search=123456')
  })
})
