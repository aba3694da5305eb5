import { ROBLOX_GENRE_L1, ROBLOX_GENRE_L2_BY_L1 } from './roblox-genres.ts'

/**
 * The sixteen genre keys of the spec (part 1 §3, part 2 §2.7): the product's one genre taxonomy (the
 * genre pages, the overview's genre charts, the interests a user picks at onboarding). Roblox's own
 * genre_l1 / genre_l2 taxonomy maps onto them by genre-mapping.ts.
 */
export const GENRE_KEYS = [
  'incremental_simulators',
  'rng_simulators',
  'tycoons',
  'roleplay_and_hangout',
  'shooters',
  'fighting_melee_combat',
  'horror',
  'tower_defense',
  'arcade',
  'obby',
  'action_rpgs_and_mmos',
  'sandbox_and_creative',
  'sports',
  'racing',
  'fashion',
  'branded',
] as const

export type GenreKey = (typeof GENRE_KEYS)[number]

/**
 * How each key is shown. Spelled out rather than derived, because plain capitalisation would turn
 * 'rng' and 'rpgs' into 'Rng' and 'Rpgs'.
 */
export const GENRE_DISPLAY_NAMES: Readonly<Record<GenreKey, string>> = {
  incremental_simulators: 'Incremental Simulators',
  rng_simulators: 'RNG Simulators',
  tycoons: 'Tycoons',
  roleplay_and_hangout: 'Roleplay and Hangout',
  shooters: 'Shooters',
  fighting_melee_combat: 'Fighting Melee Combat',
  horror: 'Horror',
  tower_defense: 'Tower Defense',
  arcade: 'Arcade',
  obby: 'Obby',
  action_rpgs_and_mmos: 'Action RPGs and MMOs',
  sandbox_and_creative: 'Sandbox and Creative',
  sports: 'Sports',
  racing: 'Racing',
  fashion: 'Fashion',
  branded: 'Branded',
}

/** The genre (or sub-genre) name of an experience that Roblox has not classified. */
export const UNLABELED_GENRE = 'Unlabeled'
/** What the UI shows instead of 'Unlabeled'. */
export const UNLABELED_GENRE_DISPLAY = '-'

/**
 * The key a platform genre name is grouped and looked up by: trimmed and lower-cased, a missing value
 * as 'unlabeled' (sub-genres are grouped by this key of their genre_l2). Matches Roblox's own
 * untranslated_genre_l1 casing.
 */
export function genreGroupKey(genre: string | null | undefined): string {
  const trimmed = (genre ?? '').trim()
  return trimmed === '' ? UNLABELED_GENRE.toLowerCase() : trimmed.toLowerCase()
}

/**
 * A genre or sub-genre name as shown: capitalised word by word ('obby & platformer' → 'Obby &
 * Platformer'), 'Unlabeled' (any casing, or empty) as a dash. Words already holding capitals are kept
 * as written so that 'RPG' stays 'RPG'.
 */
export function displayGenreName(genre: string | null | undefined): string {
  const key = genreGroupKey(genre)
  if (key === UNLABELED_GENRE.toLowerCase()) return UNLABELED_GENRE_DISPLAY
  const known = GENRE_DISPLAY_NAMES[key as GenreKey] ?? ROBLOX_NAME_BY_KEY.get(key)
  if (known) return known
  return (genre ?? '')
    .trim()
    .split(/(\s+)/)
    .map((w) => (w.length > 0 ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join('')
}

const ROBLOX_NAME_BY_KEY = new Map<string, string>(
  [...ROBLOX_GENRE_L1, ...Object.values(ROBLOX_GENRE_L2_BY_L1).flat()].map((n) => [n.toLowerCase(), n]),
)
