import { z } from 'zod'
import { experienceGenreKey } from '../constants/genres-schema.ts'
import { thumbnailType } from '../constants/place-schema.ts'
import { count, id, isoDate, isoTime } from './primitives.ts'

/*
 * Responses of the signal calls (issue 20): an experience's genre standing, its automatic chart markers
 * and its chart placement history, a genre's benchmark distribution, and a ranking day's entries and exits.
 */

/** The metrics an experience is placed on within its genre. */
export const STANDING_METRICS = ['ccu', 'like_ratio', 'playtime', 'favorites_per_1k_visits'] as const
export const standingMetric = z.enum(STANDING_METRICS)
export type StandingMetric = z.infer<typeof standingMetric>

/** p25 / p50 / p75 / p90 of a metric over a group's places; null where no place defines it. */
export const benchmarkQuartiles = z.object({
  p25: z.number().nullable(),
  p50: z.number().nullable(),
  p75: z.number().nullable(),
  p90: z.number().nullable(),
})

export const standingEntry = z.object({
  metric: standingMetric,
  /** The experience's value on the day; null when it has none (no votes, no visits gained). */
  value: z.number().nullable(),
  /** 0 to 100; null without a value or below the minimum number of places. */
  percentile: z.number().min(0).max(100).nullable(),
  /** Places of the group with a value. */
  places: count,
  distribution: benchmarkQuartiles,
})

export const standingGroup = z.object({
  scope: z.enum(['genre', 'sub_genre']),
  /** The genre key, or the sub-genre's key (its genre_l2 lower-cased; 'unlabeled' for none). */
  key: z.string(),
  metrics: z.array(standingEntry),
})

export const genreStanding = z.object({
  /** The day ranked (the last complete UTC day with data); null when there is none in range. */
  day: isoDate.nullable(),
  genre: experienceGenreKey,
  sub_genre: z.string(),
  groups: z.array(standingGroup),
})
export type GenreStanding = z.infer<typeof genreStanding>

export const genreBenchmarkDay = z.object({
  day: isoDate,
  places: count,
  ccu: benchmarkQuartiles,
  like_ratio: benchmarkQuartiles,
  playtime: benchmarkQuartiles,
})
export const genreBenchmarks = z.object({
  genre: experienceGenreKey,
  days: z.array(genreBenchmarkDay),
})
export type GenreBenchmarks = z.infer<typeof genreBenchmarks>

export const MARKER_KINDS = ['chartEntry', 'chartExit', 'ccuSpike', 'thumbnailChange'] as const
export const markerKind = z.enum(MARKER_KINDS)
export type MarkerKind = z.infer<typeof markerKind>

/** One image of a thumbnail change: its type, the hash captured before and the one captured now. */
export const thumbnailSwap = z.object({
  type: thumbnailType,
  from: z.string(),
  to: z.string(),
})
export type ThumbnailSwap = z.infer<typeof thumbnailSwap>

export const eventMarker = z.object({
  kind: markerKind,
  /**
   * Entry / exit: the capture that shows it; spike: the start of its first hour; thumbnail change: the
   * capture that first saw the new image.
   */
  time: isoTime,
  /** One sentence saying what happened and why it is marked (the hover text). */
  text: z.string(),
  /**
   * The chart category of an entry or exit (its evidence is the category's ranking at `time`: the first
   * capture of the day with it, or without it); null for a spike (its evidence is the CCU chart there).
   */
  category_id: z.number().int().nullable(),
  /**
   * A thumbnail change's evidence: each image type that changed at `time`, with the old and the new
   * hash (the image service serves both); empty for every other kind.
   */
  thumbnails: z.array(thumbnailSwap),
})
export const eventMarkerList = z.array(eventMarker)
export type EventMarker = z.infer<typeof eventMarker>

export const placementChange = z.object({
  kind: z.enum(['entry', 'exit']),
  day: isoDate,
  rank: z.number().int().positive().nullable(),
})
export const categoryPlacement = z.object({
  category_id: z.number().int(),
  changes: z.array(placementChange),
  days_in_category: count,
  best_rank: z.number().int().positive().nullable(),
  best_rank_first_day: isoDate.nullable(),
  /** Minutes captured at the best rank (each capture stands for its 10-minute slot). */
  minutes_at_best_rank: count,
  /** Days the platform showed the experience as a sponsored (paid) tile in the category. */
  sponsored_days: count,
  /** Whether it is in the category on the category's last captured day. */
  current: z.boolean(),
})
export const placementHistory = z.object({
  /** The first day the history covers (a visitor's window start, or the first capture). */
  from: isoDate.nullable(),
  categories: z.array(categoryPlacement),
})
export type PlacementHistory = z.infer<typeof placementHistory>

export const rankingDayChanges = z.object({
  day: isoDate,
  /** The category's previous captured day compared with; null when there is none (nothing to compare). */
  compared_with: isoDate.nullable(),
  entered: z.array(z.object({ place_id: id, rank: z.number().int().positive() })),
  left: z.array(z.object({ place_id: id, rank: z.number().int().positive() })),
})
export type RankingDayChanges = z.infer<typeof rankingDayChanges>
