import { dateParam } from '@ludex/pipelines/store'
import { idParam, type PlacementHistory, placementHistory, SLOT_MS } from '@ludex/schemas'
import { z } from 'zod'
import { hotAnswer } from '../../cache/hot-reads.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { trackedExperience } from '../../store/experiences.ts'
import { placementHistory as readPlacements } from '../../store/signals/placements.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

export const placePlacementsRoute = defineRoute({
  method: 'GET',
  path: '/api/place/{placeId}/placements',
  resource: 'place',
  summary: "An experience's placement history in each chart category: entries, exits, days, best rank",
  description:
    'Per chart category the experience was ranked or sponsored in, by UTC day: its entries (a day it is ' +
    'ranked after a captured day it was not) and exits (a day the category was captured without it after ' +
    'a day it was ranked; rank = the last rank held), the days ranked, the best rank, the first day at it ' +
    'and the minutes captured at it (each capture stands for its 10-minute slot), and sponsored_days: ' +
    'days the platform showed it as a sponsored (paid) tile, which are not ranks and not days in the ' +
    'category. The first captured day opens the record (being ranked then is not an entry), so a gap in ' +
    "Ludex's captures is never an exit. Categories by best rank. Visitors get the last 30 days (from, " +
    'and X-Ludex-History-Start). 404 when the place is not tracked.',
  params: z.object({ placeId: idParam }),
  response: placementHistory,
  errors: [404],
  maxAgeSeconds: 300,
  handler: async ({ params, deps, viewer, ctx }) => {
    const fromMs = visibleFrom(viewer, ctx, 0, deps.now(), 'date')
    // Summarised once per watermark (issue 19.5), not on every call.
    return hotAnswer(deps, viewer, ['placements', params.placeId, fromMs], async (store) => {
      const [tracked, categories] = await Promise.all([
        trackedExperience(store, params.placeId),
        readPlacements(store, params.placeId, fromMs),
      ])
      if (!tracked) throw ApiError.notFound(`Place ${params.placeId} is not tracked`)
      const answer: PlacementHistory = {
        from: fromMs > 0 ? dateParam(fromMs) : null,
        categories: categories
          .map((c) => ({
            category_id: c.categoryId,
            changes: c.changes.map((ch) => ({ kind: ch.kind, day: dateParam(ch.day), rank: ch.rank })),
            days_in_category: c.daysInCategory,
            best_rank: c.bestRank,
            best_rank_first_day: c.bestRankFirstDay === null ? null : dateParam(c.bestRankFirstDay),
            minutes_at_best_rank: (c.slotsAtBestRank * SLOT_MS) / 60_000,
            sponsored_days: c.sponsoredDays,
            current: c.current,
          }))
          .sort(
            (a, b) =>
              (a.best_rank ?? Number.POSITIVE_INFINITY) - (b.best_rank ?? Number.POSITIVE_INFINITY) ||
              a.category_id - b.category_id,
          ),
      }
      return answer
    })
  },
})
