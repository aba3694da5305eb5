import type { ClickHouseClient } from '@clickhouse/client'
import { readOperatorState, writeOperatorState } from '@ludex/pipelines/store'
import { type BackfillRecord, backfillRecord } from '@ludex/schemas'

/** The operator_state key of the history backfill (`ludex run`'s first start, or `ludex backfill`). */
export const BACKFILL_STATE_KEY = 'backfill'

/** A backfill under way: its progress is known. */
export type FillingRecord = BackfillRecord & { readonly doneFromMs: number; readonly recentFromMs: number }

export type BackfillState =
  | { readonly kind: 'none' }
  | { readonly kind: 'finished'; readonly record: BackfillRecord }
  | { readonly kind: 'filling'; readonly record: FillingRecord }
  /** A value this version cannot read: left alone (never backfilled over). */
  | { readonly kind: 'unreadable'; readonly value: string }

function isFilling(record: BackfillRecord): record is FillingRecord {
  return (
    record.finishedAt === undefined && record.doneFromMs !== undefined && record.recentFromMs !== undefined
  )
}

export async function readBackfillState(client: ClickHouseClient): Promise<BackfillState> {
  const value = await readOperatorState(client, BACKFILL_STATE_KEY)
  if (value === null) return { kind: 'none' }
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    return { kind: 'unreadable', value }
  }
  const parsed = backfillRecord.safeParse(json)
  if (!parsed.success) return { kind: 'unreadable', value }
  const record = parsed.data
  return isFilling(record) ? { kind: 'filling', record } : { kind: 'finished', record }
}

/** Records the backfill's state as of `at` (epoch ms; the latest write wins, equal ones the later). */
export async function writeBackfillState(
  client: ClickHouseClient,
  record: BackfillRecord,
  at: number,
): Promise<void> {
  await writeOperatorState(client, BACKFILL_STATE_KEY, JSON.stringify(backfillRecord.parse(record)), at)
}
