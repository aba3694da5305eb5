import type { ClickHouseClient } from '@clickhouse/client'
import { queryRows, type ReadOptions } from '../store/index.ts'
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

/** Runs one statement with bound parameters. */
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

/** Runs a read through the store's queryRows and returns its rows. */
export async function select<T extends object>(
  client: ClickHouseClient,
  options: ReadOptions<T> & { readonly what: string },
): Promise<T[]> {
  try {
    return await queryRows<T>(client, { ...options, settings: { join_use_nulls: 1, ...options.settings } })
  } catch (cause) {
    throw new MaterialiseError(`${options.what} failed`, { cause })
  }
}
