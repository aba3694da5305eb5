import type { ClickHouseClient } from '@clickhouse/client'
import { playtimeSecondsSql } from '@ludex/pipelines'
import type { Granularity, StatKind } from '@ludex/schemas'
import { latestDetailsSql } from './latest-details.ts'
import { dateTimeParam } from './query.ts'

/*
 * Reads of /api/stats/{kind}: per-place rows of place_rollups, and the average over a set of places
 * computed in one grouped query. Values come back raw (unrounded); the route applies the spec's rounding.
 * Every value is bound as a parameter; the SQL text is chosen from the fixed kind expressions below.
 */

/** FINAL stays within one partition here (a rollup key never spans two months), so skip the merge. */
const READ_SETTINGS = { do_not_merge_across_partitions_select_final: 1 } as const

async function read<T>(client: ClickHouseClient, query: string, params: Record<string, unknown>) {
  const result = await client.query({
    query,
    query_params: params,
    format: 'JSONEachRow',
    clickhouse_settings: READ_SETTINGS,
  })
  return result.json<T>()
}

/** A tracked place's name and creation instant (null when unknown). */
export interface PlaceInfo {
  readonly placeId: number
  readonly name: string
  readonly createdMs: number | null
}

interface PlaceInfoRow {
  place_id: number | string
  name: string
  created_ms: number | string
}

/**
 * The tracked places among `ids` (those with a latest snapshot), with their latest name and creation
 * date; ids Ludex does not track are absent from the map.
 */
export async function trackedPlaces(
  client: ClickHouseClient,
  ids: readonly number[],
): Promise<Map<number, PlaceInfo>> {
  if (ids.length === 0) return new Map()
  const rows = await read<PlaceInfoRow>(
    client,
    `SELECT l.place_id AS place_id, d.name AS name, toUnixTimestamp64Milli(d.created) AS created_ms
FROM (SELECT DISTINCT place_id FROM place_latest FINAL WHERE place_id IN {ids:Array(UInt64)}) AS l
LEFT JOIN
(
    ${latestDetailsSql({ name: 'name', created: 'created_at' }, { where: 'place_id IN {ids:Array(UInt64)}' })}
) AS d USING (place_id)`,
    { ids },
  )
  const out = new Map<number, PlaceInfo>()
  for (const r of rows) {
    const placeId = Number(r.place_id)
    const created = Number(r.created_ms)
    // A place never described joins as '' and the epoch: no name yet, creation unknown.
    out.set(placeId, {
      placeId,
      name: r.name || String(placeId),
      createdMs: created > 0 ? created : null,
    })
  }
  return out
}

/**
 * The per-place value of a rollup row for each single-valued kind, NULL where the row has none:
 * - ccus: exact average CCU of the bucket (sum ÷ samples, never an average of averages);
 * - visits: the cumulative counter at its highest in the bucket;
 * - favorites: the value of the bucket's last slot;
 * - rating: up ÷ (up + down) of the last votes seen in the bucket; NULL while votes are unknown or zero;
 * - playtime: seconds (CCU-time over visits gained); NULL when no visit was gained.
 */
const VALUE_SQL: Record<Exclude<StatKind, 'likes'>, string> = {
  ccus: 'toFloat64(ccu_sum / samples)',
  visits: 'toFloat64(visits_max)',
  favorites: 'toFloat64(favorites_last)',
  rating:
    'if(up_votes_last IS NULL OR down_votes_last IS NULL OR up_votes_last + down_votes_last = 0, ' +
    "CAST(NULL, 'Nullable(Float64)'), up_votes_last / (up_votes_last + down_votes_last))",
  playtime: playtimeSecondsSql(),
}

/** The rows of one granularity, for some places, with bucket in [from, to] (both bucket starts). */
const ROLLUP_WHERE = `granularity = {g:String}
  AND place_id IN {ids:Array(UInt64)}
  AND bucket >= {from:DateTime('UTC')}
  AND bucket <= {to:DateTime('UTC')}`

export interface RangeQuery {
  readonly granularity: Granularity
  readonly placeIds: readonly number[]
  /** First bucket start to include (epoch ms). */
  readonly fromMs: number
  /** Last instant whose bucket is included (epoch ms): a bucket starting at or before it is read. */
  readonly toMs: number
}

function rangeParams(q: RangeQuery): Record<string, unknown> {
  return { g: q.granularity, ids: q.placeIds, from: dateTimeParam(q.fromMs), to: dateTimeParam(q.toMs) }
}

/** One place's row: bucket start (epoch ms) and the raw value(s). Likes carry up and down votes. */
export interface PlaceStatRow {
  readonly placeId: number
  readonly time: number
  readonly value: number
  /** Likes only: the down votes. */
  readonly second?: number
}

interface RawPlaceRow {
  place_id: number | string
  t: number | string
  v: number | string
  v2?: number | string
}

