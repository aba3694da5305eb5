import { dateParam, readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import type { EventStat } from '@ludex/schemas'

/**
 * Events per experience per day (event_daily_counts, materialised from game_events, each event counted
 * once), for the days whose periods start in [fromMs, toMs]. A day is the product's day period
 * (01:00 UTC to 01:00 UTC), labelled by the date it starts on.
 */
export async function eventDailyCounts(
  store: StoreReader,
  range: { placeIds: readonly number[]; fromMs: number; toMs: number },
): Promise<EventStat[]> {
  if (range.placeIds.length === 0 || range.toMs < range.fromMs) return []
  return readRows<EventStat>(store, {
    what: 'event daily counts',
    query: `SELECT place_id, num_events, toString(day) AS date
     FROM ${tables.eventDailyCounts} FINAL
     WHERE place_id IN {placeIds:Array(UInt64)} AND day >= {from:Date} AND day <= {to:Date} AND num_events > 0
     ORDER BY day, place_id`,
    params: { placeIds: range.placeIds, from: dateParam(range.fromMs), to: dateParam(range.toMs) },
    int64: ['place_id', 'num_events'],
  })
}
