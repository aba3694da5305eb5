import { GENRE_KEYS, type GenreKey, genreGroupKey, UNLABELED_GENRE } from './genres.ts'
import { ROBLOX_GENRE_L1, ROBLOX_GENRE_L2_BY_L1, type RobloxGenreL1 } from './roblox-genres.ts'

/*
 * The one table from the platform's genre taxonomy (genre_l1 / genre_l2) onto the product's sixteen
 * genre keys. Every genre reader uses it: the materialisers and the API through the SQL the store
 * module builds from these constants (`experienceGenreSql`), tests and the web app through
 * `experienceGenre`. An experience gets the first of these that applies:
 *
 * 1. branded — its name names a brand of BRANDED_NAMES (a curated list of brands with official
 *    experiences), as a whole word or phrase, any case;
 * 2. a name keyword — GENRE_NAME_KEYWORDS in order: 'RNG' → rng_simulators; 'horror', 'haunted',
 *    'scary', 'creepy' → horror (whole words, any case). The platform has no sub-genre for either;
 * 3. its genre_l2, by GENRE_BY_ROBLOX_GENRE_L2 (trimmed, any case); a sub-genre mapped to null is
 *    'unlabeled' whatever its genre_l1;
 * 4. its genre_l1, when the genre_l2 is empty or not in the table (a sub-genre added upstream later):
 *    GENRE_BY_ROBLOX_GENRE_L1, the key every documented sub-genre of that genre_l1 maps to, where they
 *    all agree;
 * 5. otherwise 'unlabeled' (shown as a dash).
 *
 * Limits, on purpose: name rules read the platform's name as the creator wrote it, so a horror game
 * that does not say so stays in its sub-genre's key, and a fan game naming a brand counts as branded;
 * a genre change upstream relabels only what is recomputed after it (`ludex rebuild` for history).
 */

/** The key of experiences no rule places (Roblox has not classified them, or their genre maps to none). */
export const UNLABELED_GENRE_KEY = UNLABELED_GENRE.toLowerCase() as 'unlabeled'

/** What an experience's genre can be: one of the sixteen keys, or 'unlabeled'. */
export type ExperienceGenre = GenreKey | typeof UNLABELED_GENRE_KEY

/**
 * Step 3: every genre_l2 the platform documents (roblox-genres.ts), with the key it maps to, or null
 * where none of the sixteen fits (those experiences are 'unlabeled' unless a name rule applies).
 */
export const GENRE_BY_ROBLOX_GENRE_L2: Readonly<Record<string, GenreKey | null>> = {
  // Action
  'Battlegrounds & Fighting': 'fighting_melee_combat',
  'Music & Rhythm': 'arcade',
  'Open World Action': 'action_rpgs_and_mmos',
  // Adventure
  Exploration: null,
  'Scavenger Hunt': 'arcade',
  Story: null,
  // Entertainment: places people visit together to listen, watch or look around.
  'Music & Audio': 'roleplay_and_hangout',
  'Showcase & Hub': 'roleplay_and_hangout',
  Video: 'roleplay_and_hangout',
  // Obby & Platformer
  'Classic Obby': 'obby',
  Runner: 'obby',
  'Tower Obby': 'obby',
  // Party & Casual
  'Childhood Game': 'arcade',
  'Coloring & Drawing': 'sandbox_and_creative',
  Minigame: 'arcade',
  Quiz: 'arcade',
  // Puzzle
  'Escape Room': 'arcade',
  'Match & Merge': 'arcade',
  Word: 'arcade',
  // RPG
  'Action RPG': 'action_rpgs_and_mmos',
  'Open World & Survival RPG': 'action_rpgs_and_mmos',
  'Turn-based RPG': 'action_rpgs_and_mmos',
  // Roleplay & Avatar Sim
  'Animal Sim': 'roleplay_and_hangout',
  'Dress Up': 'fashion',
  Life: 'roleplay_and_hangout',
  'Morph Roleplay': 'roleplay_and_hangout',
  'Pet Care': 'roleplay_and_hangout',
  // Shooter
  'Battle Royale': 'shooters',
  'Deathmatch Shooter': 'shooters',
  'PvE Shooter': 'shooters',
  // Shopping
  'Avatar Shopping': 'fashion',
  // Simulation
  Idle: 'incremental_simulators',
  'Incremental Simulator': 'incremental_simulators',
  'Physics Sim': 'sandbox_and_creative',
  Sandbox: 'sandbox_and_creative',
  Tycoon: 'tycoons',
  'Vehicle Sim': 'racing',
  // Social
  Communication: 'roleplay_and_hangout',
  'Content Sharing': 'roleplay_and_hangout',
  Hangout: 'roleplay_and_hangout',
  // Sports & Racing
  Racing: 'racing',
  Sports: 'sports',
  // Strategy
  'Board & Card Games': 'arcade',
  'Tower Defense': 'tower_defense',
  // Survival: '1 vs All' is the hunted-by-one chase format (one killer against the rest).
  '1 vs All': 'horror',
  Escape: null,
}

