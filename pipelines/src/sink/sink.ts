import type { ClickHouseClient } from '@clickhouse/client'
import { type PlaceMetadataV1, type Subscriber, type Subscription, type Topic, topics } from '@ludex/schemas'
import type { Logger } from 'pino'
import type { DeadLetterHandler } from '../bus/dead-letter-handler.ts'
import { tables } from '../store/tables.ts'
import { insertJson, insertTsv } from './insert.ts'
import {
  chartRows,
  creatorRows,
  dailyPicksRows,
  deadLetterRows,
  errorReportRows,
  gameEventRows,
  type JsonRow,
  latestRows,
  metadataRows,
  platformRows,
  siteEventRows,
  slotOf,
  snapshotRows,
  type TsvRows,
} from './rows.ts'

export { SinkInsertError, SinkRefusedError } from './insert.ts'

/** What a handled batch changed, so the materialiser can recompute the slots it touched. */
export interface InsertedEvent {
  readonly topic: string
  /** Rows written to the topic's main table. */
  readonly rows: number
  /**
   * Epoch ms of the first and last 10-minute slot the batch touched: the message's slot where it has
   * one, the slot of observed_at otherwise, the UTC midnight of the date for daily picks; for game
   * events, the earliest and latest event time (the days whose counts change).
   */
  readonly minSlot: number
  readonly maxSlot: number
}

export interface SinkOptions {
  readonly bus: Subscriber
  readonly client: ClickHouseClient
  readonly logger: Logger
  readonly batchMax: number
  readonly batchWaitMs: number
  /** Awaited after a batch's inserts; a rejection redelivers the batch (the inserts are idempotent). */
  readonly onInserted?: (event: InsertedEvent) => void | Promise<void>
}

export interface Sink {
  stop(): Promise<void>
}

export const SINK_GROUP = 'sink'

/**
 * Consumes every topic but the dead-letter one into the raw tables: one INSERT per table per batch. A
 * batch is acknowledged only once its inserts succeeded; otherwise the handler rejects and the bus
 * redelivers it: with SinkRefusedError when the store refused the rows (the bus bisects the batch and
 * dead-letters what is refused alone), with SinkInsertError when it was unavailable (retried until it
 * comes back). onInserted runs for each part that landed, with that part's rows and slots. Every raw table is a ReplacingMergeTree keyed by what its rows record, so a repeated
 * batch lands on the same keys with the same values.
 */
