import { z } from 'zod'
import { momentumLabels, momentumNoLabelReasons, RECENT_LIKE_WINDOWS } from '../momentum/index.ts'
import { id, isoTime } from './primitives.ts'

/*
 * GET /api/stats/momentum and GET /api/stats/likes-recent (issue 20.3, 20.4): calls of their own, so
 * the spec's slim experience and the like series keep their shapes.
 */

export const momentumLabel = z.enum(momentumLabels)

export const placeMomentum = z.object({
  place_id: id,
  /** null: not given, `reason` says why. */
  momentum: momentumLabel.nullable(),
  /** Relative change, e.g. 0.125 for +12.5 % (3 decimals); null when a window lacks data. */
  change: z.number().nullable(),
  /** Mean daily average CCU of the last complete days (1 decimal). */
  recent_average: z.number().nonnegative().nullable(),
  /** Mean daily average CCU of the days before them (1 decimal). */
  previous_average: z.number().nonnegative().nullable(),
  reason: z.enum(momentumNoLabelReasons).nullable(),
})
export type PlaceMomentum = z.infer<typeof placeMomentum>

export const momentumResponse = z.object({
  /** Start of the first day of the earlier window. */
  previous_from: isoTime,
  /** Start of the first day of the recent window. */
  recent_from: isoTime,
  /** End of the last complete day (the start of the day in progress). */
  recent_to: isoTime,
  places: z.array(placeMomentum),
})
export type MomentumResponse = z.infer<typeof momentumResponse>

export const recentLikeWindow = z.union(RECENT_LIKE_WINDOWS.map((w) => z.literal(w)))

/** One day's recent like %: the window ending with that day. */
export const recentLikesPoint = z.object({
  /** The day's start (epoch ms), as chart rows give times. */
  time: z.number(),
  /** 100 × up / (up + down) of the votes cast in the window, 1 decimal; null below min_votes. */
  like_percentage: z.number().min(0).max(100).nullable(),
  /** Votes cast in the window (up + down). */
  votes: z.number().int().nonnegative(),
})

export const recentLikesResponse = z.object({
  place_id: id,
  /** Votes a window needs before its like % is given. */
  min_votes: z.number().int().positive(),
  /** The lifetime like % at the last day with votes (1 decimal; null: no votes). */
  lifetime: z.number().min(0).max(100).nullable(),
  series: z.array(z.object({ window_days: recentLikeWindow, data: z.array(recentLikesPoint) })),
})
export type RecentLikesResponse = z.infer<typeof recentLikesResponse>
