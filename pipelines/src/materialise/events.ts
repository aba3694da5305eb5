import type { ClickHouseClient } from '@clickhouse/client'
import { dateTime64Param, tables } from '../store/index.ts'
import { bucketSpan, bucketSql } from './periods.ts'
import type { RecomputeOptions } from './rollups.ts'
import { run } from './sql.ts'

/**
 * Rebuilds the daily event counts of every day period that holds an instant of [fromMs, toMs] (the
 * event times a batch brought), from the deduplicated game_events: each (place, event id) counts once,
 * and a recompute replaces the day's row (computed_at), so a redelivered or replayed batch changes no
 * count. Days are the product's day periods (01:00 UTC), stored as the date they start on.
 */
export async function materialiseEventCounts(
  client: ClickHouseClient,
  range: RecomputeOptions,
): Promise<void> {
  const span = bucketSpan(range.fromMs, range.toMs, 'day')
  await run(client, {
    what: 'event daily counts',
    query: `INSERT INTO ${tables.eventDailyCounts} (place_id, day, num_events, computed_at)
SELECT place_id, toDate(${bucketSql('day', 'time')}) AS d, count(), {computedAt:DateTime64(3)}
FROM ${tables.gameEvents} FINAL
WHERE time >= {from:DateTime64(3)} AND time < {to:DateTime64(3)}
GROUP BY place_id, d`,
    params: {
      from: dateTime64Param(span.from),
      to: dateTime64Param(span.to),
      computedAt: dateTime64Param(range.now),
    },
  })
}
