import type { ClickHouseClient } from '@clickhouse/client'
import { SLOT_MS } from '@ludex/schemas'
import { tables } from '../store/index.ts'
import { select } from './sql.ts'

/**
 * About how many raw snapshot rows one materialiser statement reads at most. Reads and memory follow
 * rows (an hour GROUP BY holds a sixth of them as groups), not days: a month of 2,000 experiences is
 * 8.6 M rows, a day of 100,000 is 14.4 M.
 */
export const RAW_ROWS_PER_STATEMENT = 10_000_000

const SLOTS_PER_DAY = 86_400_000 / SLOT_MS
/** A month chunk never holds more days than this. */
const MAX_DAYS = 31

/**
 * How many days of slots one statement over the raw snapshots covers in a recompute of [fromMs, toMs]:
 * as many as keep it within RAW_ROWS_PER_STATEMENT for the places the store tracks (place_latest's
 * rows, without FINAL: an estimate is enough), at least one. A range within a day (a live slot) needs
 * no count.
 */
export async function rawDaysPerStatement(
  client: ClickHouseClient,
  range: { readonly fromMs: number; readonly toMs: number },
): Promise<number> {
  if (range.toMs - range.fromMs < 86_400_000) return 1
  const [row] = await select<{ n: number }>(client, {
    what: 'tracked places estimate',
    query: `SELECT count() AS n FROM ${tables.placeLatest}`,
    int64: ['n'],
  })
  const places = Math.max(1, row?.n ?? 0)
  return Math.max(1, Math.min(MAX_DAYS, Math.floor(RAW_ROWS_PER_STATEMENT / (places * SLOTS_PER_DAY))))
}
