import type { ApiDeps } from '../../deps.ts'
import { type CurrentExperience, currentExperiences } from '../../store/experiences.ts'

/**
 * Short enough that a poll reaches the lists within the 15 s freshness budget (DESIGN §8) with ingest
 * time to spare; the query is cheap (place_latest), so a miss every 10 s costs little.
 */
export const CURRENT_TTL_MS = 10_000

/**
 * Every tracked experience now (the slim list, with whether each has votes), computed at most once
 * per 10 s and shared by the calls that list experiences: the slim list, genres and creators.
 */
export function cachedCurrentExperiences(deps: ApiDeps): Promise<CurrentExperience[]> {
  return deps.cache.get('place:current', CURRENT_TTL_MS, () => currentExperiences(deps))
}

/** What the browse pages sum over a set of current experiences. */
export interface ExperienceTotals {
  readonly experiences: number
  readonly playersOnline: number
  readonly totalVisits: number
  /**
   * The mean like percentage (0 to 1) of the experiences that have votes (one without votes has no
   * rating, not a 0 % one); null while none has.
   */
  readonly likeRate: number | null
}

export function experienceTotals(rows: readonly CurrentExperience[]): ExperienceTotals {
  let players = 0
  let visits = 0
  let rated = 0
  let likes = 0
  for (const r of rows) {
    players += r.experience.players_online
    visits += r.experience.total_visits
    if (r.rated) {
      rated++
      likes += r.experience.like_percentage
    }
  }
  return {
    experiences: rows.length,
    playersOnline: players,
    totalVisits: visits,
    likeRate: rated > 0 ? Math.min(1, likes / rated) : null,
  }
}
