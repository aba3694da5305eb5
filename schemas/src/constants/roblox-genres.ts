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
 * Sub-genres per genre_l1, for the simulator and for tests. Roblox publishes the taxonomy only as prose
 * on its creator pages, so this is a representative list (it holds every sample of roblox-api.md §15
 * under its parent), not an authority: stored data keeps whatever genre_l2 upstream sends.
 */
export const ROBLOX_GENRE_L2_BY_L1: Readonly<Record<RobloxGenreL1, readonly string[]>> = {
  Action: ['Battlegrounds & Fighting', 'Music & Rhythm', 'Open World Action'],
  Adventure: ['Exploration', 'Scavenger Hunt', 'Story'],
  Education: ['Educational'],
  Entertainment: ['Music & Audio', 'Showcase & Hub', 'Video'],
  'Obby & Platformer': ['Classic Obby', 'Runner', 'Tower Obby'],
  'Party & Casual': ['Childhood Game', 'Coloring & Drawing', 'Minigame', 'Quiz'],
  Puzzle: ['Escape Room', 'Match & Merge', 'Word'],
  RPG: ['Action RPG', 'Open World & Survival RPG', 'Turn-based RPG'],
  'Roleplay & Avatar Sim': ['Animal Sim', 'Dress Up', 'Life', 'Morph Roleplay', 'Pet Care'],
  Shooter: ['Battle Royale', 'Deathmatch Shooter', 'PvE Shooter'],
  Shopping: ['Avatar Shopping'],
  Simulation: ['Idle', 'Incremental Simulator', 'Physics Sim', 'Sandbox', 'Tycoon', 'Vehicle Sim'],
  Social: ['Hangout'],
  'Sports & Racing': ['Racing', 'Sports'],
  Strategy: ['Board & Card Games', 'Tower Defense'],
  Survival: ['1 vs All', 'Escape'],
  'Utility & Other': ['Utility'],
}
