import {
  type ExperienceGenre,
  GENRE_KEYS,
  type GenreSummary,
  genreGroupKey,
  genreSlug,
  type SubGenreSummary,
  UNLABELED_GENRE_KEY,
} from '@ludex/schemas'
import type { CurrentExperience } from '../../store/experiences.ts'
import { experienceTotals } from '../place/current-experiences.ts'

/*
 * The genre pages' tables from the current experiences (pure: the routes hand in the cached list),
 * with the sums of experienceTotals.
 */

/** Every genre, in the order of the sixteen keys, then 'unlabeled'. */
export const LISTED_GENRES: readonly ExperienceGenre[] = [...GENRE_KEYS, UNLABELED_GENRE_KEY]

const shareOf = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0)

function summary(
  genre: ExperienceGenre,
  rows: readonly CurrentExperience[],
  allPlayers: number,
): GenreSummary {
  const t = experienceTotals(rows)
  return {
    genre,
    experiences: t.experiences,
    players_online: t.playersOnline,
    share: shareOf(t.playersOnline, allPlayers),
    like_rate: t.likeRate,
  }
}

function byGenre(rows: readonly CurrentExperience[]): Map<ExperienceGenre, CurrentExperience[]> {
  const out = new Map<ExperienceGenre, CurrentExperience[]>(LISTED_GENRES.map((g) => [g, []]))
  for (const r of rows) out.get(r.experience.genre)?.push(r)
  return out
}

/** The genre table: every genre, with none left out for having no experiences now. */
export function genreSummaries(rows: readonly CurrentExperience[]): GenreSummary[] {
  const all = experienceTotals(rows).playersOnline
  return [...byGenre(rows)].map(([genre, list]) => summary(genre, list, all))
}

/** One genre's row and its experiences (in the order given: by players online). */
export function genreOf(
  rows: readonly CurrentExperience[],
  genre: ExperienceGenre,
): { summary: GenreSummary; members: CurrentExperience[] } {
  const members = rows.filter((r) => r.experience.genre === genre)
  return { summary: summary(genre, members, experienceTotals(rows).playersOnline), members }
}

/**
 * A genre's sub-genres: its experiences grouped by genre_l2 (as a key, 'unlabeled' when empty), most
 * players online first, then by name; shares are of the genre's players.
 */
export function subGenreSummaries(members: readonly CurrentExperience[]): SubGenreSummary[] {
  const groups = new Map<string, { slug: string; rows: CurrentExperience[] }>()
  for (const r of members) {
    const key = genreGroupKey(r.experience.genre_l2)
    const group = groups.get(key) ?? { slug: genreSlug(key), rows: [] }
    group.rows.push(r)
    groups.set(key, group)
  }
  const genrePlayers = experienceTotals(members).playersOnline
  return [...groups]
    .map(([key, g]): SubGenreSummary => {
      const t = experienceTotals(g.rows)
      return {
        sub_genre: key,
        slug: g.slug,
        experiences: t.experiences,
        players_online: t.playersOnline,
        share: shareOf(t.playersOnline, genrePlayers),
        like_rate: t.likeRate,
      }
    })
    .sort((a, b) => b.players_online - a.players_online || a.sub_genre.localeCompare(b.sub_genre))
}

/** The experiences of a genre whose sub-genre has this slug. */
export function subGenreMembers(members: readonly CurrentExperience[], slug: string): CurrentExperience[] {
  return members.filter((r) => genreSlug(r.experience.genre_l2) === slug)
}
