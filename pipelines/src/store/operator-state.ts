import type { ClickHouseClient } from '@clickhouse/client'
import { queryRows } from './query.ts'
import { tables } from './tables.ts'

/*
 * Facts about the process's own work kept in the store (operator_state, a ReplacingMergeTree by
 * updated_at): a finished backfill, the materialiser's insert-log cursor. One value per key; the write
 * with the latest updated_at wins (equal ones: the later insert).
 */

/** The value last written under `key`, or null when none was. */
export async function readOperatorState(client: ClickHouseClient, key: string): Promise<string | null> {
  const rows = await queryRows<{ value: string }>(client, {
    what: `operator state ${key}`,
    query: `SELECT value FROM ${tables.operatorState} FINAL WHERE key = {key:String}`,
    params: { key },
  })
  return rows[0]?.value ?? null
}

/** Records `value` under `key` as of `at` (epoch ms). */
export async function writeOperatorState(
  client: ClickHouseClient,
  key: string,
  value: string,
  at: number,
): Promise<void> {
  await client.insert({
    table: tables.operatorState,
    // DateTime64(3) takes epoch milliseconds as ticks in JSONEachRow (as the sink writes them).
    values: [{ key, value, updated_at: at }],
    format: 'JSONEachRow',
  })
}
