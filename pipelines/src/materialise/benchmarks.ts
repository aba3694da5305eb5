import type { ClickHouseClient } from '@clickhouse/client'
import {
  averageCcuSql,
  CURRENT_GENRES_CTE,
  dateTime64Param,
  dateTimeParam,
  likeRatioSql,
  playtimeSecondsSql,
  tables,
} from '../store/index.ts'
import { bucketSpan } from './periods.ts'
import type { RecomputeOptions } from './rollups.ts'
import { run } from './sql.ts'

/** The benchmark percentiles, in the order of the table's _p25, _p50, _p75, _p90 columns. */
export const BENCHMARK_LEVELS = [0.25, 0.5, 0.75, 0.9] as const

function quantileColumns(values: string, n: string, nullable: boolean): string {
  return BENCHMARK_LEVELS.map((_, i) =>
    nullable ? `if(${n} = 0, NULL, ${values}[${i + 1}])` : `${values}[${i + 1}]`,
  ).join(', ')
}

/**
 * Genre benchmarks for every day bucket holding a slot of the range (the current day too, replaced as
 * it fills), from the day rollups (run them first). Per place: its exact day-average CCU, like ratio
 * up / (up + down) from the day's last votes (undefined without votes), and playtime (undefined without
 * visits gained). Percentiles are exact (quantilesExactInclusive: linear between order statistics, the
 * spreadsheet PERCENTILE.INC rule): a genre has few places per day, so sorting them is cheap and exact.
 */
export async function materialiseBenchmarks(
  client: ClickHouseClient,
  { fromMs, toMs, now }: RecomputeOptions,
): Promise<void> {
  const span = bucketSpan(fromMs, toMs, 'day')
  const levels = BENCHMARK_LEVELS.join(', ')
  await run(client, {
    what: 'genre benchmarks',
    params: { from: dateTimeParam(span.from), to: dateTimeParam(span.to), computedAt: dateTime64Param(now) },
    query: `INSERT INTO ${tables.genreBenchmarksDaily} (day, genre, places, ccu_p25, ccu_p50, ccu_p75, ccu_p90,
  like_ratio_places, like_ratio_p25, like_ratio_p50, like_ratio_p75, like_ratio_p90,
  playtime_places, playtime_p25, playtime_p50, playtime_p75, playtime_p90, computed_at, is_deleted)
WITH ${CURRENT_GENRES_CTE},
per_place AS (
  SELECT toDate(r.bucket) AS d, ifNull(cg.genre, 'unlabeled') AS g1,
         ${averageCcuSql('r.')} AS avg_ccu,
         ${likeRatioSql('r.')} AS like_ratio,
         ${playtimeSecondsSql('r.')} AS playtime
  FROM ${tables.placeRollups} AS r FINAL
  LEFT JOIN current_genres AS cg ON cg.place_id = r.place_id
  WHERE r.granularity = 'day' AND r.bucket >= {from:DateTime} AND r.bucket < {to:DateTime}
),
fresh AS (
  SELECT d, g1, count() AS places, quantilesExactInclusive(${levels})(avg_ccu) AS ccu_q,
         count(like_ratio) AS like_n, quantilesExactInclusive(${levels})(like_ratio) AS like_q,
         count(playtime) AS playtime_n, quantilesExactInclusive(${levels})(playtime) AS playtime_q
  FROM per_place
  GROUP BY d, g1
)
SELECT d, g1, places, ${quantileColumns('ccu_q', 'places', false)},
       like_n, ${quantileColumns('like_q', 'like_n', true)},
       playtime_n, ${quantileColumns('playtime_q', 'playtime_n', true)},
       {computedAt:DateTime64(3)}, 0
FROM fresh
UNION ALL
SELECT day, genre, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, {computedAt:DateTime64(3)}, 1
FROM ${tables.genreBenchmarksDaily} FINAL
WHERE day >= toDate({from:DateTime}) AND day < toDate({to:DateTime})
  AND (day, genre) NOT IN (SELECT d, g1 FROM fresh)`,
  })
}
