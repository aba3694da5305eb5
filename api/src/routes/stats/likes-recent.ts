import {
  type DailyVotes,
  idParam,
  lastCompletedPeriodStart,
  periodStart,
  RECENT_LIKE_WINDOWS,
  RECENT_LIKES_MIN_VOTES,
  recentLikes,
  recentLikesResponse,
  recentLikesTable,
  statsStartMs,
  timeParam,
} from '@ludex/schemas'
import { z } from 'zod'
import { hotAnswer, hotReader } from '../../cache/hot-reads.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { placeStatRows, trackedPlaces } from '../../store/stats.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

const DAY_MS = 86_400_000
/** The longest window, plus its baseline day: how far before the first answered day the totals are read. */
const LOOKBACK_MS = (Math.max(...RECENT_LIKE_WINDOWS) + 1) * DAY_MS

export const recentLikesRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/likes-recent',
  resource: 'stats',
  summary: 'Recent like %: the like % of the votes cast in the last 7 and 30 days (detail page)',
  description: [
    'Votes are lifetime totals, so this answers the like % of the votes cast in a window from the',
    'day-to-day changes of the totals: for each complete day (01:00 to 01:00 UTC, labelled by its start),',
    `windows of ${RECENT_LIKE_WINDOWS.join(' and ')} days ending with it, each point {time: the day start`,
    'in epoch ms, like_percentage (1 decimal) or null, votes: cast in the window}. A day adds the rise of each total since the previous',
    'day with totals; a total that falls (removed or switched votes, a reset by the platform) adds',
    'nothing that day, so a reset is never read as a flood of dislikes. A window is only answered when the',
    'totals are known on the day before it starts; its like % is null below',
    `${RECENT_LIKES_MIN_VOTES} votes. The day in progress is not answered. lifetime is the like % of the`,
    'totals at the last answered day. startTime (default the place’s creation) and endTime (default now)',
    'pick the days answered; a window is computed from the totals before it whatever the start.',
    'Visitors get the days that start inside the last 30 days (X-Ludex-History-Start when the start is',
    'moved). The method is on /methodology#recent-likes.',
  ].join(' '),
  query: z.object({
    placeId: idParam.describe('The experience (its root place id)'),
    startTime: timeParam.optional(),
    endTime: timeParam.optional(),
  }),
  response: recentLikesResponse,
  csv: recentLikesTable,
  errors: [404],
  maxAgeSeconds: 60,
  handler: async ({ query: q, viewer, deps, ctx }) => {
    if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime) {
      throw ApiError.badRequest([{ field: 'startTime', message: 'must not be after endTime' }])
    }
    const nowMs = deps.now()
    const store = hotReader(deps, viewer)
    const place = (await trackedPlaces(store, [q.placeId])).get(q.placeId)
    if (!place) throw ApiError.notFound('Experience not tracked')
    const requested = periodStart(q.startTime ?? statsStartMs(place.createdMs, nowMs), 'day')
    const fromMs = visibleFrom(viewer, ctx, requested, nowMs, 'day')
    const lastComplete = lastCompletedPeriodStart(nowMs, 'day')
    const toMs = Math.min(periodStart(q.endTime ?? nowMs, 'day'), lastComplete)
    const inProgressMs = periodStart(nowMs, 'day')
    // Computed once per watermark (issue 19.5), keyed by the days it answers.
    return hotAnswer(
      deps,
      viewer,
      ['likes-recent', place.placeId, fromMs, toMs, inProgressMs],
      async (kept) => {
        const rows =
          fromMs > toMs
            ? []
            : await placeStatRows(kept, 'likes', {
                granularity: 'day',
                placeIds: [place.placeId],
                fromMs: fromMs - LOOKBACK_MS,
                toMs,
                inProgressMs,
              })
        const days: DailyVotes[] = rows.map((r) => ({ dayStartMs: r.time, up: r.value, down: r.second ?? 0 }))
        const lastDay = days.filter((d) => d.dayStartMs >= fromMs).at(-1)
        return {
          place_id: place.placeId,
          min_votes: RECENT_LIKES_MIN_VOTES,
          lifetime: lastDay && lastDay.up + lastDay.down > 0 ? lifetimeLikePercentage(lastDay) : null,
          series: RECENT_LIKE_WINDOWS.map((w) => ({
            window_days: w,
            data: recentLikes(days, w, fromMs, toMs).map((p) => ({
              time: p.dayStartMs,
              like_percentage: p.likePercentage,
              votes: p.up + p.down,
            })),
          })),
        }
      },
    )
  },
})

/** The lifetime like % of the totals (every vote counts, there is no minimum for a lifetime figure). */
function lifetimeLikePercentage(d: DailyVotes): number {
  return Math.round((1000 * d.up) / (d.up + d.down)) / 10
}
