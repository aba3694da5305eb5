// zod schemas of the constants beside them, in their own module so that code importing only a
// constant (the web app's first load) does not pull zod in.
import { z } from 'zod'
import { UNLABELED_GENRE_KEY } from './genre-mapping.ts'
import { GENRE_KEYS } from './genres.ts'

export const genreKey = z.enum(GENRE_KEYS)
/** An experience's genre (genre-mapping.ts): one of the sixteen keys, or 'unlabeled'. */
export const experienceGenreKey = z.enum([...GENRE_KEYS, UNLABELED_GENRE_KEY])
/**
 * Interests are genre keys (part 2 §3); onboarding needs at least one (part 1 §5). Each at most once,
 * so the list is never longer than the genres.
 */
export const interests = z
  .array(genreKey)
  .min(1, 'pick at least one interest')
  .max(GENRE_KEYS.length, `has more than the ${GENRE_KEYS.length} genres`)
  .refine((list) => new Set(list).size === list.length, 'lists a genre more than once')
  // The refinement does not reach the OpenAPI document on its own.
  .meta({ uniqueItems: true })
