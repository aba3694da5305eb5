/** Roblox's genre_l1 taxonomy (roblox-api.md §15), as the games API spells it. */
export const ROBLOX_GENRE_L1 = [
  'Action',
  'Adventure',
  'Education',
  'Entertainment',
  'Obby & Platformer',
  'Party & Casual',
  'Puzzle',
  'RPG',
  'Roleplay & Avatar Sim',
  'Shooter',
  'Shopping',
  'Simulation',
  'Social',
  'Sports & Racing',
  'Strategy',
  'Survival',
  'Utility & Other',
] as const

export type RobloxGenreL1 = (typeof ROBLOX_GENRE_L1)[number]

/** The genre_l2 values roblox-api.md §15 names as samples. */
export const ROBLOX_GENRE_L2_SAMPLES = [
  'Tycoon',
  'Idle',
  'Incremental Simulator',
  'Tower Defense',
  'Classic Obby',
  'Deathmatch Shooter',
  'Life',
  'Racing',
] as const

/**
 * Every genre_l2 under its genre_l1, as the platform's creator documentation ("Experience Genres")
 * lists them; Education and Utility & Other have none. The simulator emits exactly these, and the
 * genre mapping (genre-mapping.ts) is checked against them. Stored data keeps whatever upstream sends:
 * a genre_l2 added upstream later is kept as received and maps by its genre_l1 (or to none).
 */
export const ROBLOX_GENRE_L2_BY_L1: Readonly<Record<RobloxGenreL1, readonly string[]>> = {
  Action: ['Battlegrounds & Fighting', 'Music & Rhythm', 'Open World Action'],
  Adventure: ['Exploration', 'Scavenger Hunt', 'Story'],
  Education: [],
  Entertainment: ['Music & Audio', 'Showcase & Hub', 'Video'],
  'Obby & Platformer': ['Classic Obby', 'Runner', 'Tower Obby'],
  'Party & Casual': ['Childhood Game', 'Coloring & Drawing', 'Minigame', 'Quiz'],
  Puzzle: ['Escape Room', 'Match & Merge', 'Word'],
  RPG: ['Action RPG', 'Open World & Survival RPG', 'Turn-based RPG'],
  'Roleplay & Avatar Sim': ['Animal Sim', 'Dress Up', 'Life', 'Morph Roleplay', 'Pet Care'],
  Shooter: ['Battle Royale', 'Deathmatch Shooter', 'PvE Shooter'],
  Shopping: ['Avatar Shopping'],
  Simulation: ['Idle', 'Incremental Simulator', 'Physics Sim', 'Sandbox', 'Tycoon', 'Vehicle Sim'],
  Social: ['Communication', 'Content Sharing', 'Hangout'],
  'Sports & Racing': ['Racing', 'Sports'],
  Strategy: ['Board & Card Games', 'Tower Defense'],
  Survival: ['1 vs All', 'Escape'],
  'Utility & Other': [],
}

/** Every genre_l2 of the platform's documentation, each once (no name repeats under two genre_l1). */
export const ROBLOX_GENRE_L2: readonly string[] = Object.values(ROBLOX_GENRE_L2_BY_L1).flat()
