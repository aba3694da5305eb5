import type { ClickHouseClient } from '@clickhouse/client'
import type { Logger } from 'pino'
import { tables } from '../store/tables.ts'

/**
 * The tables whose TTLs carry the legal pages' retention promises (migration 027): rows deleted 3
 * months after they happened (VISIT_STATS_RETENTION_MONTHS), and in site_events the visitor's address
 * blanked after 30 days (IP_ADDRESS_RETENTION_DAYS).
 */
export const RETAINED_TABLES = [tables.siteEvents, tables.errorReports] as const

export interface RetentionResult {
  /** The tables whose TTLs were applied, in order. */
  readonly tables: readonly string[]
  readonly ms: number
}

/**
 * Applies the TTLs of RETAINED_TABLES now. ClickHouse applies a TTL when it merges a part, and a part
 * nothing is written to may wait for a merge indefinitely (merge_with_ttl_timeout is only a minimum);
 * MATERIALIZE TTL rewrites every part whose TTL has expired rows or addresses, so after this returns
 * nothing older than its promise is left. The mutation is waited for (mutations_sync in the
 * statement's own SETTINGS, which never leak onto chDB's session). Idempotent: run it daily.
 */
export async function applyRetention(
  client: ClickHouseClient,
  logger: Logger,
  now: () => number = Date.now,
): Promise<RetentionResult> {
  const started = now()
  for (const table of RETAINED_TABLES) {
    await client.command({ query: `ALTER TABLE ${table} MATERIALIZE TTL SETTINGS mutations_sync = 2` })
  }
  const result = { tables: [...RETAINED_TABLES], ms: now() - started }
  logger.info(result, 'retention applied')
  return result
}
