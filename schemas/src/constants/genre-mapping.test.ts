import { describe, expect, it } from 'vitest'
import {
  BRANDED_NAMES,
  displayGenreName,
  experienceGenre,
  GENRE_BY_ROBLOX_GENRE_L1,
  GENRE_BY_ROBLOX_GENRE_L2,
  GENRE_KEYS,
  GENRE_NAME_RULES,
  genreSlug,
  isExperienceGenre,
  ROBLOX_GENRE_L1,
  ROBLOX_GENRE_L2,
  ROBLOX_GENRE_L2_BY_L1,
} from './index.ts'

const neutral = 'Blue Island'

describe('the genre mapping table', () => {
  it('names every genre_l2 of the platform documentation, and nothing else', () => {
    expect(Object.keys(GENRE_BY_ROBLOX_GENRE_L2).sort()).toEqual([...ROBLOX_GENRE_L2].sort())
  })

  it('maps each documented (genre_l1, genre_l2) by its sub-genre', () => {
    for (const l1 of ROBLOX_GENRE_L1) {
      for (const l2 of ROBLOX_GENRE_L2_BY_L1[l1]) {
        const want = GENRE_BY_ROBLOX_GENRE_L2[l2] ?? 'unlabeled'
        expect(experienceGenre({ name: neutral, genreL1: l1, genreL2: l2 }), `${l1} / ${l2}`).toBe(want)
      }
    }
  })

  it.each([
    ['Action', 'Battlegrounds & Fighting', 'fighting_melee_combat'],
    ['Simulation', 'Incremental Simulator', 'incremental_simulators'],
    ['Simulation', 'Idle', 'incremental_simulators'],
    ['Simulation', 'Tycoon', 'tycoons'],
    ['Strategy', 'Tower Defense', 'tower_defense'],
    ['Obby & Platformer', 'Classic Obby', 'obby'],
    ['Shooter', 'Deathmatch Shooter', 'shooters'],
    ['Roleplay & Avatar Sim', 'Life', 'roleplay_and_hangout'],
    ['Roleplay & Avatar Sim', 'Dress Up', 'fashion'],
    ['Sports & Racing', 'Racing', 'racing'],
    ['Sports & Racing', 'Sports', 'sports'],
    ['RPG', 'Action RPG', 'action_rpgs_and_mmos'],
    ['Simulation', 'Sandbox', 'sandbox_and_creative'],
    ['Party & Casual', 'Minigame', 'arcade'],
    ['Survival', '1 vs All', 'horror'],
    ['Social', 'Hangout', 'roleplay_and_hangout'],
    ['Adventure', 'Exploration', 'unlabeled'],
    ['Survival', 'Escape', 'unlabeled'],
  ])('%s / %s → %s', (l1, l2, key) => {
    expect(experienceGenre({ name: neutral, genreL1: l1, genreL2: l2 })).toBe(key)
  })

  it('reaches every one of the sixteen keys, by a sub-genre or a name rule', () => {
    const reached = new Set<string>([
      ...Object.values(GENRE_BY_ROBLOX_GENRE_L2).filter((k) => k !== null),
      ...GENRE_NAME_RULES.map((r) => r.genre),
    ])
    expect([...reached].sort()).toEqual([...GENRE_KEYS].sort())
  })

  it('falls back on genre_l1 only where all its sub-genres agree', () => {
    expect(GENRE_BY_ROBLOX_GENRE_L1).toEqual({
      Entertainment: 'roleplay_and_hangout',
      'Obby & Platformer': 'obby',
      Puzzle: 'arcade',
      RPG: 'action_rpgs_and_mmos',
      Shooter: 'shooters',
      Shopping: 'fashion',
      Social: 'roleplay_and_hangout',
    })
    // No genre_l2, or one the table does not know (added upstream later): the genre_l1 decides.
    expect(experienceGenre({ name: neutral, genreL1: 'Shooter', genreL2: '' })).toBe('shooters')
    expect(experienceGenre({ name: neutral, genreL1: 'Shooter', genreL2: 'Arena Shooter' })).toBe('shooters')
    expect(experienceGenre({ name: neutral, genreL1: 'Obby & Platformer', genreL2: null })).toBe('obby')
    // Mixed or empty genres have no fallback.
    expect(experienceGenre({ name: neutral, genreL1: 'Sports & Racing', genreL2: '' })).toBe('unlabeled')
    expect(experienceGenre({ name: neutral, genreL1: 'Simulation', genreL2: 'Farming' })).toBe('unlabeled')
    expect(experienceGenre({ name: neutral, genreL1: 'Education', genreL2: '' })).toBe('unlabeled')
    expect(experienceGenre({ name: neutral, genreL1: 'Utility & Other', genreL2: '' })).toBe('unlabeled')
    expect(experienceGenre({ name: neutral, genreL1: '', genreL2: '' })).toBe('unlabeled')
    expect(experienceGenre({ name: neutral, genreL1: undefined, genreL2: undefined })).toBe('unlabeled')
    // A known sub-genre that maps to none stays unlabeled even under a genre that has a fallback.
    expect(experienceGenre({ name: neutral, genreL1: 'Shooter', genreL2: 'Exploration' })).toBe('unlabeled')
  })

  it('reads genres trimmed and in any case (untranslated_genre_l1 is lower-case)', () => {
    expect(experienceGenre({ name: neutral, genreL1: ' shooter ', genreL2: ' CLASSIC obby ' })).toBe('obby')
    expect(experienceGenre({ name: neutral, genreL1: 'obby & platformer', genreL2: '' })).toBe('obby')
  })
})