/**
 * Step 1: brands with official experiences on the platform, matched as a whole word or phrase in the
 * experience's name (any case). Franchises that fans often name their own games after are listed by
 * the official title rather than the brand alone. Letters, digits and single spaces only, so that the
 * same pattern means the same in JavaScript and in ClickHouse.
 */
export const BRANDED_NAMES = [
  'Nikeland',
  'Vans World',
  'Gucci',
  'Ralph Lauren',
  'Tommy Play',
  'Forever 21',
  'Maybelline',
  'Givenchy',
  'Sunsilk',
  'Walmart',
  'Chipotle',
  'Spotify',
  'Netflix',
  'Hyundai',
  'Samsung',
  'NFL',
  'NBA',
  'Hello Kitty',
  'Hot Wheels',
  'Sonic Speed Simulator',
  'Barbie DreamHouse',
] as const

/** Step 2: name keywords for the genres the platform has no sub-genre for, checked in this order. */
export const GENRE_NAME_KEYWORDS: readonly { readonly genre: GenreKey; readonly words: readonly string[] }[] =
  [
    { genre: 'rng_simulators', words: ['rng'] },
    { genre: 'horror', words: ['horror', 'haunted', 'scary', 'creepy'] },
  ]

/**
 * Steps 1 and 2 as ordered patterns over the name: a whole-word alternation, case-insensitive. The
 * source uses only `\b`, `(?:…|…)` and literal words, which JavaScript and RE2 (ClickHouse's `match`)
 * read alike; the store module prefixes `(?i)` for RE2, JavaScript takes the 'i' flag.
 */
export const GENRE_NAME_RULES: readonly { readonly genre: GenreKey; readonly pattern: string }[] = [
  { genre: 'branded', pattern: wholeWords(BRANDED_NAMES) },
  ...GENRE_NAME_KEYWORDS.map((k) => ({ genre: k.genre, pattern: wholeWords(k.words) })),
]

function wholeWords(words: readonly string[]): string {
  return `\\b(?:${words.map((w) => w.toLowerCase().split(' ').join('\\s+')).join('|')})\\b`
}

/**
 * Step 4, derived from step 3: a genre_l1 maps to a key only when all its documented sub-genres map
 * to that one key (Obby & Platformer → obby, Shooter → shooters, …); genres with none or mixed have no
 * fallback.
 */
export const GENRE_BY_ROBLOX_GENRE_L1: Readonly<Partial<Record<RobloxGenreL1, GenreKey>>> =
  Object.fromEntries(
    ROBLOX_GENRE_L1.flatMap((l1) => {
      const keys = new Set(ROBLOX_GENRE_L2_BY_L1[l1].map((l2) => GENRE_BY_ROBLOX_GENRE_L2[l2] ?? null))
      const [only] = keys
      return keys.size === 1 && only ? [[l1, only]] : []
    }),
  )

const BY_L2 = new Map(Object.entries(GENRE_BY_ROBLOX_GENRE_L2).map(([l2, k]) => [genreGroupKey(l2), k]))
const BY_L1 = new Map(Object.entries(GENRE_BY_ROBLOX_GENRE_L1).map(([l1, k]) => [genreGroupKey(l1), k]))
const NAME_RULES = GENRE_NAME_RULES.map((r) => ({ genre: r.genre, re: new RegExp(r.pattern, 'i') }))

export interface PlatformGenres {
  /** The platform's name of the experience (not a staff canonical name). */
  readonly name: string
  readonly genreL1: string | null | undefined
  readonly genreL2: string | null | undefined
}

/** The product genre of an experience, by the rules at the top of this module. */
export function experienceGenre({ name, genreL1, genreL2 }: PlatformGenres): ExperienceGenre {
  for (const rule of NAME_RULES) if (rule.re.test(name)) return rule.genre
  const l2 = genreGroupKey(genreL2)
  if (BY_L2.has(l2)) return BY_L2.get(l2) ?? UNLABELED_GENRE_KEY
  return BY_L1.get(genreGroupKey(genreL1)) ?? UNLABELED_GENRE_KEY
}

/** Whether a string is a genre a page or call may name: one of the sixteen keys or 'unlabeled'. */
export function isExperienceGenre(value: string): value is ExperienceGenre {
  return value === UNLABELED_GENRE_KEY || (GENRE_KEYS as readonly string[]).includes(value)
}

/**
 * The address form of a sub-genre (its genre_l2) or a platform genre: lower-cased, '&' as 'and', every
 * other run of characters that are not letters or digits as one dash ('Battlegrounds & Fighting' →
 * 'battlegrounds-and-fighting'; an empty one → 'unlabeled'). The platform builds its explore slugs the
 * same way. Distinct names of one genre could share a slug only by differing in punctuation alone.
 */
export function genreSlug(name: string | null | undefined): string {
  const key = genreGroupKey(name)
  const slug = key
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  return slug === '' ? UNLABELED_GENRE_KEY : slug
}
