import type { ClickHouseClient } from '@clickhouse/client'
import { CURRENT_GENRES_CTE, dateTime64Param, dateTimeParam, tables } from '../store/index.ts'
import { bucketSpan, type RollupGranularity } from './periods.ts'
import type { RecomputeOptions } from './rollups.ts'
import { run } from './sql.ts'

/** The genre chart's granularities (it has no hour). */
export const GENRE_GRANULARITIES = ['day', 'week', 'month'] as const satisfies readonly RollupGranularity[]

/**
 * Average CCU per genre for every bucket of `g` holding a slot of the range, from that granularity's
 * rollups (run them first) and each place's current genre (CURRENT_GENRES_CTE: the product genre and
 * the platform's sub-genre). A place counts once per bucket with its exact average; each place adds to
 * its (genre, genre_l2) row and to its genre row (genre_l2 '').
 * Sums are Decimal so the result does not depend on summation order: a recompute of unchanged data
 * writes bit-identical values.
 */
export async function materialiseGenreCcu(
  client: ClickHouseClient,
  g: RollupGranularity,
  { fromMs, toMs, now }: RecomputeOptions,
): Promise<void> {
  const span = bucketSpan(fromMs, toMs, g)
  await run(client, {
    what: `genre ccu ${g}`,
    params: {
      g,
      from: dateTimeParam(span.from),
      to: dateTimeParam(span.to),
      computedAt: dateTime64Param(now),
    },
    query: `INSERT INTO ${tables.genreCcu} (granularity, genre, genre_l2, bucket, places, total, average, computed_at, is_deleted)
WITH ${CURRENT_GENRES_CTE},
per_place AS (
  SELECT r.bucket AS b, ifNull(cg.genre, 'unlabeled') AS g1, ifNull(cg.genre_l2, 'unlabeled') AS g2,
         toDecimal128(r.ccu_sum, 9) / r.samples AS avg_ccu
  FROM ${tables.placeRollups} AS r FINAL
  LEFT JOIN current_genres AS cg ON cg.place_id = r.place_id
  WHERE r.granularity = {g:String} AND r.bucket >= {from:DateTime} AND r.bucket < {to:DateTime}
),
fresh AS (
  SELECT b, g1, sub, count() AS places, sum(avg_ccu) AS total
  FROM per_place
  ARRAY JOIN [g2, ''] AS sub
  GROUP BY b, g1, sub
)
SELECT {g:String}, g1, sub, b, places, toFloat64(total), toFloat64(total / places), {computedAt:DateTime64(3)}, 0
FROM fresh
UNION ALL
SELECT granularity, genre, genre_l2, bucket, 0, 0, 0, {computedAt:DateTime64(3)}, 1
FROM ${tables.genreCcu} FINAL
WHERE granularity = {g:String} AND bucket >= {from:DateTime} AND bucket < {to:DateTime}
  AND (genre, genre_l2, bucket) NOT IN (SELECT g1, sub, b FROM fresh)`,
  })
}

/**
 * Platform genre distribution for every slot of [fromMs, toMs]: CCU of the places polled in the slot,
 * by current genre and (genre, genre_l2), with shares of the slot's platform CCU and of the parent.
 */
export async function materialiseGenreDistribution(
  client: ClickHouseClient,
  { fromMs, toMs, now }: RecomputeOptions,
): Promise<void> {
  await run(client, {
    what: 'genre distribution',
    params: { from: dateTimeParam(fromMs), to: dateTimeParam(toMs), computedAt: dateTime64Param(now) },
    query: `INSERT INTO ${tables.genreDistribution} (slot, genre, genre_l2, places, ccu, share, parent_share, computed_at, is_deleted)
WITH ${CURRENT_GENRES_CTE},
per_genre AS (
  -- Aggregated to (slot, genres) before the two levels are spread: far fewer rows to duplicate.
  SELECT s.slot AS t, ifNull(cg.genre, 'unlabeled') AS g1, ifNull(cg.genre_l2, 'unlabeled') AS g2,
         count() AS places, sum(s.playing) AS ccu
  FROM ${tables.placeSnapshots} AS s FINAL
  LEFT JOIN current_genres AS cg ON cg.place_id = s.place_id
  WHERE s.slot >= {from:DateTime} AND s.slot <= {to:DateTime}
  GROUP BY t, g1, g2
),
fresh AS (
  SELECT t, g1, sub, sum(places) AS places, sum(ccu) AS ccu
  FROM per_genre
  ARRAY JOIN [g2, ''] AS sub
  GROUP BY t, g1, sub
)
SELECT t, g1, sub, places, ccu,
       if(slot_ccu = 0, 0, ccu / slot_ccu), if(parent_ccu = 0, 0, ccu / parent_ccu),
       {computedAt:DateTime64(3)}, 0
FROM (
  SELECT *,
         sumIf(ccu, sub = '') OVER (PARTITION BY t) AS slot_ccu,
         sumIf(ccu, sub = '') OVER (PARTITION BY t, g1) AS parent_ccu
  FROM fresh
)
UNION ALL
SELECT slot, genre, genre_l2, 0, 0, 0, 0, {computedAt:DateTime64(3)}, 1
FROM ${tables.genreDistribution} FINAL
WHERE slot >= {from:DateTime} AND slot <= {to:DateTime}
  AND (slot, genre, genre_l2) NOT IN (SELECT t, g1, sub FROM fresh)`,
  })
}

/** Both genre tables for a range; the rollups of the range must be current. */
export async function materialiseGenres(client: ClickHouseClient, opts: RecomputeOptions): Promise<void> {
  for (const g of GENRE_GRANULARITIES) await materialiseGenreCcu(client, g, opts)
  await materialiseGenreDistribution(client, opts)
}
