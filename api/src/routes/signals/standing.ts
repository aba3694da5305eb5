import {
  genreStanding,
  idParam,
  percentileOf,
  quantileInclusive,
  STANDING_METRICS,
  STANDING_MIN_PLACES,
  type StandingMetric,
  snapToSlot,
} from '@ludex/schemas'
import { z } from 'zod'
import { hotAnswer } from '../../cache/hot-reads.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { trackedExperience } from '../../store/experiences.ts'
import {
  type BenchmarkRow,
  currentGenreOf,
  genreBenchmarkRows,
  genreDayValues,
  lastBenchmarkDay,
  type StandingRow,
} from '../../store/signals/standing.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

type Group = z.input<typeof genreStanding>['groups'][number]
type Quartiles = Group['metrics'][number]['distribution']

const LEVELS = [0.25, 0.5, 0.75, 0.9] as const

function quartilesOf(values: readonly number[]): Quartiles {
  const [p25, p50, p75, p90] = LEVELS.map((q) => quantileInclusive(values, q))
  return { p25: p25 ?? null, p50: p50 ?? null, p75: p75 ?? null, p90: p90 ?? null }
}

/** The materialised distribution of a metric the genre benchmarks hold (favorites they do not). */
function materialised(row: BenchmarkRow | undefined, metric: StandingMetric): Quartiles | null {
  if (!row || metric === 'favorites_per_1k_visits') return null
  return {
    p25: row[`${metric}_p25`],
    p50: row[`${metric}_p50`],
    p75: row[`${metric}_p75`],
    p90: row[`${metric}_p90`],
  }
}

function group(
  scope: Group['scope'],
  key: string,
  rows: readonly StandingRow[],
  mine: StandingRow | undefined,
  benchmark: BenchmarkRow | undefined,
): Group {
  return {
    scope,
    key,
    metrics: STANDING_METRICS.map((metric) => {
      const values = rows.map((r) => r[metric]).filter((v): v is number => v !== null)
      const value = mine?.[metric] ?? null
      return {
        metric,
        value,
        percentile: value === null ? null : percentileOf(value, values),
        places: values.length,
        distribution: materialised(benchmark, metric) ?? quartilesOf(values),
      }
    }),
  }
}

export const placeStandingRoute = defineRoute({
  method: 'GET',
  path: '/api/place/{placeId}/standing',
  resource: 'place',
  summary: "An experience's percentile within its genre and sub-genre",
  description:
    'The last complete UTC day that has genre benchmarks (a visitor: inside the last 30 days; day null ' +
    'when there is none, groups empty). For the genre and then the sub-genre (the same genre and ' +
    "genre_l2) of the experience now: on each metric (ccu: the day's exact average CCU; like_ratio: up ÷ " +
    "(up + down) of the day's last votes; playtime: seconds; favorites_per_1k_visits: favorites per " +
    "1,000 visits from the day's last counters) the experience's value, its percentile (the share of the " +
    "group's places below it, ties counted half, × 100; null without a value or with fewer than " +
    `${STANDING_MIN_PLACES} places having one), the number of places with a value, and p25/p50/p75/p90 ` +
    "(the genre's ccu, like_ratio and playtime as materialised in the genre benchmarks; the others " +
    'computed alike: linear between order statistics). 404 when the place is not tracked.',
  params: z.object({ placeId: idParam }),
  response: genreStanding,
  errors: [404],
  maxAgeSeconds: 600,
  handler: async ({ params, deps, viewer, ctx }) => {
    const now = deps.now()
    const fromMs = visibleFrom(viewer, ctx, 0, now, 'date')
    // A day is closed at a full hour: up to the slot holding now is the same test as up to now, so the
    // answer stands for the slot (hot reads) and its percentiles are computed once per watermark.
    const to = snapToSlot(now)
    return hotAnswer(deps, viewer, ['standing', params.placeId, fromMs, to], async (store) => {
      const tracked = await trackedExperience(store, params.placeId)
      if (!tracked) throw ApiError.notFound(`Place ${params.placeId} is not tracked`)
      const [genres, day] = await Promise.all([
        currentGenreOf(store, params.placeId),
        lastBenchmarkDay(store, fromMs, to),
      ])
      const base = {
        genre: genres.genre as z.input<typeof genreStanding>['genre'],
        sub_genre: genres.genre_l2,
      }
      if (day === null) return { day: null, ...base, groups: [] }
      const [rows, benchmarks] = await Promise.all([
        genreDayValues(store, genres.genre, day),
        genreBenchmarkRows(store, genres.genre, day, day),
      ])
      const mine = rows.find((r) => r.place_id === params.placeId)
      const sub = rows.filter((r) => r.genre_l2 === genres.genre_l2)
      return {
        day,
        ...base,
        groups: [
          group('genre', genres.genre, rows, mine, benchmarks[0]),
          group('sub_genre', genres.genre_l2, sub, mine, undefined),
        ],
      }
    })
  },
})
