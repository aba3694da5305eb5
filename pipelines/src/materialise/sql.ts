import type { ClickHouseClient } from '@clickhouse/client'
import { MaterialiseError } from './errors.ts'

/** Epoch ms → a `{name:DateTime}` parameter: epoch seconds are unambiguous whatever the server's zone. */
export function dateTimeParam(ms: number): number {
  return Math.floor(ms / 1000)
}

/** Epoch ms → a `{name:DateTime64(3)}` parameter, in UTC. */
export function dateTime64Param(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '')
}

/** Epoch ms → a `{name:Date}` parameter: the UTC date. */
export function dateParam(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/**
 * Average playtime in seconds from a rollup row's columns: CCU-time over the visits gained in the same
 * span, (ccu_sum / samples) × (last_slot − first_slot) ÷ (visits_max − visits_min). NULL when no visit
 * was gained (one sample, or a flat counter), so an undefined estimate is never read as zero.
 * `prefix` qualifies the columns (e.g. 'r.') when the rollup table is joined.
 */
export function playtimeSecondsSql(prefix = ''): string {
  const p = prefix
  return (
    `if(${p}visits_max > ${p}visits_min AND ${p}samples > 0, ` +
    `(${p}ccu_sum / ${p}samples) * dateDiff('second', ${p}first_slot, ${p}last_slot) / (${p}visits_max - ${p}visits_min), ` +
    "CAST(NULL, 'Nullable(Float64)'))"
  )
}

/** Exact average CCU of a rollup row: sum over count, never an average of averages. */
export function averageCcuSql(prefix = ''): string {
  return `(${prefix}ccu_sum / ${prefix}samples)`
}

/**
 * The genre key the spec groups by: lower-cased, trimmed, empty as 'unlabeled' (the same rule as
 * genreGroupKey in @ludex/schemas, written in SQL).
 */
export function genreKeySql(column: string): string {
  return `if(trimBoth(ifNull(${column}, '')) = '', 'unlabeled', lowerUTF8(trimBoth(ifNull(${column}, ''))))`
}

/**
 * Each place's current genres: the latest details row it has. Places never described are absent here;
 * joins map them to 'unlabeled'.
 */
export const CURRENT_GENRES_CTE = `current_genres AS (
  SELECT place_id,
         ${genreKeySql('tupleElement(g, 1)')} AS genre_l1,
         ${genreKeySql('tupleElement(g, 2)')} AS genre_l2
  FROM (
    SELECT place_id, argMax((genre_l1, genre_l2), observed_at) AS g
    FROM place_details FINAL
    GROUP BY place_id
  )
)`

export interface CommandOptions {
  readonly query: string
  readonly params?: Record<string, unknown>
  readonly what: string
}

/** Runs one statement with bound parameters; failures are MaterialiseError naming the step. */
export async function run(client: ClickHouseClient, { query, params, what }: CommandOptions): Promise<void> {
  try {
    await client.command({
      query,
      query_params: params ?? {},
      clickhouse_settings: {
        join_use_nulls: 1,
        // Raw and rollup tables are partitioned so that one key never spans two partitions.
        do_not_merge_across_partitions_select_final: 1,
      },
    })
  } catch (cause) {
    throw new MaterialiseError(`${what} failed`, { cause })
  }
}

/** Runs a read and returns its rows. */
export async function select<T>(
  client: ClickHouseClient,
  { query, params, what }: CommandOptions,
): Promise<T[]> {
  try {
    const rs = await client.query({
      query,
      query_params: params ?? {},
      format: 'JSONEachRow',
      clickhouse_settings: { join_use_nulls: 1 },
    })
    return await rs.json<T>()
  } catch (cause) {
    throw new MaterialiseError(`${what} failed`, { cause })
  }
}
