import {
  idListParam,
  lastCompletedPeriodStart,
  MOMENTUM_CHANGE_THRESHOLD,
  MOMENTUM_MAX_PLACE_IDS,
  MOMENTUM_MIN_CCU,
  MOMENTUM_MIN_DAYS,
  MOMENTUM_WINDOW_DAYS,
  type MomentumResponse,
  momentumOf,
  momentumResponse,
  momentumTable,
  momentumWindows,
  type PlaceMomentum,
  periodStart,
  roundAverageCcu,
  roundTo,
} from '@ludex/schemas'
import { z } from 'zod'
import type { ApiDeps } from '../../deps.ts'
import { defineRoute } from '../../http/route.ts'
import { dailyAverageCcu } from '../../store/momentum.ts'
import { cachedCurrentExperiences } from '../place/current-experiences.ts'

/** The windows move once a day; a late rollup of the last day is picked up within this. */
const MOMENTUM_TTL_MS = 10 * 60_000

const pct = (x: number) => `${Math.round(x * 100)} %`

function placeMomentum(placeId: number, m: ReturnType<typeof momentumOf>): PlaceMomentum {
  const avg = (v: number | null) => (v === null ? null : roundAverageCcu(v))
  return {
    place_id: placeId,
    momentum: m.label,
    change: m.change === null ? null : roundTo(m.change, 3),
    recent_average: avg(m.recentAverage),
    previous_average: avg(m.previousAverage),
    reason: m.reason,
  }
}

/** The momentum of the places (in order), or of every tracked place ordered by players online. */
async function computeMomentum(deps: ApiDeps, placeIds: readonly number[] | null): Promise<MomentumResponse> {
  const nowMs = deps.now()
  const last = lastCompletedPeriodStart(nowMs, 'day')
  const { recentFromMs, previousFromMs } = momentumWindows(last)
  const ids = placeIds ?? (await cachedCurrentExperiences(deps)).map((c) => c.experience.place_id)
  const days = await dailyAverageCcu(deps, { placeIds: ids, fromMs: previousFromMs, toMs: last })
  return {
    previous_from: new Date(previousFromMs).toISOString(),
    recent_from: new Date(recentFromMs).toISOString(),
    recent_to: new Date(periodStart(nowMs, 'day')).toISOString(),
    places: ids.map((id) => placeMomentum(id, momentumOf(days.get(id) ?? [], last))),
  }
}

/**
 * The momentum of every tracked experience, computed at most once per 10 minutes (MOMENTUM_TTL_MS) and
 * per day: this call without placeIds, and the experiences list sorted by momentum. The call with
 * placeIds keeps its answers the same way, per set of ids.
 */
export function cachedMomentumOfAll(deps: ApiDeps): Promise<MomentumResponse> {
  const last = lastCompletedPeriodStart(deps.now(), 'day')
  return deps.cache.get(`momentum:all:${last}`, MOMENTUM_TTL_MS, () => computeMomentum(deps, null))
}

export const momentumRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/momentum',
  resource: 'stats',
  summary: 'Momentum of experiences: Rising, Stable or Declining (the list, the detail header, tags)',
  description: [
    `The mean of the daily average CCU of the last ${MOMENTUM_WINDOW_DAYS} complete days (01:00 to 01:00`,
    `UTC; the day in progress is not used) against the mean of the ${MOMENTUM_WINDOW_DAYS} days before.`,
    `change = (recent − previous) / max(previous, ${MOMENTUM_MIN_CCU}); at or above`,
    `+${pct(MOMENTUM_CHANGE_THRESHOLD)} the label is rising, at or below −${pct(MOMENTUM_CHANGE_THRESHOLD)}`,
    'declining, stable between. No label (momentum null) when a window has fewer than',
    `${MOMENTUM_MIN_DAYS} days with data (reason too_little_data) or when both means are below`,
    `${MOMENTUM_MIN_CCU} CCU (reason too_few_players). Without placeIds, every tracked experience (ordered`,
    'by players online, as /api/place?slim); with placeIds, those asked for, in order (an id Ludex does not',
    'track answers with no label). Either answer is computed at most once per 10 minutes per set of ids.',
    'The windows are the last 14 complete days, inside the visitors’ 30-day',
    'window, so visitors and users get the same answer. Computed from the day rollups, so it moves once',
    'a day, shortly after 01:00 UTC. The method is on /methodology#momentum. A call of its own, so the',
    'spec’s slim experience keeps its fields.',
  ].join(' '),
  query: z.object({
    placeIds: idListParam(MOMENTUM_MAX_PLACE_IDS)
      .optional()
      .describe(
        `Comma-separated place ids (at most ${MOMENTUM_MAX_PLACE_IDS}); leave out for every tracked one`,
      ),
  }),
  response: momentumResponse,
  csv: momentumTable,
  maxAgeSeconds: 60,
  handler: async ({ query: q, deps }) => {
    const placeIds = q.placeIds
    if (placeIds === undefined) return cachedMomentumOfAll(deps)
    // Kept like the whole list's (it moves once a day): the experience page asks it on every view.
    const last = lastCompletedPeriodStart(deps.now(), 'day')
    return deps.cache.get(`momentum:${last}:${placeIds.join(',')}`, MOMENTUM_TTL_MS, () =>
      computeMomentum(deps, placeIds),
    )
  },
})
