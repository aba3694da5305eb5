import type { ClickHouseClient } from '@clickhouse/client'
import { dateTime64Param, queryRows, readOperatorState, tables, writeOperatorState } from '../store/index.ts'
import { InsertLogError } from './insert-log.ts'

/**
 * The materialiser's progress through the insert log, kept in operator_state: a position (logged_at,
 * epoch ms) such that the range of every row logged before it has been recomputed successfully, save
 * rows that became visible late (the follower re-reads its overlap on resuming). It is always the
 * logged_at of a row the materialiser read, so while that row is in the log, nothing after it is gone.
 */
export const INSERT_LOG_CURSOR_KEY = 'materialiser.insert_log_cursor'

interface StoredCursor {
  readonly loggedAtMs: number
  /** The same instant for a person reading operator_state. */
  readonly loggedAt: string
}

/** The stored cursor, or null before the first recompute of a logged range. */
export async function readInsertLogCursor(client: ClickHouseClient): Promise<number | null> {
  const value = await readOperatorState(client, INSERT_LOG_CURSOR_KEY)
  if (value === null) return null
  let parsed: Partial<StoredCursor> | null = null
  try {
    parsed = JSON.parse(value) as Partial<StoredCursor> | null
  } catch (cause) {
    throw new InsertLogError(`Unreadable ${INSERT_LOG_CURSOR_KEY} in operator_state: ${value}`, { cause })
  }
  const position = parsed?.loggedAtMs
  if (typeof position !== 'number' || !Number.isSafeInteger(position)) {
    throw new InsertLogError(`Unreadable ${INSERT_LOG_CURSOR_KEY} in operator_state: ${value}`)
  }
  return position
}

export async function writeInsertLogCursor(
  client: ClickHouseClient,
  position: number,
  at: number,
): Promise<void> {
  const value: StoredCursor = { loggedAtMs: position, loggedAt: new Date(position).toISOString() }
  await writeOperatorState(client, INSERT_LOG_CURSOR_KEY, JSON.stringify(value), at)
}

/**
 * Whether rows after the cursor may be missing from the log: the row at the cursor is gone (the log
 * keeps rows 7 days), so rows logged after it can have expired as well, unread.
 */
export async function insertLogGapAfter(client: ClickHouseClient, position: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(client, {
    what: 'insert log at the cursor',
    query: `SELECT count() AS n FROM ${tables.insertLog} WHERE logged_at <= {at:DateTime64(3)}`,
    params: { at: dateTime64Param(position) },
    int64: ['n'],
  })
  return (row?.n ?? 0) === 0
}