describe('the name rules', () => {
  const genreOf = (name: string, l1 = 'Simulation', l2 = 'Tycoon') =>
    experienceGenre({ name, genreL1: l1, genreL2: l2 })

  it('place RNG games as rng_simulators, whole word and any case', () => {
    expect(genreOf("Sol's RNG")).toBe('rng_simulators')
    expect(genreOf('Anime rng [UPDATE]')).toBe('rng_simulators')
    expect(genreOf('RNG: Pets')).toBe('rng_simulators')
    // Not inside a word.
    expect(genreOf('Strngth Tycoon')).toBe('tycoons')
    expect(genreOf('RNGesus Tycoon')).toBe('tycoons')
  })

  it('place horror words as horror', () => {
    expect(genreOf('Haunted Obby', 'Obby & Platformer', 'Classic Obby')).toBe('horror')
    expect(genreOf('Scary Elevator', 'Party & Casual', 'Minigame')).toBe('horror')
    expect(genreOf('HORROR hotel', '', '')).toBe('horror')
    expect(genreOf('Creepy Pasta Life', 'Roleplay & Avatar Sim', 'Life')).toBe('horror')
    expect(genreOf('Hauntedhouse Tycoon')).toBe('tycoons')
  })

  it('place named brands as branded, before any other rule', () => {
    expect(genreOf('Spotify Island', 'Entertainment', 'Music & Audio')).toBe('branded')
    expect(genreOf('NIKELAND', 'Sports & Racing', 'Sports')).toBe('branded')
    expect(genreOf('Vans   World', 'Sports & Racing', 'Sports')).toBe('branded')
    expect(genreOf('Sonic Speed Simulator', 'Simulation', 'Incremental Simulator')).toBe('branded')
    expect(genreOf('Haunted Walmart RNG')).toBe('branded')
    // A brand word inside another word, or a franchise listed only by its official title, is not one.
    expect(genreOf('Nike Obby', 'Obby & Platformer', 'Classic Obby')).toBe('obby')
    expect(genreOf('Sonic Obby', 'Obby & Platformer', 'Classic Obby')).toBe('obby')
    expect(genreOf('Nbaa Tycoon')).toBe('tycoons')
  })

  it('check RNG before horror', () => {
    expect(genreOf('Haunted RNG')).toBe('rng_simulators')
  })

  it('hold brand names JavaScript and RE2 read alike', () => {
    for (const b of BRANDED_NAMES) expect(b).toMatch(/^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/)
    for (const r of GENRE_NAME_RULES) expect(r.pattern).toMatch(/^\\b\(\?:[a-z0-9|\\s+]+\)\\b$/)
  })
})

describe('genreSlug', () => {
  it.each([
    ['Battlegrounds & Fighting', 'battlegrounds-and-fighting'],
    ['Open World & Survival RPG', 'open-world-and-survival-rpg'],
    ['Turn-based RPG', 'turn-based-rpg'],
    ['1 vs All', '1-vs-all'],
    [' PvE Shooter ', 'pve-shooter'],
    ['', 'unlabeled'],
    [null, 'unlabeled'],
    ['Unlabeled', 'unlabeled'],
    ['Música & Ritmo', 'música-and-ritmo'],
  ])('%j → %j', (name, slug) => {
    expect(genreSlug(name)).toBe(slug)
  })

  it('gives every documented sub-genre its own slug', () => {
    const slugs = ROBLOX_GENRE_L2.map(genreSlug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })
})

describe('isExperienceGenre', () => {
  it('takes the sixteen keys and unlabeled only', () => {
    for (const k of GENRE_KEYS) expect(isExperienceGenre(k)).toBe(true)
    expect(isExperienceGenre('unlabeled')).toBe(true)
    expect(isExperienceGenre('Obby')).toBe(false)
    expect(isExperienceGenre('obby & platformer')).toBe(false)
    expect(isExperienceGenre('')).toBe(false)
  })

  it('shows each key capitalised and unlabeled as a dash', () => {
    expect(displayGenreName('unlabeled')).toBe('-')
    expect(displayGenreName('rng_simulators')).toBe('RNG Simulators')
  })
})
