import {
  floorValue,
  GENRE_STATS_START_MS,
  genreChartGranularity,
  genreStatsResponse,
  genreStatsTable,
  granularityParam,
  roundAverageCcu,
  timeParam,
} from '@ludex/schemas'
import { z } from 'zod'
import { DATED_SERIES_HEADERS } from '../../http/response-headers.ts'
import { defineRoute } from '../../http/route.ts'
import { platformHistoryStartMs } from '../../store/platform.ts'
import { genreCcuRows } from '../../store/stats-genres.ts'
import { GENRE_MAPPING_DESCRIPTION } from '../genre/mapping-description.ts'
import { resolveBucketRange, wholeFrom } from './stats-range.ts'

export const statsGenresRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/genres',
  resource: 'stats',
  summary: 'Average Genre CCU: one series per genre',
  description: [
    'One series per genre with data (named by its key, ordered by key) of',
    '[time, average CCU per experience to 1 decimal, total CCU floored]; time is the bucket start in',
    'epoch ms. Granularity day (default), week or month: hour falls back to day, since genre averages',
    'are kept per day and longer. Starts at 2022-01-01 unless startTime says otherwise (snapped to its',
    'period start) and runs to now. Only whole periods: a period that began before the platform’s',
    'stored history did is left out; the period in progress is the one exception, and',
    'X-Ludex-Partial-From names its start (leave it out of records and averages). Visitors get the',
    'last 30 days: when the start, or the period it snaps to, lies before them, the first bucket is the',
    'first period starting inside them and X-Ludex-History-Start says where. An experience counts',
    'under its current genre.',
    GENRE_MAPPING_DESCRIPTION,
  ].join(' '),
  query: z.object({ granularity: granularityParam.default('day'), startTime: timeParam.optional() }),
  response: genreStatsResponse,
  csv: genreStatsTable,
  responseHeaders: DATED_SERIES_HEADERS,
  maxAgeSeconds: 60,
  handler: async ({ query, viewer, deps, ctx }) => {
    const granularity = genreChartGranularity(query.granularity)
    const nowMs = deps.now()
    const range = resolveBucketRange({
      viewer,
      nowMs,
      granularity,
      startMs: query.startTime,
      endMs: undefined,
      defaultStartMs: GENRE_STATS_START_MS,
      ctx,
    })
    // Genre averages are built from every tracked place's rollups: they begin with the platform's history.
    const fromMs = wholeFrom(range.fromMs, await platformHistoryStartMs(deps), nowMs, granularity)
    const rows = await genreCcuRows(deps, granularity, fromMs, range.toMs)
    const series: { name: string; data: [number, number, number][] }[] = []
    for (const r of rows) {
      let last = series.at(-1)
      if (last?.name !== r.genre) {
        last = { name: r.genre, data: [] }
        series.push(last)
      }
      last.data.push([r.time, roundAverageCcu(r.average), floorValue(r.total)])
    }
    return { stat: 'ccus' as const, series }
  },
})
