/** Word lists and enumerations the model draws names, genres and zones from. */

/** genre_l1 of roblox-api.md §15 with plausible genre_l2 values and a share of experiences. */
export const GENRES: readonly (readonly [string, readonly string[], number])[] = [
  ['Action', ['Battlegrounds & Fighting', 'Music & Rhythm', 'Open World Action'], 9],
  ['Adventure', ['Exploration', 'Scavenger Hunt', 'Story'], 7],
  ['Education', ['Educational'], 1],
  ['Entertainment', ['Music & Audio', 'Showcase & Hub', 'Video'], 4],
  ['Obby & Platformer', ['Classic Obby', 'Runner', 'Tower Obby'], 10],
  ['Party & Casual', ['Childhood Game', 'Coloring & Drawing', 'Minigame', 'Quiz'], 6],
  ['Puzzle', ['Escape Room', 'Match & Merge', 'Word'], 3],
  ['RPG', ['Action RPG', 'Open World & Survival RPG', 'Turn-based RPG'], 6],
  ['Roleplay & Avatar Sim', ['Life', 'Pet Care', 'Morph Roleplay', 'Dress Up'], 11],
  ['Shooter', ['Deathmatch Shooter', 'Battle Royale', 'Arena Shooter'], 7],
  ['Shopping', ['Avatar Shopping'], 2],
  ['Simulation', ['Tycoon', 'Idle', 'Incremental Simulator', 'Physics Sim', 'Vehicle Sim'], 12],
  ['Social', ['Hangout', 'Dating'], 3],
  ['Sports & Racing', ['Racing', 'Soccer', 'Basketball'], 5],
  ['Strategy', ['Tower Defense', 'Board & Card Games'], 5],
  ['Survival', ['Horror', '1 vs All', 'Escape'], 7],
  ['Utility & Other', ['Utility'], 2],
]

export const GENRE_L1_NAMES: readonly string[] = GENRES.map((g) => g[0])

/** The explore slug of a genre_l1 ('Obby & Platformer' → 'obby-and-platformer'). */
export function genreSlug(genreL1: string): string {
  return genreL1
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
}

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
] as const

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
