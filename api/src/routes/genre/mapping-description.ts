import { BRANDED_NAMES, GENRE_NAME_KEYWORDS, UNLABELED_GENRE_KEY } from '@ludex/schemas'

/**
 * How the platform's genres become the product's: the mapping of @ludex/schemas (genre-mapping.ts),
 * said once for every call that serves genres.
 */
export const GENRE_MAPPING_DESCRIPTION = [
  `Genres are the product's sixteen genre keys, plus '${UNLABELED_GENRE_KEY}' (shown as a dash).`,
  'An experience gets the first that applies: branded when its name names a brand of a curated list',
  `(${BRANDED_NAMES.join(', ')}; whole words, any case); a name keyword`,
  `(${GENRE_NAME_KEYWORDS.map((k) => `${k.words.map((w) => `'${w}'`).join(', ')} → ${k.genre}`).join('; ')});`,
  "its genre_l2 by the mapping table (e.g. 'Battlegrounds & Fighting' → fighting_melee_combat,",
  "'Tycoon' → tycoons, 'Exploration' → none); when the genre_l2 is empty or unknown, its genre_l1 where",
  "all that genre's sub-genres map to one key (e.g. 'Shooter' → shooters); otherwise unlabeled.",
  "Sub-genres are the platform's genre_l2, lower-cased. Name rules read the platform's name as written:",
  'a horror game that does not say so keeps its sub-genre, and a fan game naming a brand counts as branded.',
].join(' ')
