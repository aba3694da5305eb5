import {
  type ChartEntry,
  type ChartSortSnapshotV1,
  chartCategoryForSortId,
  DAILY_PICKS_SORT_ID,
  type DailyPicksV1,
  messageIdOf,
  SCHEMA_VERSION,
  topics,
} from '@ludex/schemas'
import type { GameSort } from '../roblox/shapes/sorts.ts'
import { type PollerDeps, type PollRun, publishAll } from './deps.ts'
import type { ExperienceRef } from './tracker.ts'

export interface SortsPollResult {
  readonly sorts: number
  readonly dailyPicks: DailyPicksV1 | null
  readonly discovered: number
}

/** Ranks among the non-sponsored entries, in array order; a sponsored entry has no rank. */
export function chartEntriesOf(sort: GameSort): ChartEntry[] {
  let rank = 0
  return sort.games.map((g) => {
    const sponsored = g.isSponsored === true
    return {
      universe_id: g.universeId,
      place_id: g.rootPlaceId,
      position: sponsored ? null : ++rank,
      sponsored,
      playing: g.playerCount,
    }
  })
}

export function utcDateOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10)
}

/**
 * Every 10 minutes: each explore sort as a ChartSortSnapshotV1 for the slot, the 'todays-picks' sort as
 * the DailyPicksV1 of the slot's UTC date, and (with discovery on) every universe seen in a sort tracked.
 */
export async function pollChartSorts(deps: PollerDeps, run: PollRun): Promise<SortsPollResult> {
  const { client, tracker, publisher, clock, logger } = deps
  const sorts = await client.getSorts({ signal: run.signal })
  const observedAt = clock.now()
  const snapshots: ChartSortSnapshotV1[] = []
  let dailyPicks: DailyPicksV1 | null = null
  const seen: ExperienceRef[] = []

  for (const sort of sorts) {
    if (deps.discovery) {
      for (const g of sort.games) seen.push({ universeId: g.universeId, placeId: g.rootPlaceId })
    }
    if (sort.sortId === DAILY_PICKS_SORT_ID) {
      const date = utcDateOf(run.slot)
      const places = sort.games
        .filter((g) => g.isSponsored !== true)
        .map((g) => ({ universe_id: g.universeId, place_id: g.rootPlaceId, name: g.name }))
      dailyPicks = {
        schema_version: SCHEMA_VERSION,
        id: messageIdOf('daily-picks', date, places.map((p) => p.place_id).join(',')),
        date,
        observed_at: observedAt,
        places,
      }
      continue
    }
    snapshots.push({
      schema_version: SCHEMA_VERSION,
      id: messageIdOf(sort.sortId, run.slot),
      slot: run.slot,
      observed_at: observedAt,
      sort_id: sort.sortId,
      category_id: chartCategoryForSortId(sort.sortId)?.id ?? null,
      display_name: sort.sortDisplayName,
      entries: chartEntriesOf(sort),
    })
  }

  // Tracked before the charts go out, in one write, so every poller process sees them from the next run.
  const discovered = seen.length > 0 ? await tracker.addAll(seen, 'discovery', observedAt) : 0
  await publishAll(publisher, topics.charts, snapshots)
  if (dailyPicks) await publisher.publish(topics.dailyPicks, [dailyPicks])
  const uncategorised = snapshots.filter((s) => s.category_id === null).map((s) => s.sort_id)
  logger.info(
    { slot: run.slot, sorts: snapshots.length, uncategorised, dailyPicks: dailyPicks !== null, discovered },
    'chart sorts polled',
  )
  return { sorts: snapshots.length, dailyPicks, discovered }
}
