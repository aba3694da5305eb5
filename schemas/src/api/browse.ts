import { z } from 'zod'
import { experienceGenreKey } from '../constants/genres-schema.ts'
import { count, nonNegative } from './primitives.ts'
import { creator, slimExperience } from './responses.ts'

/*
 * The answers of the browse pages' calls (part 2 §2.6, §2.7): the genre table, a genre with its
 * sub-genres, a sub-genre, and a creator with its experiences. All current state (players online now),
 * the same for every viewer.
 */

const fraction = z.number().min(0).max(1)

/** One row of the genre table. */
export const genreSummary = z.object({
  genre: experienceGenreKey,
  experiences: count,
  players_online: nonNegative,
  /** The genre's share of the players online in every tracked experience, 0 to 1. */
  share: fraction,
  /** Mean like percentage (0 to 1) of the genre's experiences that have votes; null while none has. */
  like_rate: fraction.nullable(),
})
export type GenreSummary = z.infer<typeof genreSummary>

export const genreList = z.object({ genres: z.array(genreSummary) })

/** One row of a genre's sub-genre table: the platform's genre_l2 of the genre's experiences. */
export const subGenreSummary = z.object({
  /** The genre_l2 as a key: trimmed and lower-cased, 'unlabeled' when empty (shown as a dash). */
  sub_genre: z.string(),
  /** Its address form (`genreSlug`): /genres/{genre}/{slug}. */
  slug: z.string(),
  experiences: count,
  players_online: nonNegative,
  /** The sub-genre's share of its genre's players online, 0 to 1. */
  share: fraction,
  like_rate: fraction.nullable(),
})
export type SubGenreSummary = z.infer<typeof subGenreSummary>

export const genreDetail = z.object({
  genre: genreSummary,
  sub_genres: z.array(subGenreSummary),
  /** The genre's experiences, by players online. */
  experiences: z.array(slimExperience),
})
export type GenreDetail = z.infer<typeof genreDetail>

export const subGenreDetail = z.object({
  genre: genreSummary,
  sub_genre: subGenreSummary,
  experiences: z.array(slimExperience),
})
export type SubGenreDetail = z.infer<typeof subGenreDetail>

/** A creator's page: the creator, its current totals and its tracked experiences (by players online). */
export const creatorDetail = creator.extend({
  players_online: nonNegative,
  total_visits: nonNegative,
  /** Mean like percentage (0 to 1) of its experiences that have votes; null while none has. */
  like_rate: fraction.nullable(),
  experiences: z.array(slimExperience),
})
export type CreatorDetail = z.infer<typeof creatorDetail>
