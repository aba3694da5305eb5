import type { StoreReader } from '@ludex/pipelines/store'
import {
  chartCategoryById,
  type DailyCcu,
  lastCompletedPeriodStart,
  momentumWindows,
  periodStart,
  SLOT_MS,
} from '@ludex/schemas'
import { dailyAverageCcu } from '../store/momentum.ts'
import type { TagRepository } from '../tags/tag-repository.ts'
import {
  bucketAverages,
  ccuPoints,
  chartCaptures,
  detailSeries,
  latestRolledUpSlot,
  placeNames,
  thumbnailSeries,
} from './observations.ts'
import type { AlertRepository, StoredAlert } from './repository.ts'
import {
  type AlertEvent,
  averageChange,
  ccuCrossings,
  momentumChanges,
  priceChanges,
  topNChanges,
  updateEvents,
} from './rules.ts'

/*
 * One evaluation: every alert against the store up to its newest rolled-up slot. It looks back over a
 * window (so a slot missed while no process ran is still seen, within it) and records each event once
 * per alert (AlertRepository.fire): evaluating the same slot again — a redelivered batch recomputed,
 * a restart, a second alerts process — fires nothing new. Events from before an alert was created never
 * fire it.
 */

/** Slot-based rules (CCU crossings) look back this far. */
export const CCU_LOOKBACK_MS = 6 * SLOT_MS
/** Chart captures, details and thumbnails are looked at over the last day (and the one before it). */
export const OBSERVATION_LOOKBACK_MS = 86_400_000

export interface EvaluationDeps {
  readonly repository: AlertRepository
  readonly store: StoreReader
  readonly tags: Pick<TagRepository, 'find'>
  readonly now: () => number
}

export interface EvaluationResult {
  /** The slot evaluated up to (null: the store has no rollup yet). */
  readonly slotMs: number | null
  /** Firings recorded by this evaluation (not those that had fired before). */
  readonly fired: number
}

/** The experiences an alert watches: its experience, or the members of its tag (none once it is gone). */
async function watchedPlaces(alert: StoredAlert, tags: EvaluationDeps['tags']): Promise<number[]> {
  if (alert.target.type === 'experience') return [alert.target.placeId]
  const tag = await tags.find(alert.target.tagId)
  // The owner must still see it: their own or a curated tag (a tag made personal elsewhere stops).
  if (!tag || (!tag.global && tag.ownerId !== alert.userId)) return []
  return [...tag.placeIds]
}

const noDays: readonly DailyCcu[] = []

export async function evaluateAlerts(deps: EvaluationDeps): Promise<EvaluationResult> {
  const slotMs = await latestRolledUpSlot(deps.store)
  if (slotMs === null) return { slotMs: null, fired: 0 }
  const nowMs = deps.now()
  const alerts = await deps.repository.all()
  if (alerts.length === 0) return { slotMs, fired: 0 }
  const watched = new Map<number, number[]>()
  for (const a of alerts) watched.set(a.id, await watchedPlaces(a, deps.tags))
  const idsOf = (kinds: readonly StoredAlert['rule']['kind'][]) => [
    ...new Set(alerts.filter((a) => kinds.includes(a.rule.kind)).flatMap((a) => watched.get(a.id) ?? [])),
  ]
  const allIds = idsOf(['ccu', 'change', 'rank', 'price', 'update', 'momentum'])
  const obsFrom = slotMs - OBSERVATION_LOOKBACK_MS
  // Momentum: the last day closed by the rolled-up slot against the day before, each labelled as the
  // momentum API labels it (its store query, its rule), so the windows reach one day further back.
  const momentumDay = lastCompletedPeriodStart(slotMs, 'day')
  const [names, ccu, details, thumbs, dailyCcu] = await Promise.all([
    placeNames(deps.store, allIds),
    ccuPoints(deps.store, idsOf(['ccu']), slotMs - CCU_LOOKBACK_MS, slotMs),
    detailSeries(deps.store, idsOf(['price', 'update']), obsFrom, nowMs),
    thumbnailSeries(deps.store, idsOf(['update']), obsFrom, nowMs),
    dailyAverageCcu(deps.store, {
      placeIds: idsOf(['momentum']),
      fromMs: momentumWindows(periodStart(momentumDay - 1, 'day')).previousFromMs,
      toMs: momentumDay,
    }),
  ])
  const averages = new Map<
    'day' | 'week',
    { closed: number; before: number; closedAt: number; values: Map<number, Map<number, number>> }
  >()
  for (const period of ['day', 'week'] as const) {
    const ids = [
      ...new Set(
        alerts.flatMap((a) =>
          a.rule.kind === 'change' && a.rule.period === period ? (watched.get(a.id) ?? []) : [],
        ),
      ),
    ]
    if (ids.length === 0) continue
    // The bucket holding the slot is still open: the last closed one ends where it starts.
    const current = periodStart(slotMs, period)
    const closed = periodStart(current - 1, period)
    const before = periodStart(closed - 1, period)
    averages.set(period, {
      closed,
      before,
      closedAt: current,
      values: await bucketAverages(deps.store, ids, period, [before, closed]),
    })
  }
  const categories = [...new Set(alerts.flatMap((a) => (a.rule.kind === 'rank' ? [a.rule.categoryId] : [])))]
  const captures = new Map(
    await Promise.all(
      categories.map(async (c) => [c, await chartCaptures(deps.store, c, obsFrom, slotMs)] as const),
    ),
  )

  let fired = 0
  for (const alert of alerts) {
    const events: AlertEvent[] = []
    for (const placeId of watched.get(alert.id) ?? []) {
      const name = names.get(placeId) ?? `Experience ${placeId}`
      const rule = alert.rule
      switch (rule.kind) {
        case 'ccu':
          events.push(...ccuCrossings(rule, placeId, name, ccu.get(placeId) ?? [], SLOT_MS))
          break
        case 'change': {
          const a = averages.get(rule.period)
          const v = a?.values.get(placeId)
          if (a)
            events.push(
              ...averageChange(rule, placeId, name, v?.get(a.before), v?.get(a.closed), a.closedAt, a.closed),
            )
          break
        }
        case 'rank': {
          const category = chartCategoryById(rule.categoryId)
          events.push(
            ...topNChanges(
              rule,
              placeId,
              name,
              category?.title ?? `category ${rule.categoryId}`,
              captures.get(rule.categoryId) ?? [],
            ),
          )
          break
        }
        case 'price':
          events.push(...priceChanges(placeId, name, details.get(placeId)?.prices ?? []))
          break
        case 'update':
          events.push(
            ...updateEvents(
              placeId,
              name,
              details.get(placeId)?.updated ?? [],
              thumbs.get(placeId) ?? new Map(),
            ),
          )
          break
        case 'momentum':
          events.push(...momentumChanges(rule, placeId, name, dailyCcu.get(placeId) ?? noDays, momentumDay))
          break
      }
    }
    for (const e of events) {
      if (e.atMs <= alert.createdAt.getTime()) continue
      const status = alert.channel === 'email' && alert.digest ? 'queued' : 'pending'
      const id = await deps.repository.fire({
        alertId: alert.id,
        eventKey: e.key,
        placeId: e.placeId,
        summary: e.summary,
        firedAt: new Date(nowMs),
        delivery: { channel: alert.channel, status },
      })
      if (id !== null) fired++
    }
  }
  return { slotMs, fired }
}