/** Per-place rows of a kind, in (place, time) order; buckets without a value are absent (gaps). */
export async function placeStatRows(
  client: ClickHouseClient,
  kind: StatKind,
  q: RangeQuery,
): Promise<PlaceStatRow[]> {
  if (q.placeIds.length === 0) return []
  const select =
    kind === 'likes'
      ? `SELECT place_id, toUnixTimestamp(bucket) * 1000 AS t, up_votes_last AS v, down_votes_last AS v2
FROM place_rollups FINAL
WHERE ${ROLLUP_WHERE} AND up_votes_last IS NOT NULL AND down_votes_last IS NOT NULL`
      : // The inner value is named apart: a SELECT alias is visible in WHERE, so reusing 'v' there
        // would test the assumeNotNull() result and let NULLs through as 0.
        `SELECT place_id, t, assumeNotNull(nv) AS v FROM (
    SELECT place_id, toUnixTimestamp(bucket) * 1000 AS t, ${VALUE_SQL[kind]} AS nv
    FROM place_rollups FINAL
    WHERE ${ROLLUP_WHERE}
) WHERE nv IS NOT NULL`
  const rows = await read<RawPlaceRow>(client, `${select}\nORDER BY place_id, t`, rangeParams(q))
  return rows.map((r) => ({
    placeId: Number(r.place_id),
    time: Number(r.t),
    value: Number(r.v),
    ...(r.v2 !== undefined && { second: Number(r.v2) }),
  }))
}

export interface AverageQuery extends RangeQuery {
  /**
   * true: every place counts in every bucket that has data, a missing or zero value as 0 (the divisor
   * is placeIds.length); false: only places with a non-zero value in the bucket count.
   */
  readonly includeZeros: boolean
  readonly withPercentiles: boolean
}

/** One bucket of an average: the mean, and for likes the mean down votes, or the quartiles. */
export interface AverageRow {
  readonly time: number
  readonly value: number
  readonly second?: number
  readonly lower?: number
  readonly upper?: number
}

interface RawAverageRow {
  t: number | string
  value: number
  v2?: number
  q?: number[]
}

/**
 * The average of a kind over places, per bucket, in one query grouped by bucket (a tag of hundreds of
 * places is one scan of their rollup rows, not one query per place). Quartiles are exact
 * (quantilesExactInclusive: linear between order statistics) over the same per-place values the mean
 * uses, zeros included when includeZeros is set. Buckets where no place has a value are absent.
 */
export async function averageStatRows(
  client: ClickHouseClient,
  kind: StatKind,
  q: AverageQuery,
): Promise<AverageRow[]> {
  if (q.placeIds.length === 0) return []
  const params = { ...rangeParams(q), n: q.placeIds.length, zeros: q.includeZeros ? 1 : 0 }
  if (kind === 'likes') {
    // Likes and dislikes are averaged apart: a place with likes but no dislikes counts in one only.
    const rows = await read<RawAverageRow>(
      client,
      `SELECT toUnixTimestamp(bucket) * 1000 AS t,
       if({zeros:UInt8} = 1, sum(up) / {n:UInt32}, ifNotFinite(avgIf(up, up > 0), 0)) AS value,
       if({zeros:UInt8} = 1, sum(down) / {n:UInt32}, ifNotFinite(avgIf(down, down > 0), 0)) AS v2
FROM (
    SELECT bucket, assumeNotNull(up_votes_last) AS up, assumeNotNull(down_votes_last) AS down
    FROM place_rollups FINAL
    WHERE ${ROLLUP_WHERE} AND up_votes_last IS NOT NULL AND down_votes_last IS NOT NULL
)
GROUP BY bucket
ORDER BY bucket`,
      params,
    )
    return rows.map((r) => ({ time: Number(r.t), value: r.value, second: r.v2 ?? 0 }))
  }
  // vals: the per-place values of the bucket; with zeros, padded with 0 up to every place.
  const quartiles = q.withPercentiles
    ? ",\n       arrayReduce('quantilesExactInclusive(0.25, 0.75)', vals) AS q"
    : ''
  const rows = await read<RawAverageRow>(
    client,
    `SELECT t, arrayAvg(vals) AS value${quartiles}
FROM (
    SELECT toUnixTimestamp(bucket) * 1000 AS t,
           if({zeros:UInt8} = 1, arrayResize(groupArray(v), {n:UInt32}, 0), groupArray(v)) AS vals
    FROM (
        SELECT bucket, assumeNotNull(nv) AS v FROM (
            SELECT bucket, ${VALUE_SQL[kind]} AS nv
            FROM place_rollups FINAL
            WHERE ${ROLLUP_WHERE}
        ) WHERE nv IS NOT NULL AND ({zeros:UInt8} = 1 OR nv > 0)
    )
    GROUP BY bucket
)
ORDER BY t`,
    params,
  )
  return rows.map((r) => ({
    time: Number(r.t),
    value: r.value,
    ...(r.q && { lower: r.q[0] ?? 0, upper: r.q[1] ?? 0 }),
  }))
}
