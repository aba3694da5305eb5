import { describe, expect, it } from 'vitest'
import {
  displayGenreName,
  GENRE_DISPLAY_NAMES,
  GENRE_KEYS,
  genreGroupKey,
  genreKey,
  interests,
} from './index.ts'

describe('genre keys', () => {
  it('are sixteen distinct snake_case keys', () => {
    expect(GENRE_KEYS).toHaveLength(16)
    expect(new Set(GENRE_KEYS).size).toBe(16)
    for (const k of GENRE_KEYS) expect(k).toMatch(/^[a-z]+(_[a-z]+)*$/)
  })

  it('validate as an enum and as interests', () => {
    expect(genreKey.parse('tower_defense')).toBe('tower_defense')
    expect(genreKey.safeParse('Horror').success).toBe(false)
    expect(interests.safeParse([]).success).toBe(false)
    expect(interests.safeParse(['obby', 'horror']).success).toBe(true)
    expect(interests.safeParse(['obby', 'nope']).success).toBe(false)
    // Bounded: each genre once, so never more than the genres.
    expect(interests.safeParse(['obby', 'horror', 'obby']).success).toBe(false)
    expect(interests.safeParse(Array.from({ length: 10_000 }, () => 'obby')).success).toBe(false)
    expect(interests.safeParse([...GENRE_KEYS]).success).toBe(true)
  })

  it('have capitalised display names', () => {
    for (const k of GENRE_KEYS) {
      const name = GENRE_DISPLAY_NAMES[k]
      expect(name.length).toBeGreaterThan(0)
      expect(name[0]).toBe(name[0]!.toUpperCase())
      expect(displayGenreName(k)).toBe(name)
    }
  })
})

describe('genreGroupKey', () => {
  it('lower-cases genre_l1 and groups a missing one as unlabeled', () => {
    expect(genreGroupKey('Obby & Platformer')).toBe('obby & platformer')
    expect(genreGroupKey(' RPG ')).toBe('rpg')
    expect(genreGroupKey('')).toBe('unlabeled')
    expect(genreGroupKey(null)).toBe('unlabeled')
    expect(genreGroupKey('Unlabeled')).toBe('unlabeled')
  })
})

describe('displayGenreName', () => {
  it.each([
    ['unlabeled', '-'],
    ['Unlabeled', '-'],
    ['', '-'],
    [undefined, '-'],
    ['obby & platformer', 'Obby & Platformer'],
    ['rpg', 'RPG'],
    ['roleplay & avatar sim', 'Roleplay & Avatar Sim'],
    ['tycoon', 'Tycoon'],
    ['incremental simulator', 'Incremental Simulator'],
    ['rng_simulators', 'RNG Simulators'],
    ['some new genre', 'Some New Genre'],
    ['hORROR stories', 'HORROR Stories'],
  ])('%j → %j', (name, shown) => {
    expect(displayGenreName(name)).toBe(shown)
  })
})
