import {
  COMPARE_MAX_EXPERIENCES,
  ccuPeriodsResponse,
  ccuPeriodsTable,
  type Granularity,
  idListParam,
  lastCompletedPeriodStart,
  periodStart,
} from '@ludex/schemas'
import { z } from 'zod'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { placeStatRows, trackedPlaces } from '../../store/stats.ts'
import { statValue } from './stats-rows.ts'

/** The three columns of the compare table, each the last completed period of its granularity. */
const PERIODS = ['day', 'week', 'month'] as const satisfies readonly Granularity[]

export const ccuPeriodsRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/ccu-periods',
  resource: 'stats',
  summary: 'Daily, weekly and monthly CCU of experiences: their last completed periods (compare table)',
  description: [
    'For each requested place that Ludex tracks (in the requested order; untracked ids are left out, a',
    '404 when none is), the average CCU (1 decimal) of its last completed day, week and month: the',
    'period before the one in progress at the time of the call, with the spec’s period starts (day at',
    '01:00 UTC, week on Monday 01:00 UTC, month on day 1 at 01:00 UTC). So at 00:59 UTC on a Monday the',
    'last completed day is Saturday’s and the last completed week the one before last; from 01:00 they',
    'are Sunday’s and last week. Each period carries its start; it is null when the place has no data',
    'for it, or when its history began inside it (a part period is never shown as whole).',
    `One call answers a whole compare table (at most ${COMPARE_MAX_EXPERIENCES} places). Signed-in`,
    'users only, as the compare pages.',
  ].join(' '),
  query: z.object({
    placeIds: idListParam(COMPARE_MAX_EXPERIENCES).describe(
      `Comma-separated place ids (at most ${COMPARE_MAX_EXPERIENCES}, repeats counted once)`,
    ),
  }),
  response: ccuPeriodsResponse,
  csv: ccuPeriodsTable,
  requires: 'user',
  errors: [404],
  maxAgeSeconds: 60,
  handler: async ({ query: q, deps }) => {
    const tracked = await trackedPlaces(deps, q.placeIds)
    const places = q.placeIds.flatMap((id) => tracked.get(id) ?? [])
    if (places.length === 0) throw ApiError.notFound('None of the requested places is tracked')
    const nowMs = deps.now()
    const placeIds = places.map((p) => p.placeId)
    const byPeriod = await Promise.all(
      PERIODS.map(async (g) => {
        const start = lastCompletedPeriodStart(nowMs, g)
        // One bucket per place; inProgressMs is the period after it, so a place whose history began
        // inside the completed period has no row for it (the whole-period rule of the stats reads).
        const rows = await placeStatRows(deps, 'ccus', {
          granularity: g,
          placeIds,
          fromMs: start,
          toMs: start,
          inProgressMs: periodStart(nowMs, g),
        })
        const values = new Map(rows.map((r) => [r.placeId, statValue('ccus', r.value)]))
        return { g, start: new Date(start).toISOString(), values }
      }),
    )
    const cell = (g: Granularity, placeId: number) => {
      const p = byPeriod.find((b) => b.g === g)
      const value = p?.values.get(placeId)
      return p && value !== undefined ? { start: p.start, value } : null
    }
    return {
      places: places.map((p) => ({
        place_id: p.placeId,
        name: p.name,
        day: cell('day', p.placeId),
        week: cell('week', p.placeId),
        month: cell('month', p.placeId),
      })),
    }
  },
})
