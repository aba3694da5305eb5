import { randomUUID } from 'node:crypto'
import type { ClickHouseClient } from '@clickhouse/client'
import type { Logger } from 'pino'
import type { InsertedEvent } from '../sink/sink.ts'
import { tables } from '../store/tables.ts'

/**
 * The insert log connects a sink and a materialiser that run in different processes (see
 * migrations/024_insert_log.sql): the sink records the slot range of every batch it inserted, the
 * materialiser reads what it has not seen yet and recomputes those ranges. In one process the sink
 * calls the materialiser directly and nothing is logged.
 */
export class InsertLogError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'InsertLogError'
  }
}

/** The sink's onInserted for a process without a materialiser: one small row per handled batch. */
export function insertLogWriter(client: ClickHouseClient): (event: InsertedEvent) => Promise<void> {
  return async (event) => {
    try {
      await client.insert({
        table: tables.insertLog,
        values: [
          {
            id: randomUUID(),
            topic: event.topic,
            min_slot: event.minSlot,
            max_slot: event.maxSlot,
            rows: event.rows,
          },
        ],
        format: 'JSONEachRow',
      })
    } catch (cause) {
      // The sink redelivers the batch; its inserts are idempotent, and so is recomputing the range.
      throw new InsertLogError(`Cannot log the insert of ${event.rows} rows of ${event.topic}`, { cause })
    }
  }
}

export interface LoggedInsert {
  readonly id: string
  /** Server time the row was logged (epoch ms). */
  readonly loggedAt: number
  readonly topic: string
  readonly minSlot: number
  readonly maxSlot: number
  readonly rows: number
}

export interface InsertLogFollowerOptions {
  readonly client: ClickHouseClient
  readonly logger: Logger
  /** Called once per logged insert (the materialiser marks the range dirty). */
  readonly onInsert: (insert: LoggedInsert) => void
  readonly pollMs: number
  /** Epoch ms now, for where to start reading. */
  readonly now: () => number
  /**
   * How far back the first read goes (default one day): a materialiser that was down catches up on
   * what was inserted meanwhile, as `ludex run` recomputes its last day at start.
   */
  readonly lookbackMs?: number
  /**
   * Rows are read again this far behind the newest one seen (default 30 s), since an insert can become
   * visible after a later-stamped one; ids already handled are skipped.
   */
  readonly overlapMs?: number
  /** After each read: how many new rows it found, or the error. */
  readonly onPoll?: (result: { rows: number } | { error: unknown }) => void
}

export interface InsertLogFollower {
  /** Reads the log once now; resolves with the number of new rows handed to onInsert. */
  poll(): Promise<number>
  stop(): Promise<void>
}

const READ_LIMIT = 50_000

export function followInsertLog(options: InsertLogFollowerOptions): InsertLogFollower {
  const { client, logger, onInsert, pollMs } = options
  const overlapMs = options.overlapMs ?? 30_000
  let since = options.now() - (options.lookbackMs ?? 86_400_000)
  const seen = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined
  let inFlight: Promise<number> | undefined
  let stopped = false

  async function read(): Promise<number> {
    let rows: Array<Record<string, string | number>>
    try {
      const rs = await client.query({
        // Aliases must not reuse column names: ClickHouse resolves WHERE's logged_at to a same-named alias.
        query: `SELECT toString(id) AS id_text, toUnixTimestamp64Milli(logged_at) AS logged_ms, topic,
                       toUnixTimestamp64Milli(min_slot) AS min_ms, toUnixTimestamp64Milli(max_slot) AS max_ms, rows
                FROM ${tables.insertLog}
                WHERE logged_at >= fromUnixTimestamp64Milli({since:Int64}, 'UTC')
                ORDER BY logged_at, id
                LIMIT ${READ_LIMIT}`,
        query_params: { since },
        format: 'JSONEachRow',
      })
      rows = await rs.json<Record<string, string | number>>()
    } catch (cause) {
      throw new InsertLogError('Cannot read the insert log', { cause })
    }
    let fresh = 0
    let newest = since
    for (const r of rows) {
      const loggedAt = Number(r.logged_ms)
      newest = Math.max(newest, loggedAt)
      const id = String(r.id_text)
      if (seen.has(id)) continue
      seen.set(id, loggedAt)
      fresh++
      onInsert({
        id,
        loggedAt,
        topic: String(r.topic),
        minSlot: Number(r.min_ms),
        maxSlot: Number(r.max_ms),
        rows: Number(r.rows),
      })
    }
    // A full page means more rows share the newest instants: keep reading from there, not behind it.
    since = rows.length >= READ_LIMIT ? newest : Math.max(since, newest - overlapMs)
    for (const [id, at] of seen) if (at < since) seen.delete(id)
    return fresh
  }

  function poll(): Promise<number> {
    if (inFlight) return inFlight
    const run = read().finally(() => {
      inFlight = undefined
    })
    inFlight = run
    return run
  }

  function schedule(): void {
    if (stopped) return
    timer = setTimeout(() => {
      poll()
        .then((rows) => options.onPoll?.({ rows }))
        .catch((error: unknown) => {
          logger.error({ err: error }, 'insert log read failed; will retry')
          options.onPoll?.({ error })
        })
        .finally(schedule)
    }, pollMs)
  }
  schedule()

  return {
    poll,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await inFlight?.catch(() => undefined)
    },
  }
}
