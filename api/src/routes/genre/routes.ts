import {
  type ExperienceGenre,
  genreDetail,
  genreList,
  isExperienceGenre,
  subGenreDetail,
} from '@ludex/schemas'
import { z } from 'zod'
import { withCanonicalNames } from '../../accounts/place-overlay.ts'
import type { ApiDeps } from '../../deps.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { cachedCurrentExperiences } from '../place/current-experiences.ts'
import { genreOf, genreSummaries, LISTED_GENRES, subGenreMembers, subGenreSummaries } from './aggregate.ts'
import { GENRE_MAPPING_DESCRIPTION } from './mapping-description.ts'

const genreParam = z
  .string()
  .max(64, 'must be at most 64 characters')
  .meta({
    description: `A genre key (${LISTED_GENRES.join(', ')}); any other value is a 404.`,
    examples: ['obby', 'tower_defense'],
  })
const subGenreParam = z
  .string()
  .max(120, 'must be at most 120 characters')
  .meta({
    description:
      "A sub-genre's slug (its genre_l2 lower-cased, '&' as 'and', other non-alphanumerics as dashes; " +
      "'unlabeled' for none), as the genre's sub_genres list them; any other value is a 404.",
    examples: ['classic-obby', 'battlegrounds-and-fighting'],
  })

function knownGenre(value: string): ExperienceGenre {
  if (!isExperienceGenre(value)) throw ApiError.notFound(`There is no genre '${value}'`)
  return value
}

async function currentMembers(deps: ApiDeps, genre: ExperienceGenre) {
  return genreOf(await cachedCurrentExperiences(deps), genre)
}

export const genreListRoute = defineRoute({
  method: 'GET',
  path: '/api/genre',
  resource: 'genre',
  summary: 'The genre table: every genre with its experiences, players online, share and like rate',
  description: [
    'One row per genre, in the order of the sixteen keys, then unlabeled; a genre with no experience now',
    'is listed with zeros. players_online is the sum over its tracked experiences now, share its part of',
    'the players online in every tracked experience, like_rate the mean like percentage (0 to 1) of its',
    'experiences that have votes (null while none has). Current state, the same for every viewer.',
    GENRE_MAPPING_DESCRIPTION,
  ].join(' '),
  response: genreList,
  maxAgeSeconds: 60,
  handler: async ({ deps }) => ({ genres: genreSummaries(await cachedCurrentExperiences(deps)) }),
})

export const genreDetailRoute = defineRoute({
  method: 'GET',
  path: '/api/genre/{genre}',
  resource: 'genre',
  summary: 'A genre: its row, its sub-genre table and its experiences',
  description: [
    "The genre's row as /api/genre gives it; its sub-genres (the genre_l2 of its experiences, most",
    "players online first, share of the genre's players); its experiences, slim, by players online.",
    'An unknown genre is a 404.',
    GENRE_MAPPING_DESCRIPTION,
  ].join(' '),
  params: z.object({ genre: genreParam }),
  response: genreDetail,
  errors: [404],
  maxAgeSeconds: 60,
  handler: async ({ params, deps }) => {
    const { summary, members } = await currentMembers(deps, knownGenre(params.genre))
    return {
      genre: summary,
      sub_genres: subGenreSummaries(members),
      experiences: await withCanonicalNames(
        deps,
        members.map((m) => m.experience),
      ),
    }
  },
})

export const subGenreDetailRoute = defineRoute({
  method: 'GET',
  path: '/api/genre/{genre}/{subGenre}',
  resource: 'genre',
  summary: 'A sub-genre of a genre: its row and its experiences',
  description: [
    "The genre's row, the sub-genre's row (as the genre's sub_genres give it) and its experiences, slim,",
    'by players online. A sub-genre exists under a genre while one of the genre’s experiences has it:',
    'an unknown genre, or a sub-genre no experience of the genre has now, is a 404.',
  ].join(' '),
  params: z.object({ genre: genreParam, subGenre: subGenreParam }),
  response: subGenreDetail,
  errors: [404],
  maxAgeSeconds: 60,
  handler: async ({ params, deps }) => {
    const genre = knownGenre(params.genre)
    const { summary, members } = await currentMembers(deps, genre)
    const sub = subGenreSummaries(members).find((s) => s.slug === params.subGenre)
    if (!sub) throw ApiError.notFound(`Genre '${genre}' has no sub-genre '${params.subGenre}'`)
    return {
      genre: summary,
      sub_genre: sub,
      experiences: await withCanonicalNames(
        deps,
        subGenreMembers(members, sub.slug).map((m) => m.experience),
      ),
    }
  },
})
