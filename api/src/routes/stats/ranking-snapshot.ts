import {
  chartCategoryById,
  idParam,
  rankingHistoryStartMs,
  rankingSnapshot,
  rankingSnapshotTable,
  snapToSlot,
  timeParam,
} from '@ludex/schemas'
import { z } from 'zod'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { firstRankingSlot, rankingPositionsAt } from '../../store/rankings.ts'
import { announceHistoryStart, visitorHistoryStart } from '../../viewer/history-window.ts'

export const rankingSnapshotRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/ranking/{id}',
  resource: 'stats',
  summary: 'The positions of one chart category at a time (the rankings page)',
  description:
    'id is a chart category (8 to 38; an unknown one is 404). The positions captured at the latest ' +
    'slot at or before startTime (epoch ms or ISO 8601; default now), ordered by position; time is that ' +
    'slot. With no capture in range: positions empty and time the requested slot. Ranking history is ' +
    'the last 3 years; a visitor asking before the last 30 days gets the first capture of the window ' +
    '(X-Ludex-History-Start says so).',
  params: z.object({ id: idParam }),
  query: z.object({ startTime: timeParam.optional() }),
  response: rankingSnapshot,
  csv: rankingSnapshotTable,
  errors: [404],
  maxAgeSeconds: 300,
  handler: async ({ params, query, deps, viewer, ctx }) => {
    if (!chartCategoryById(params.id)) throw ApiError.notFound(`unknown ranking ${params.id}`)
    const now = deps.now()
    const at = Math.min(query.startTime ?? now, now)
    const floor = rankingHistoryStartMs(now)
    // Searched: the ranking history, cut to the last 30 days for a visitor.
    const from = Math.max(floor, visitorHistoryStart(viewer, now, 'slot') ?? floor)
    let snapshot = at >= from ? await rankingPositionsAt(deps, params.id, from, at) : null
    if (!snapshot && from > floor) {
      // A visitor asked for a time before the window (or before its first capture): the earliest
      // capture inside it, never one before, and the header says where the answer starts.
      const first = await firstRankingSlot(deps, params.id, from, now)
      if (first !== null) {
        snapshot = await rankingPositionsAt(deps, params.id, from, first)
        announceHistoryStart(ctx, from)
      }
    }
    return snapshot ?? { time: new Date(snapToSlot(at)).toISOString(), positions: [] }
  },
})
