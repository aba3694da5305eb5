import {
  genreSlug as platformGenreSlug,
  ROBLOX_GENRE_L1,
  ROBLOX_GENRE_L2_BY_L1,
  type RobloxGenreL1,
} from '@ludex/schemas'

/** Word lists and enumerations the model draws names, genres and zones from. */

/**
 * Each genre_l1 with a share of experiences; its genre_l2 values are the platform's documented ones
 * (ROBLOX_GENRE_L2_BY_L1), so that every real sub-genre, and the genre mapping over it, is exercised.
 * Education and Utility & Other have no sub-genre: their experiences get an empty genre_l2.
 */
const GENRE_SHARES: Readonly<Record<RobloxGenreL1, number>> = {
  Action: 9,
  Adventure: 7,
  Education: 1,
  Entertainment: 4,
  'Obby & Platformer': 10,
  'Party & Casual': 6,
  Puzzle: 3,
  RPG: 6,
  'Roleplay & Avatar Sim': 11,
  Shooter: 7,
  Shopping: 2,
  Simulation: 12,
  Social: 3,
  'Sports & Racing': 5,
  Strategy: 5,
  Survival: 7,
  'Utility & Other': 2,
}

export const GENRES: readonly (readonly [RobloxGenreL1, readonly string[], number])[] = ROBLOX_GENRE_L1.map(
  (l1) => [l1, ROBLOX_GENRE_L2_BY_L1[l1], GENRE_SHARES[l1]] as const,
)

export const GENRE_L1_NAMES: readonly string[] = GENRES.map((g) => g[0])

/** The explore slug of a genre_l1 ('Obby & Platformer' → 'obby-and-platformer'). */
export const genreSlug = platformGenreSlug

export const NAME_ADJECTIVES = [
  'Super',
  'Mega',
  'Ultimate',
  'Tiny',
  'Epic',
  'Crazy',
  'Blox',
  'Pixel',
  'Shadow',
  'Golden',
  'Frozen',
  'Haunted',
  'Lucky',
  'Rainbow',
  'Cyber',
  'Mystic',
  'Wild',
  'Secret',
  'Royal',
  'Neon',
  'Cosmic',
  'Brave',
] as const

export const NAME_NOUNS = [
  'Obby',
  'Tycoon',
  'Simulator',
  'Legends',
  'Island',
  'Kingdom',
  'Racing',
  'Pets',
  'Dungeon',
  'Tower',
  'City',
  'Academy',
  'Battlegrounds',
  'Heroes',
  'Farm',
  'Blade',
  'Hunters',
  'Defense',
  'Quest',
  'Cafe',
  'Escape',
  'Survival',
  'Life',
  'Wars',
  'Factory',
  'Ninja',
  'Mining',
  'Fishing',
  'Dragons',
  'Arena',
  // A name rule of the genre mapping places these as rng_simulators ('Haunted' above: horror).
  'RNG',
] as const

/** How a branded experience's name goes on when the brand is one word ('Spotify Island'). */
export const BRAND_PLACE_WORDS = ['Island', 'World', 'Town', 'Hub'] as const

export const NAME_SUFFIXES = [
  '',
  '',
  '',
  '',
  ' 2',
  ' X',
  ' Remastered',
  ' RP',
  ' Classic',
  ' [BETA]',
] as const

export const EVENT_TAGS = [
  'UPDATE',
  '🎃 HALLOWEEN',
  '❄️ WINTER',
  'EVENT',
  '2x XP',
  'NEW WORLD',
  'SALE',
] as const

export const CREATOR_FIRST = [
  'Blue',
  'Red',
  'Iron',
  'Sky',
  'Star',
  'Moon',
  'Pixel',
  'Byte',
  'Nova',
  'Echo',
  'Frost',
  'Storm',
  'Lime',
] as const
export const CREATOR_SECOND = [
  'Fox',
  'Wolf',
  'Builder',
  'Games',
  'Studio',
  'Dev',
  'Works',
  'Forge',
  'Craft',
  'Labs',
  'Bear',
  'Owl',
] as const

/** Audience time zones as offsets in 10-minute slots, with weights (US, Europe, LatAm, Asia…). */
export const AUDIENCE_ZONES: readonly (readonly [number, number])[] = [
  [-5 * 6, 30],
  [-6 * 6, 10],
  [-8 * 6, 12],
  [-3 * 6, 8],
  [0, 8],
  [1 * 6, 12],
  [3 * 6, 3],
  [5 * 6 + 3, 3],
  [7 * 6, 4],
  [8 * 6, 7],
  [9 * 6, 3],
]

/** UTC weekday (0 = Sunday) multipliers; weekends are busier. */
export const WEEKLY = [1.2, 0.93, 0.9, 0.92, 0.95, 1.02, 1.22] as const
