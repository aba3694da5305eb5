import { dateParam } from '@ludex/pipelines/store'
import {
  chartCategoryById,
  dayChanges,
  idParam,
  rankingChangesTable,
  rankingDayChanges,
  rankingHistoryStartMs,
  timeParam,
} from '@ludex/schemas'
import { z } from 'zod'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { previousCapturedDay, rankedOnDay } from '../../store/signals/ranking-changes.ts'
import { visibleFrom, visitorHistoryStart } from '../../viewer/history-window.ts'

export const rankingChangesRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/ranking/{id}/changes',
  resource: 'stats',
  summary: 'Who entered and who left a chart category on a day (the rankings page)',
  description:
    'id is a chart category (8 to 38; an unknown one is 404). day is the UTC day holding startTime ' +
    '(epoch ms or ISO 8601; default now). entered: the places ranked (not sponsored) that day and not ' +
    "on the category's previous captured day (compared_with); left: those ranked then and not that day, " +
    'each with its best rank of the day it was ranked. No previous captured day: compared_with null, ' +
    'both lists empty. Ranking history is the last 3 years; a visitor gets days of the last 30 days, ' +
    'compared only with a day inside them (X-Ludex-History-Start says where an earlier day moved to).',
  params: z.object({ id: idParam }),
  query: z.object({ startTime: timeParam.optional() }),
  response: rankingDayChanges,
  csv: rankingChangesTable,
  errors: [404],
  maxAgeSeconds: 300,
  handler: async ({ params, query, deps, viewer, ctx }) => {
    if (!chartCategoryById(params.id)) throw ApiError.notFound(`unknown ranking ${params.id}`)
    const now = deps.now()
    const at = Math.max(Math.min(query.startTime ?? now, now), rankingHistoryStartMs(now))
    const from = visibleFrom(viewer, ctx, at, now, 'date')
    const day = dateParam(from)
    const floor = dateParam(visitorHistoryStart(viewer, now, 'date') ?? rankingHistoryStartMs(now))
    const previous = await previousCapturedDay(deps, params.id, day, floor)
    if (previous === null) return { day, compared_with: null, entered: [], left: [] }
    const [today, before] = await Promise.all([
      rankedOnDay(deps, params.id, day),
      rankedOnDay(deps, params.id, previous),
    ])
    const { entered, left } = dayChanges(
      today.map((r) => r.place_id),
      before.map((r) => r.place_id),
    )
    const rankIn = (rows: readonly { place_id: number; rank: number }[]) =>
      new Map(rows.map((r) => [r.place_id, r.rank]))
    const todayRank = rankIn(today)
    const beforeRank = rankIn(before)
    const byRank = (a: { rank: number }, b: { rank: number }) => a.rank - b.rank
    return {
      day,
      compared_with: previous,
      entered: entered.map((id) => ({ place_id: id, rank: todayRank.get(id) as number })).sort(byRank),
      left: left.map((id) => ({ place_id: id, rank: beforeRank.get(id) as number })).sort(byRank),
    }
  },
})
