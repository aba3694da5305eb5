import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import type { ClickHouseClient } from '@clickhouse/client'
import { DUMPS_DIR, HOURLY_DUMP_COLUMNS, HOURLY_DUMPS_DIR, hourlyDumpFile } from '@ludex/schemas'
import type { Logger } from 'pino'
import { dateTimeParam, isoFromClickHouse, queryRows, tables } from '../store/index.ts'

const DAY_MS = 86_400_000

type Column = (typeof HOURLY_DUMP_COLUMNS)[number]
type DumpRow = Record<Column, string | number | null>

/** The UTC day before the one holding `nowMs`, YYYY-MM-DD: the day the daily job dumps. */
export function previousUtcDay(nowMs: number): string {
  return new Date(Math.floor(nowMs / DAY_MS) * DAY_MS - DAY_MS).toISOString().slice(0, 10)
}

/** Where a day's hourly dump is written under the data dir. */
export function hourlyDumpPath(dataDir: string, day: string): string {
  return join(dataDir, DUMPS_DIR, HOURLY_DUMPS_DIR, hourlyDumpFile(day))
}

const HOURLY_ROWS_SQL = `SELECT place_id, toString(bucket) AS bucket_text, samples, ccu_sum, ccu_min, ccu_max,
       visits_min, visits_max, favorites_last, up_votes_last, down_votes_last
FROM ${tables.placeRollups} FINAL
WHERE granularity = 'hour' AND bucket >= {from:DateTime('UTC')} AND bucket < {to:DateTime('UTC')}
ORDER BY place_id, bucket`

/** The stored hourly rollup rows of a UTC day, by place and hour, as the dump holds them. */
export async function hourlyRowsOf(client: ClickHouseClient, day: string): Promise<DumpRow[]> {
  const from = Date.parse(`${day}T00:00:00Z`)
  const rows = await queryRows<Omit<DumpRow, 'bucket'> & { bucket_text: string }>(client, {
    what: 'hourly dump',
    query: HOURLY_ROWS_SQL,
    params: { from: dateTimeParam(from), to: dateTimeParam(from + DAY_MS) },
    int64: [
      'place_id',
      'ccu_sum',
      'visits_min',
      'visits_max',
      'favorites_last',
      'up_votes_last',
      'down_votes_last',
    ],
  })
  return rows.map(({ bucket_text, ...r }) => ({ ...r, bucket: isoFromClickHouse(bucket_text) }))
}

/** Every value is a number, an ISO time or empty (null): nothing to quote. */
const csvLine = (row: DumpRow) => `${HOURLY_DUMP_COLUMNS.map((c) => row[c] ?? '').join(',')}\n`

export interface HourlyDumpResult {
  readonly day: string
  readonly path: string
  readonly rows: number
  /** false when the day's dump was there already (it is written once). */
  readonly written: boolean
}

/**
 * Writes one UTC day's hourly rollups of every experience as gzip CSV (header row first) under
 * LUDEX_DATA_DIR/dumps/hourly/, unless that day's dump exists: a dump is written once, so its bytes
 * (and a downloader's checksum) never change. Written to a temporary name and renamed, so a reader
 * never sees half a file.
 */
export async function writeHourlyDump(options: {
  readonly client: ClickHouseClient
  readonly dataDir: string
  readonly day: string
  readonly logger?: Logger
}): Promise<HourlyDumpResult> {
  const path = hourlyDumpPath(options.dataDir, options.day)
  if (await stat(path).catch(() => null)) return { day: options.day, path, rows: 0, written: false }
  const rows = await hourlyRowsOf(options.client, options.day)
  await mkdir(join(options.dataDir, DUMPS_DIR, HOURLY_DUMPS_DIR), { recursive: true })
  const partial = `${path}.${process.pid}.partial`
  try {
    const lines = (function* () {
      yield `${HOURLY_DUMP_COLUMNS.join(',')}\n`
      for (const row of rows) yield csvLine(row)
    })()
    await pipeline(Readable.from(lines), createGzip(), createWriteStream(partial))
    await rename(partial, path)
  } catch (err) {
    await rm(partial, { force: true })
    throw err
  }
  options.logger?.info({ day: options.day, rows: rows.length }, 'hourly dump written')
  return { day: options.day, path, rows: rows.length, written: true }
}
