import { dateParam } from '@ludex/pipelines/store'
import {
  type GenreBenchmarks,
  genreBenchmarks,
  genreBenchmarksTable,
  isExperienceGenre,
  timeParam,
} from '@ludex/schemas'
import { z } from 'zod'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { genreBenchmarkRows } from '../../store/signals/standing.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

const DAY_MS = 86_400_000
/** Without startTime, the distribution of the last this many days. */
export const GENRE_BENCHMARK_DEFAULT_DAYS = 30

export const genreBenchmarksRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/genre-benchmarks/{genre}',
  resource: 'stats',
  summary: "A genre's benchmark distribution per day: p25/p50/p75/p90 of CCU, like ratio and playtime",
  description:
    'The materialised genre benchmarks, oldest day first, from the UTC day holding startTime (epoch ms ' +
    `or ISO 8601; default ${GENRE_BENCHMARK_DEFAULT_DAYS} days ago) to today. Per day over the genre's ` +
    'places (by their current genre): the exact percentiles of their day-average CCU, like ratio (up ÷ ' +
    "(up + down) of the day's last votes) and playtime (seconds), linear between order statistics; a " +
    'metric no place defines is null. places counts the places with a CCU average that day. Visitors get ' +
    'the last 30 days (X-Ludex-History-Start). An unknown genre is a 404.',
  params: z.object({
    genre: z
      .string()
      .max(64, 'must be at most 64 characters')
      .meta({ description: 'A genre key (or unlabeled).' }),
  }),
  query: z.object({ startTime: timeParam.optional() }),
  response: genreBenchmarks,
  csv: genreBenchmarksTable,
  errors: [404],
  maxAgeSeconds: 600,
  handler: async ({ params, query, deps, viewer, ctx }) => {
    const genre = params.genre
    if (!isExperienceGenre(genre)) throw ApiError.notFound(`There is no genre '${genre}'`)
    const now = deps.now()
    const asked = Math.min(query.startTime ?? now - GENRE_BENCHMARK_DEFAULT_DAYS * DAY_MS, now)
    const from = visibleFrom(viewer, ctx, asked, now, 'date')
    const rows = await genreBenchmarkRows(deps, genre, dateParam(from), dateParam(now))
    const answer: GenreBenchmarks = {
      genre,
      days: rows.map((r) => ({
        day: r.day,
        places: r.places,
        ccu: { p25: r.ccu_p25, p50: r.ccu_p50, p75: r.ccu_p75, p90: r.ccu_p90 },
        like_ratio: {
          p25: r.like_ratio_p25,
          p50: r.like_ratio_p50,
          p75: r.like_ratio_p75,
          p90: r.like_ratio_p90,
        },
        playtime: { p25: r.playtime_p25, p50: r.playtime_p50, p75: r.playtime_p75, p90: r.playtime_p90 },
      })),
    }
    return answer
  },
})
