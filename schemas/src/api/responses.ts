import { z } from 'zod'
import { experienceGenreKey } from '../constants/genres-schema.ts'
import { playStatusCode, thumbnailType } from '../constants/place-schema.ts'
import { statKind } from '../constants/stats-schema.ts'
import { id, isoTime, nonNegative } from './primitives.ts'
import { safeText } from './safe-text.ts'

/*
 * The response of every public /api call (spec part 1 §3 and §7, part 2 §3 and §7). Times inside chart
 * rows are epoch milliseconds (what chart libraries take); other times are ISO 8601 strings in UTC.
 * Missing numbers default to 0 (part 1 §3); gaps in series are absent rows, never zeros.
 */

export const slimExperience = z.object({
  universe_id: id,
  place_id: id,
  name: z.string(),
  canonical_name: z.string(),
  players_online: nonNegative,
  total_visits: nonNegative,
  /** Fraction 0 to 1. */
  like_percentage: z.number().min(0).max(1),
  creator_id: z.number().int().nonnegative(),
  genre_l1: z.string(),
  genre_l2: z.string(),
  /** The product genre the platform's genres and the name map to (genre-mapping.ts). */
  genre: experienceGenreKey,
})
export type SlimExperience = z.infer<typeof slimExperience>
export const slimExperienceList = z.array(slimExperience)

/** The latest thumbnail of one type, as an experience carries it. */
export const thumbnailRef = z.object({ hash: z.string(), type: thumbnailType, time: isoTime })

export const experience = z.object({
  universe_id: id,
  place_id: id,
  name: z.string(),
  updated: isoTime,
  created: isoTime,
  /** Release date; the year 0001 means unset (a year below 2 is shown as unset). */
  released: isoTime,
  canonical_name: z.string(),
  thumbnails: z.object({ icon: thumbnailRef.nullable(), banner: thumbnailRef.nullable() }),
  players_online: nonNegative,
  total_visits: nonNegative,
  like_percentage: z.number().min(0).max(1),
  /** Minimum age; null = Not Rated, 0 = All Ages. */
  age_limit: z.number().int().nonnegative().nullable(),
  play_status: playStatusCode,
  /**
   * Since when upstream censors the experience (restricted, private or deleted: the games call answers
   * '[TITLE UNAVAILABLE]'), or null when it does not. While restricted it has no new counters and is
   * left out of the platform totals.
   */
  restricted_since: isoTime.nullable(),
  creator_id: z.number().int().nonnegative(),
  genre_l1: z.string(),
  genre_l2: z.string(),
  /** The product genre the platform's genres and the name map to (genre-mapping.ts). */
  genre: experienceGenreKey,
  daily_pick_dates: z.array(z.iso.date()),
  /** Robux; 0 is shown as Free. */
  price: nonNegative,
  /** Seconds, over the last 30 days (CCU-time ÷ visits gained). */
  average_playtime: nonNegative,
  favorites: nonNegative,
  /** Position by players online among tracked experiences (ties share a rank). */
  rank: z.number().int().positive(),
  /** Ids of the tags that hold the experience: the curated ones, and the caller's own. */
  tags: z.array(id),
})
export type Experience = z.infer<typeof experience>

/** Body of PUT /api/place/{place_id}: the editable fields (the client may send the whole experience; the rest is ignored). */
export const experienceUpdate = z.object({
  canonical_name: safeText.max(200).optional(),
  /** A date or date-time; anything unreadable is saved as unset, but nothing longer than a date-time can be. */
  released: safeText.max(64).optional(),
})

export const priceChange = z.object({ price: nonNegative, time: isoTime, change: z.number() })
export const priceHistory = z.array(priceChange)

export const dailyPick = z.object({
  date: z.iso.date(),
  places: z.array(z.object({ name: z.string(), place_id: id })),
})
export const dailyPickList = z.array(dailyPick)

/** [time ms, value] for ccus, visits, playtime, favorites and rating (×100). */
export const valueRow = z.tuple([z.number(), z.number()])
/** [time ms, likes, -dislikes]. */
export const likesRow = z.tuple([z.number(), z.number(), z.number()])
/** [time ms, value, lower quartile, upper quartile] for tag averages with percentiles. */
export const bandRow = z.tuple([z.number(), z.number(), z.number(), z.number()])

export const statSeries = z.object({
  /** The place id, or 0 for an average over several experiences or a tag. */
  place_id: z.number().int().nonnegative(),
  name: z.string(),
  data: z.array(z.union([valueRow, likesRow, bandRow])),
})
export const statsResponse = z.object({ stat: statKind, series: z.array(statSeries) })
export type StatsResponse = z.infer<typeof statsResponse>

/** An average CCU over one whole period: its start and the value (1 decimal), or null without data. */
export const periodCcu = z.object({ start: isoTime, value: z.number().nonnegative() }).nullable()
/**
 * GET /api/stats/ccu-periods: per experience, the average CCU of its last completed day, week and month
 * (part 2 §2.5, the compare table's Daily / Weekly / Monthly CCU), in the requested order.
 */
export const ccuPeriodsResponse = z.object({
  places: z.array(
    z.object({ place_id: id, name: z.string(), day: periodCcu, week: periodCcu, month: periodCcu }),
  ),
})
export type CcuPeriodsResponse = z.infer<typeof ccuPeriodsResponse>

/** Average Genre CCU: per genre (a genre key or 'unlabeled'), [time ms, average, total] points. */
export const genreStatsResponse = z.object({
  stat: z.literal('ccus'),
  series: z.array(
    z.object({ name: z.string(), data: z.array(z.tuple([z.number(), z.number(), z.number()])) }),
  ),
})

export const platformCcuPoint = z.object({ ccu: nonNegative, time: isoTime })
export const platformCcuList = z.array(platformCcuPoint)

/**
 * Platform genre distribution, two levels: genres (keys or 'unlabeled') and their sub-genres (the
 * platform's genre_l2 as a lower-cased key), by current CCU.
 */
export const genreShare = z.object({ name: z.string(), ccu: nonNegative, share: z.number().min(0).max(1) })
export const genreDistribution = z.object({
  time: isoTime.nullable(),
  genres: z.array(genreShare.extend({ children: z.array(genreShare) })),
})

export const movementEntry = z.object({
  place_id: id,
  rank: z.number().int().positive().nullable(),
  gain: z.number().int().nullable(),
  /** Absent (null) for an experience newly entered. */
  old_rank: z.number().int().positive().nullable(),
})
export const movementList = z.array(movementEntry)

/** Periods in a chart category: name is the peak rank ('#3'), y the category id. */
export const rankingPeriod = z.object({ start: isoTime, end: isoTime, name: z.string(), y: z.number().int() })
export const rankingSeries = z.array(rankingPeriod)

export const rankingSnapshot = z.object({
  time: isoTime,
  positions: z.array(z.object({ place_id: id, pos: z.number().int().positive() })),
})

export const creator = z.object({
  id,
  name: z.string(),
  type: z.enum(['User', 'Group']),
  is_verified: z.boolean(),
  thumbnail_hash: z.string(),
  place_ids: z.array(id),
})
export type Creator = z.infer<typeof creator>
export const creatorList = z.array(creator)

/** Events one experience's game servers sent on one day (part 2 §3), counted once per event id. */
export const eventStat = z.object({ place_id: id, num_events: nonNegative, date: z.iso.date() })
export type EventStat = z.infer<typeof eventStat>
export const eventStatList = z.array(eventStat)
