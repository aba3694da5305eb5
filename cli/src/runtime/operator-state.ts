import type { ClickHouseClient } from '@clickhouse/client'

/** Facts about the process's own work kept in the store (operator_state), e.g. a finished backfill. */
export async function readOperatorState(client: ClickHouseClient, key: string): Promise<string | null> {
  const result = await client.query({
    query: 'SELECT value FROM operator_state FINAL WHERE key = {key:String}',
    query_params: { key },
    format: 'JSONEachRow',
  })
  const rows = await result.json<{ value: string }>()
  return rows[0]?.value ?? null
}

export async function writeOperatorState(
  client: ClickHouseClient,
  key: string,
  value: string,
  at: number,
): Promise<void> {
  await client.insert({
    table: 'operator_state',
    values: [{ key, value, updated_at: at }],
    format: 'JSONEachRow',
  })
}
