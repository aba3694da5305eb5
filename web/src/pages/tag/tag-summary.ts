import { type ExperienceGenre, experienceGenre, type TagExperience, TOP_FIVE_SIZE } from '@ludex/schemas'

/** The totals of a tag's tracked experiences (part 2 §2.4); the like range is null without any. */
export function tagTotals(places: readonly TagExperience[]) {
  const likes = places.map((p) => p.like_percentage)
  return {
    playersOnline: sum(places.map((p) => p.players_online)),
    visits: sum(places.map((p) => p.total_visits)),
    favorites: sum(places.map((p) => p.favorites)),
    likeRange: likes.length === 0 ? null : { min: Math.min(...likes), max: Math.max(...likes) },
  }
}

/**
 * Tag Averages (part 2 §2.4): the mean over the tag's tracked experiences of players online, visits,
 * favorites and like rate; null without any.
 */
export function tagAverages(places: readonly TagExperience[]) {
  if (places.length === 0) return null
  const n = places.length
  return {
    playersOnline: sum(places.map((p) => p.players_online)) / n,
    visits: sum(places.map((p) => p.total_visits)) / n,
    favorites: sum(places.map((p) => p.favorites)) / n,
    likeRate: sum(places.map((p) => p.like_percentage)) / n,
  }
}

/**
 * Tag Genre Distribution: the tag's experiences by product genre (the one mapping of @ludex/schemas),
 * with their count and players online, the busiest genre first (then the larger, then by key).
 */
export function tagGenres(places: readonly TagExperience[]) {
  const byGenre = new Map<ExperienceGenre, { experiences: number; playersOnline: number }>()
  for (const p of places) {
    const genre = experienceGenre({ name: p.name, genreL1: p.genre_l1, genreL2: p.genre_l2 })
    const entry = byGenre.get(genre) ?? { experiences: 0, playersOnline: 0 }
    entry.experiences += 1
    entry.playersOnline += p.players_online
    byGenre.set(genre, entry)
  }
  return [...byGenre.entries()]
    .map(([genre, v]) => ({ genre, ...v }))
    .sort(
      (a, b) =>
        b.playersOnline - a.playersOnline || b.experiences - a.experiences || a.genre.localeCompare(b.genre),
    )
}

/** The tag's current top five by players online (ties by the lower place id), as the API's Top Five. */
export function topFive(places: readonly TagExperience[]): TagExperience[] {
  return [...places]
    .sort((a, b) => b.players_online - a.players_online || a.place_id - b.place_id)
    .slice(0, TOP_FIVE_SIZE)
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0)
}
