import { Readable } from 'node:stream'
import type { ClickHouseClient } from '@clickhouse/client'
import { BatchRejectedError } from '@ludex/schemas'
import { type StoreRefusal, storeRefusal } from '../clickhouse/refusals.ts'
import type { JsonRow, TsvRows } from './rows.ts'

/** An insert that failed because the store was unavailable (or for a reason not known to be the rows'). */
export class SinkInsertError extends Error {
  constructor(
    readonly table: string,
    readonly rows: number,
    options?: { cause?: unknown },
  ) {
    super(`Insert of ${rows} rows into ${table} failed`, options)
    this.name = 'SinkInsertError'
  }
}

/**
 * An insert the store refused because of the rows (storeRefusal): a BatchRejectedError, so the bus
 * bisects the batch and dead-letters the messages refused alone, with the table and the store's error.
 */
export class SinkRefusedError extends BatchRejectedError {
  constructor(
    readonly table: string,
    readonly rows: number,
    readonly refusal: StoreRefusal,
    options?: { cause?: unknown },
  ) {
    super(`${table}: ${refusal.reason}`, options)
    this.name = 'SinkRefusedError'
  }
}

/**
 * One INSERT of a table's TabSeparated batch, as the sink writes its high-volume tables. `ludex bench`
 * times the raw engine insert through this same call, so the two figures differ only by the pipeline.
 */
export async function insertTsv(client: ClickHouseClient, table: string, rows: TsvRows): Promise<void> {
  if (rows.count === 0) return
  try {
    await client.insert({
      table,
      columns: [...rows.columns] as [string, ...string[]],
      // The client wants a byte stream for text formats; one chunk holds the whole batch.
      values: Readable.from([rows.text], { objectMode: false }),
      format: 'TabSeparated',
      // One parsing thread: on a 2-core machine the producer already owns a core, and the parallel
      // parser's extra threads only fight it (measured slower end to end).
      clickhouse_settings: { input_format_parallel_parsing: 0, ...rows.settings },
    })
  } catch (err) {
    throw insertError(table, rows.count, err)
  }
}

/** One INSERT of a low-volume table's rows as JSONEachRow. */
export async function insertJson(client: ClickHouseClient, table: string, rows: JsonRow[]): Promise<void> {
  if (rows.length === 0) return
  try {
    await client.insert({ table, values: rows, format: 'JSONEachRow' })
  } catch (err) {
    throw insertError(table, rows.length, err)
  }
}

function insertError(table: string, rows: number, err: unknown): Error {
  const refusal = storeRefusal(err)
  return refusal
    ? new SinkRefusedError(table, rows, refusal, { cause: err })
    : new SinkInsertError(table, rows, { cause: err })
}
