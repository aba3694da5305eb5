// zod schemas of the constants beside them, in their own module so that code importing only a
// constant (the web app's first load) does not pull zod in.
import { z } from 'zod'
import { GENRE_KEYS } from './genres.ts'

export const genreKey = z.enum(GENRE_KEYS)
/** Interests are genre keys (part 2 §3); onboarding needs at least one (part 1 §5). */
export const interests = z.array(genreKey).min(1, 'pick at least one interest')
