import type { ClickHouseClient, ClickHouseSettings } from '@clickhouse/client'
import type { Logger } from 'pino'

/** A read of the analytics store failed; `cause` holds the client's error, `what` names the read. */
export class StoreReadError extends Error {
  constructor(
    readonly what: string,
    options?: { cause?: unknown },
  ) {
    super(`Store read '${what}' failed`, options)
    this.name = 'StoreReadError'
  }
}

/** A declared 64-bit integer column held a value a JS number cannot hold exactly (beyond ±2^53). */
export class UnsafeIntegerError extends Error {
  constructor(
    readonly what: string,
    readonly column: string,
    readonly value: string,
  ) {
    super(`Store read '${what}': column ${column} holds ${value}, beyond a safe JS integer`)
    this.name = 'UnsafeIntegerError'
  }
}

/** The analytics store and where its reads log: the API passes its deps, which hold both. */
export interface StoreReader {
  readonly clickhouse: ClickHouseClient
  readonly logger?: Logger
  /** Where answers of reads are kept (the API's hot reads); without it every read runs. */
  readonly readCache?: StoreReadCache
}

/**
 * Keeps the rows a read answered, so the same statement with the same parameters may be answered again
 * without running while the data it read has not changed (the keeper decides how it knows). Rows it
 * returns are shared: callers must not mutate them.
 */
export interface StoreReadCache {
  read<T extends object>(options: ReadOptions<T>, run: () => Promise<T[]>): Promise<T[]>
}

export interface ReadOptions<T> {
  /**
   * SQL with `{name:Type}` placeholders only: no value from a request is ever spliced into the text.
   * No SETTINGS clause (pass `settings`: queryRows appends the clause).
   */
  readonly query: string
  readonly params?: Record<string, unknown>
  /** Names the read in the log and in errors (default: the query's first line). */
  readonly what?: string
  /**
   * Columns of 64-bit integer type (UInt64, Int64, counts, sums of integers), scalar, nullable or
   * arrays: they come back as JS numbers. Every other 64-bit column stays a string (see below).
   */
  readonly int64?: readonly (keyof T & string)[]
  readonly settings?: ClickHouseSettings
}

/**
 * A ClickHouse server quotes 64-bit integers in JSON by default and chDB does not. Every read asks for
 * quotes, so both engines answer alike: a 64-bit column a caller forgot to declare is a string in
 * every test, not only against a server, and a declared one is converted exactly once, here.
 */
const QUOTE_64BIT = { output_format_json_quote_64bit_integers: 1 } as const

/**
 * Settings every read pins unless it says otherwise: the server defaults. The chDB connection applies a
 * call's clickhouse_settings with SET on its one long-lived session, so a setting passed that way by
 * any caller (ours append a SETTINGS clause instead: settingsClause) would change what a later read means.
 */
const READ_DEFAULTS = { join_use_nulls: 0 } as const

/**
 * The settings as the statement's own SETTINGS clause, to append to its text: scoped to this statement
 * on every engine (the client's per-request `clickhouse_settings` become session-wide SETs on chDB,
 * changing every later query of the process). Names and values are ours, never a request's.
 */
export function settingsClause(settings: ClickHouseSettings): string {
  const items: string[] = []
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) continue
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new TypeError(`Invalid setting name ${name}`)
    items.push(`${name} = ${settingLiteral(value)}`)
  }
  return items.length === 0 ? '' : `\nSETTINGS ${items.join(', ')}`
}

function settingLiteral(value: unknown): string {
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? '1' : '0'
  return `'${String(value).replace(/['\\]/g, '\\$&')}'`
}

function toSafeInteger(what: string, column: string, value: unknown): unknown {
  if (value === null || value === undefined) return value
  if (Array.isArray(value)) return value.map((v) => toSafeInteger(what, column, v))
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isSafeInteger(n)) throw new UnsafeIntegerError(what, column, String(value))
  return n
}

/**
 * Runs a read (JSONEachRow) with bound parameters and returns its rows, with the declared 64-bit
 * integer columns as numbers. Logs the elapsed time and row count at debug when given a logger.
 */
export async function queryRows<T extends object>(
  client: ClickHouseClient,
  options: ReadOptions<T>,
  logger?: Logger,
): Promise<T[]> {
  const what = options.what ?? options.query.trim().split('\n', 1)[0] ?? ''
  const started = performance.now()
  let rows: Record<string, unknown>[]
  try {
    const result = await client.query({
      query: options.query + settingsClause({ ...READ_DEFAULTS, ...options.settings, ...QUOTE_64BIT }),
      query_params: options.params ?? {},
      format: 'JSONEachRow',
    })
    rows = await result.json<Record<string, unknown>>()
  } catch (cause) {
    throw new StoreReadError(what, { cause })
  }
  for (const column of options.int64 ?? []) {
    for (const row of rows) {
      if (column in row) row[column] = toSafeInteger(what, column, row[column])
    }
  }
  logger?.debug({ what, ms: Math.round(performance.now() - started), rows: rows.length }, 'store read')
  // The caller's row type describes the query's columns; the declared integers are converted above.
  return rows as T[]
}

/** queryRows through a StoreReader: its client, its logger for the debug line, and its read cache if any. */
export function readRows<T extends object>(store: StoreReader, options: ReadOptions<T>): Promise<T[]> {
  const run = () => queryRows<T>(store.clickhouse, options, store.logger)
  return store.readCache ? store.readCache.read(options, run) : run()
}
