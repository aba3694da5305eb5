import {
  idParam,
  rankingHistoryStartMs,
  rankingSeries,
  rankingSeriesTable,
  snapToSlot,
  timeParam,
} from '@ludex/schemas'
import { z } from 'zod'
import { hotAnswer } from '../../cache/hot-reads.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { chartObservations, isTrackedPlace, mergeRankingPeriods } from '../../store/rankings.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

export const rankingSeriesRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/ranking',
  resource: 'stats',
  summary: 'The periods an experience spent in each chart category (the rankings gantt)',
  description:
    'One entry per period in a category: start and end (an observation covers its 10-minute slot; ' +
    'captures less than 1 hour apart join one period), name the peak position (#N), y the category id. ' +
    'Ordered by category, then start. Ranking history is the last 3 years (the default and earliest ' +
    'startTime); visitors see the captures of the last 30 days (from the first slot inside them; ' +
    'X-Ludex-History-Start when moved). 404 for an ' +
    'experience Ludex does not track.',
  query: z.object({ placeId: idParam, startTime: timeParam.optional() }),
  response: rankingSeries,
  csv: rankingSeriesTable,
  errors: [404],
  maxAgeSeconds: 300,
  handler: async ({ query, deps, viewer, ctx }) => {
    const now = deps.now()
    const floor = rankingHistoryStartMs(now)
    const start = visibleFrom(viewer, ctx, snapToSlot(Math.max(query.startTime ?? floor, floor)), now, 'slot')
    // Observations are at slot starts: up to the slot holding now reads the same rows as up to now, so
    // the answer stands for the slot; its periods are merged once per watermark (issue 19.5).
    const to = snapToSlot(now)
    return hotAnswer(deps, viewer, ['ranking', query.placeId, start, to], async (store) => {
      if (!(await isTrackedPlace(store, query.placeId))) {
        throw ApiError.notFound(`Experience ${query.placeId} is not tracked`)
      }
      return mergeRankingPeriods(await chartObservations(store, query.placeId, start, to))
    })
  },
})
