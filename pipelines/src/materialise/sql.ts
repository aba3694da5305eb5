import type { ClickHouseClient } from '@clickhouse/client'
import { queryRows, type ReadOptions } from '../store/index.ts'
import { settingsClause } from '../store/query.ts'
import { MaterialiseError } from './errors.ts'

/*
 * The materialisers' statements, with failures as MaterialiseError naming the step. Their SQL fragments,
 * table names and parameter helpers come from the store module (src/store), which the API shares.
 */

export interface CommandOptions {
  readonly query: string
  readonly params?: Record<string, unknown>
  readonly what: string
}

/** Every materialiser statement reads an unmatched LEFT JOIN column as NULL, not the type's default. */
const JOIN_NULLS = { join_use_nulls: 1 } as const

const COMMAND_SETTINGS = {
  ...JOIN_NULLS,
  // Raw and rollup tables are partitioned so that one key never spans two partitions.
  do_not_merge_across_partitions_select_final: 1,
} as const

/**
 * Runs one statement with bound parameters. Its settings travel in its own SETTINGS clause (the last
 * SELECT's, which ClickHouse applies to the whole INSERT … SELECT, UNION ALL included), never as the
 * client's clickhouse_settings: on chDB those would stay set for every later query of the process.
 */
export async function run(client: ClickHouseClient, { query, params, what }: CommandOptions): Promise<void> {
  try {
    await client.command({ query: query + settingsClause(COMMAND_SETTINGS), query_params: params ?? {} })
  } catch (cause) {
    throw new MaterialiseError(`${what} failed`, { cause })
  }
}

/** Runs a read through the store's queryRows (settings in the query's own clause) and returns its rows. */
export async function select<T extends object>(
  client: ClickHouseClient,
  options: ReadOptions<T> & { readonly what: string },
): Promise<T[]> {
  try {
    return await queryRows<T>(client, { ...options, settings: { ...JOIN_NULLS, ...options.settings } })
  } catch (cause) {
    throw new MaterialiseError(`${options.what} failed`, { cause })
  }
}