export function startSink(options: SinkOptions): Sink {
  const { bus, client, logger, onInserted } = options
  const sub = { group: SINK_GROUP, maxBatch: options.batchMax, maxWaitMs: options.batchWaitMs }
  const log = logger.child({ component: 'sink' })
  const insert = inserter(client)

  const after = async (topic: Topic<unknown>, rows: number, minSlot: number, maxSlot: number) => {
    if (onInserted && rows > 0) await onInserted({ topic: topic.name, rows, minSlot, maxSlot })
  }
  const range = (slots: Iterable<number>) => {
    let min = Number.POSITIVE_INFINITY
    let max = Number.NEGATIVE_INFINITY
    for (const s of slots) {
      if (s < min) min = s
      if (s > max) max = s
    }
    return [min, max] as const
  }

  const subscriptions: Subscription[] = [
    bus.subscribe(topics.snapshots, sub, async (batch) => {
      const started = performance.now()
      const snapshots = snapshotRows(batch)
      const latest = latestRows(batch)
      const built = performance.now()
      await insert.tsv(tables.placeSnapshots, snapshots)
      // After the snapshots: a refused place_latest insert refuses the batch, and its replay writes both
      // again (the same keys, the same values).
      await insert.tsv(tables.placeLatest, latest)
      log.debug(
        {
          rows: snapshots.count,
          buildMs: Math.round(built - started),
          insertMs: Math.round(performance.now() - built),
        },
        'snapshots inserted',
      )
      let min = Number.POSITIVE_INFINITY
      let max = Number.NEGATIVE_INFINITY
      for (const m of batch) {
        if (m.slot < min) min = m.slot
        if (m.slot > max) max = m.slot
      }
      await after(topics.snapshots as Topic<unknown>, snapshots.count, min, max)
    }),
    bus.subscribe(topics.metadata, sub, async (batch) => {
      for (const [table, rows] of metadataTableRows(batch)) await insert.json(table, rows)
      const [min, max] = range(batch.map((m) => slotOf(m.observed_at)))
      await after(topics.metadata as Topic<unknown>, batch.length, min, max)
    }),
    bus.subscribe(topics.charts, sub, async (batch) => {
      const rows = chartRows(batch)
      await insert.tsv(tables.chartPositions, rows)
      const [min, max] = range(batch.map((m) => m.slot))
      await after(topics.charts as Topic<unknown>, rows.count, min, max)
    }),
    bus.subscribe(topics.dailyPicks, sub, async (batch) => {
      await insert.json(tables.dailyPicks, dailyPicksRows(batch))
      const [min, max] = range(batch.map((m) => Date.parse(`${m.date}T00:00:00Z`)))
      await after(topics.dailyPicks as Topic<unknown>, batch.length, min, max)
    }),
    bus.subscribe(topics.platform, sub, async (batch) => {
      await insert.json(tables.platformCcu, platformRows(batch))
      const [min, max] = range(batch.map((m) => m.slot))
      await after(topics.platform as Topic<unknown>, batch.length, min, max)
    }),
    bus.subscribe(topics.creators, sub, async (batch) => {
      await insert.json(tables.creators, creatorRows(batch))
      const [min, max] = range(batch.map((m) => slotOf(m.observed_at)))
      await after(topics.creators as Topic<unknown>, batch.length, min, max)
    }),
    bus.subscribe(topics.gameEvents, sub, async (batch) => {
      const rows = gameEventRows(batch)
      await insert.tsv(tables.gameEvents, rows)
      const [min, max] = range(batch.map((m) => m.time))
      await after(topics.gameEvents as Topic<unknown>, rows.count, min, max)
    }),
    // First-party site data: nothing is materialised from it, so no insert-log range (onInserted).
    bus.subscribe(topics.siteEvents, sub, async (batch) => {
      await insert.json(tables.siteEvents, siteEventRows(batch))
    }),
    bus.subscribe(topics.errorReports, sub, async (batch) => {
      await insert.json(tables.errorReports, errorReportRows(batch))
    }),
  ]
  log.info({ topics: subscriptions.length, ...sub }, 'sink started')

  return {
    stop: async () => {
      await Promise.all(subscriptions.map((s) => s.stop()))
      log.info('sink stopped')
    },
  }
}

/** A metadata batch's rows per table, in the order the sink inserts them (one insert per table). */
export function metadataTableRows(
  batch: readonly PlaceMetadataV1[],
): ReadonlyArray<readonly [string, JsonRow[]]> {
  const rows = metadataRows(batch)
  return [
    [tables.placeDetails, rows.details],
    [tables.placeThumbnails, rows.thumbnails],
    [tables.placeAgeRatings, rows.ageRatings],
    [tables.placePlayStatus, rows.playStatus],
    [tables.placeRestrictions, rows.restrictions],
  ]
}

/**
 * The bus's dead-letter handler writing to dead_letters. dead_letters is an append-only log of failures:
 * a payload refused twice is recorded twice, with both times.
 */
export function deadLetterWriter(client: ClickHouseClient, now: () => number = Date.now): DeadLetterHandler {
  const insert = inserter(client)
  return async (letters, { group }) => {
    await insert.json(tables.deadLetters, deadLetterRows(letters, now(), group))
  }
}

function inserter(client: ClickHouseClient) {
  return {
    tsv: (table: string, rows: TsvRows) => insertTsv(client, table, rows),
    json: (table: string, rows: JsonRow[]) => insertJson(client, table, rows),
  }
}
