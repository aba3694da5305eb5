import type { ClickHouseClient } from '@clickhouse/client'

/**
 * Runs a read with bound parameters only ({name:Type} placeholders): no value from a request is ever
 * spliced into SQL text. UInt64 columns come back as numbers from chDB and as strings from a server
 * (JSON quoting of 64-bit integers), so readers convert with Number().
 */
export async function queryRows<T>(
  client: ClickHouseClient,
  query: string,
  params: Record<string, unknown> = {},
): Promise<T[]> {
  const result = await client.query({ query, query_params: params, format: 'JSONEachRow' })
  return result.json<T>()
}

/** Epoch ms → the 'YYYY-MM-DD hh:mm:ss' text a DateTime('UTC') parameter takes. */
export function dateTimeParam(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
}

/** A DateTime or DateTime64 value read as text ('YYYY-MM-DD hh:mm:ss[.fff]', UTC) → ISO 8601. */
export function isoFromClickHouse(value: string): string {
  return `${value.replace(' ', 'T')}${value.includes('.') ? '' : '.000'}Z`
}
