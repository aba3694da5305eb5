import type { ClickHouseClient } from '@clickhouse/client'
import { averageCcuSql, dateParam, dateTime64Param, tables } from '../store/index.ts'
import { bucketStartMs } from './periods.ts'
import type { RecomputeOptions } from './rollups.ts'
import { run, select } from './sql.ts'

/** The movement tables compare the top this many places. */
export const TOP_N = 100
/** Ranks are compared with this many days earlier (spec part 1 §9). */
export const MOVEMENT_LOOKBACK_DAYS = 7

const DAY_MS = 86_400_000

/**
 * The day buckets (start ms) whose ranks or movement a change to the slot range can alter, closed by
 * `now` only (a day is closed once its next day has started), in time order: the days of the range,
 * the day before it (the slot at 01:00 that opens a day is what usually closes the previous one), and
 * the days a week later, whose movement compares with these.
 */
export function movementDays({ fromMs, toMs, now }: RecomputeOptions): number[] {
  const first = bucketStartMs(fromMs, 'day') - DAY_MS
  const last = bucketStartMs(toMs, 'day')
  const days = new Set<number>()
  for (let d = first; d <= last; d += DAY_MS) {
    days.add(d)
    days.add(d + MOVEMENT_LOOKBACK_DAYS * DAY_MS)
  }
  return [...days].filter((d) => d + DAY_MS <= now).sort((a, b) => a - b)
}

/** Ranks every place with data on each given day by its exact day-average CCU (ties share a rank). */
export async function materialiseDailyRanks(
  client: ClickHouseClient,
  dayBuckets: readonly number[],
  now: number,
): Promise<void> {
  if (dayBuckets.length === 0) return
  await run(client, {
    what: 'daily ranks',
    params: { buckets: dayBuckets.map((d) => d / 1000), computedAt: dateTime64Param(now) },
    query: `INSERT INTO ${tables.dailyRanks} (day, place_id, rank, ccu_average, computed_at)
SELECT toDate(bucket) AS d, place_id, rank() OVER (PARTITION BY d ORDER BY avg_ccu DESC), avg_ccu,
       {computedAt:DateTime64(3)}
FROM (
  SELECT bucket, place_id, ${averageCcuSql()} AS avg_ccu
  FROM ${tables.placeRollups} FINAL
  WHERE granularity = 'day' AND bucket IN (SELECT toDateTime(arrayJoin({buckets:Array(UInt32)}), 'UTC'))
)`,
  })
}

/**
 * Top-N entries and exits of one day against MOVEMENT_LOOKBACK_DAYS earlier, replacing the day's rows.
 * Without ranks on both days there is nothing to compare, and the day gets no movement (rather than
 * listing every place as new in the first week of tracking).
 */
export async function materialiseMovementDay(
  client: ClickHouseClient,
  dayBucket: number,
  comparable: boolean,
  now: number,
): Promise<void> {
  await run(client, {
    what: 'top-100 movement',
    params: {
      day: dateParam(dayBucket),
      old: dateParam(dayBucket - MOVEMENT_LOOKBACK_DAYS * DAY_MS),
      top: TOP_N,
      comparable: comparable ? 1 : 0,
      computedAt: dateTime64Param(now),
    },
    query: `INSERT INTO ${tables.top100Movement} (day, type, place_id, rank, old_rank, gain, computed_at, is_deleted)
WITH
cur AS (SELECT place_id, rank FROM ${tables.dailyRanks} FINAL WHERE day = {day:Date}),
old AS (SELECT place_id, rank FROM ${tables.dailyRanks} FINAL WHERE day = {old:Date}),
fresh AS (
  SELECT 'top100entry' AS type, c.place_id AS place_id, toNullable(c.rank) AS rank, o.rank AS old_rank
  FROM cur AS c LEFT JOIN old AS o ON o.place_id = c.place_id
  WHERE {comparable:UInt8} = 1 AND c.rank <= {top:UInt32} AND (o.rank IS NULL OR o.rank > {top:UInt32})
  UNION ALL
  SELECT 'top100exit' AS type, o.place_id AS place_id, c.rank AS rank, toNullable(o.rank) AS old_rank
  FROM old AS o LEFT JOIN cur AS c ON c.place_id = o.place_id
  WHERE {comparable:UInt8} = 1 AND o.rank <= {top:UInt32} AND (c.rank IS NULL OR c.rank > {top:UInt32})
)
SELECT {day:Date}, type, place_id, rank, old_rank, toInt64(old_rank) - toInt64(rank), {computedAt:DateTime64(3)}, 0
FROM fresh
UNION ALL
SELECT day, type, place_id, NULL, NULL, NULL, {computedAt:DateTime64(3)}, 1
FROM ${tables.top100Movement} FINAL
WHERE day = {day:Date} AND (type, place_id) NOT IN (SELECT type, place_id FROM fresh)`,
  })
}

/** Ranks and movement of every closed day a change to the range can alter; day rollups must be current. */
export async function materialiseMovement(client: ClickHouseClient, opts: RecomputeOptions): Promise<void> {
  const days = movementDays(opts)
  if (days.length === 0) return
  await materialiseDailyRanks(client, days, opts.now)
  const withRanks = await rankedDays(client, days)
  for (const day of days) {
    const comparable = withRanks.has(day) && withRanks.has(day - MOVEMENT_LOOKBACK_DAYS * DAY_MS)
    await materialiseMovementDay(client, day, comparable, opts.now)
  }
}

async function rankedDays(client: ClickHouseClient, days: readonly number[]): Promise<Set<number>> {
  const wanted = [...days, ...days.map((d) => d - MOVEMENT_LOOKBACK_DAYS * DAY_MS)].map(dateParam)
  const found = await select<{ day: string }>(client, {
    what: 'ranked days',
    params: { days: wanted },
    query: `SELECT DISTINCT day FROM ${tables.dailyRanks} FINAL WHERE day IN {days:Array(Date)}`,
  })
  // day bucket start = that date at 01:00 UTC
  return new Set(found.map((r) => Date.parse(`${r.day}T01:00:00Z`)))
}
