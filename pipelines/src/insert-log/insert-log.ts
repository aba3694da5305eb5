import { randomUUID } from 'node:crypto'
import type { ClickHouseClient } from '@clickhouse/client'
import type { Logger } from 'pino'
import type { InsertedEvent } from '../sink/sink.ts'
import { dateTime64Param, queryRows, tables } from '../store/index.ts'

/**
 * The insert log is the durable record of what the materialiser has to recompute (see
 * migrations/024_insert_log.sql): every live sink records the slot range of every batch it inserted,
 * and the materialiser reads what it has not seen yet, from its cursor on (`resumeMaterialiser`). A
 * sink in the materialiser's own process also nudges the follower, for latency.
 */
export class InsertLogError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'InsertLogError'
  }
}

/** The live sink's onInserted: one small row per handled batch. */
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
  /** Server time the row was logged (epoch ms): its position in the log. */
  readonly loggedAt: number
  readonly topic: string
  readonly minSlot: number
  readonly maxSlot: number
  readonly rows: number
}

export interface InsertLogFollowerOptions {
  readonly client: ClickHouseClient
  readonly logger: Logger
  /** Called once per logged insert (the materialiser marks the range dirty, with loggedAt). */
  readonly onInsert: (insert: LoggedInsert) => void
  readonly pollMs: number
  /**
   * Position (logged_at, epoch ms) to resume at: the materialiser's cursor, or 0 for the whole log.
   * The first read starts `overlapMs` before it, for rows that became visible late.
   */
  readonly from: number
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
  /**
   * Reads soon, without waiting for the next poll (a sink in this process just logged a batch). A read
   * in flight is followed by one more, so a row logged while it ran is not left to the timer.
   */
  nudge(): void
  stop(): Promise<void>
}

const READ_LIMIT = 50_000

interface LogRow {
  id_text: string
  logged_ms: number
  topic: string
  min_ms: number
  max_ms: number
  rows: number
}

export function followInsertLog(options: InsertLogFollowerOptions): InsertLogFollower {
  const { client, logger, onInsert, pollMs } = options
  const overlapMs = options.overlapMs ?? 30_000
  let since = Math.max(0, options.from - overlapMs)
  const seen = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined
  let inFlight: Promise<number> | undefined
  let again = false
  let stopped = false

  async function read(): Promise<number> {
    let rows: LogRow[]
    try {
      rows = await queryRows<LogRow>(
        client,
        {
          what: 'insert log',
          // Aliases must not reuse column names: ClickHouse resolves WHERE's logged_at to a same-named alias.
          query: `SELECT toString(id) AS id_text, toUnixTimestamp64Milli(logged_at) AS logged_ms, topic,
                       toUnixTimestamp64Milli(min_slot) AS min_ms, toUnixTimestamp64Milli(max_slot) AS max_ms, rows
                FROM ${tables.insertLog}
                WHERE logged_at >= {since:DateTime64(3)}
                ORDER BY logged_at, id
                LIMIT ${READ_LIMIT}`,
          params: { since: dateTime64Param(since) },
          int64: ['logged_ms', 'min_ms', 'max_ms', 'rows'],
        },
        logger,
      )
    } catch (cause) {
      throw new InsertLogError('Cannot read the insert log', { cause })
    }
    let fresh = 0
    let newest = since
    for (const r of rows) {
      newest = Math.max(newest, r.logged_ms)
      if (seen.has(r.id_text)) continue
      seen.set(r.id_text, r.logged_ms)
      fresh++
      onInsert({
        id: r.id_text,
        loggedAt: r.logged_ms,
        topic: r.topic,
        minSlot: r.min_ms,
        maxSlot: r.max_ms,
        rows: r.rows,
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
      if (again && !stopped) {
        again = false
        nudge()
      }
    })
    inFlight = run
    return run
  }

  function report(run: Promise<number>): Promise<void> {
    return run
      .then((rows) => options.onPoll?.({ rows }))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'insert log read failed; will retry')
        options.onPoll?.({ error })
      })
  }

  function nudge(): void {
    if (stopped) return
    if (inFlight) {
      again = true
      return
    }
    void report(poll())
  }

  function schedule(): void {
    if (stopped) return
    timer = setTimeout(() => {
      report(poll()).finally(schedule)
    }, pollMs)
  }
  schedule()

  return {
    poll,
    nudge,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await inFlight?.catch(() => undefined)
    },
  }
}
