import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { type ClickHouseClient, ClickHouseLogLevel, createClient } from '@clickhouse/client'
import { topics } from '@ludex/schemas'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { snapshot, snapshotTag } from '../bus/bus-contract.ts'
import { createInProcessBus, type InProcessBus } from '../bus/in-process-bus.ts'
import { type ObservedEvents, observedEvents } from '../bus/observed-events.ts'
import { createAnalyticsClient } from '../clickhouse/client.ts'
import { migrate } from '../clickhouse/migrate.ts'
import { storeRefusal } from '../clickhouse/refusals.ts'
import { tables } from '../store/tables.ts'
import { snapshotRows } from './rows.ts'
import { deadLetterWriter, type InsertedEvent, type Sink, startSink } from './sink.ts'
import {
  closedPort,
  landedSnapshots,
  refusedSnapshot,
  storedDeadLetterCount,
  storeRows,
} from './store-failure-fixtures.ts'

/**
 * What the sink and the bus do when the store fails: a row the store refuses is dead-lettered alone and
 * the rest lands; an unavailable store is waited for and nothing is dead-lettered. Against real chDB.
 */

const logger = pino({ level: 'silent' })
const dataDir = mkdtempSync(join(tmpdir(), 'ludex-sink-failures-'))
let dbCounter = 0

const stores: ClickHouseClient[] = []
const buses: InProcessBus[] = []
const sinks: Sink[] = []
afterEach(async () => {
  for (const s of sinks.splice(0)) await s.stop()
  for (const b of buses.splice(0)) await b.close()
  for (const c of stores.splice(0)) await c.close()
})

async function store(): Promise<ClickHouseClient> {
  const client = await createAnalyticsClient(
    { LUDEX_DATA_DIR: dataDir, CLICKHOUSE_DATABASE: `failures_${++dbCounter}` },
    logger,
  )
  await migrate(client, logger)
  stores.push(client)
  return client
}

/** The in-process bus as the sink role wires it: dead letters into the store's dead_letters. */
function bus(deadLetters: ClickHouseClient, e: ObservedEvents, maxAttempts = 2): InProcessBus {
  const b = createInProcessBus({
    capacity: 10_000,
    logger,
    retryBackoffMs: 5,
    maxAttempts,
    onDeadLetter: deadLetterWriter(deadLetters),
    observer: e.observer,
  })
  buses.push(b)
  return b
}

function sink(b: InProcessBus, client: ClickHouseClient, inserted: InsertedEvent[] = []): Sink {
  const s = startSink({
    bus: b,
    client,
    logger,
    batchMax: 1000,
    batchWaitMs: 5,
    onInserted: (event) => {
      inserted.push(event)
    },
  })
  sinks.push(s)
  return s
}

describe('sink under store failures (in-process bus, chDB)', () => {
  it('dead-letters the row the store refuses with its error; the rest of the batch lands, later batches flow', async () => {
    const client = await store()
    const e = observedEvents()
    const b = bus(client, e)
    const inserted: InsertedEvent[] = []
    sink(b, client, inserted)

    const bad = refusedSnapshot(2, 2)
    expect(topics.snapshots.schema.safeParse(bad).success).toBe(true)
    const good = [1, 2, 3]
      .flatMap((u) => [0, 1, 2, 3].map((i) => snapshot(u, i)))
      .filter((m) => snapshotTag(m) !== '2@2')
    await b.publish(topics.snapshots, [...good.slice(0, 6), bad, ...good.slice(6)])
    await b.drain()

    expect(await landedSnapshots(client)).toEqual(good.map(snapshotTag).sort())
    const letters = await storeRows(client, `SELECT topic, key, reason, payload FROM ${tables.deadLetters}`)
    expect(letters).toHaveLength(1)
    expect(letters[0]).toMatchObject({ topic: topics.snapshots.name, key: '2' })
    expect(letters[0]!.reason).toMatch(
      /^\[group sink\] place_snapshots: Code 41 CANNOT_PARSE_DATETIME: Cannot read DateTime/,
    )
    expect(JSON.parse(String(letters[0]!.payload))).toEqual(bad)
    // onInserted told of exactly the rows that landed, in parts whose slots they span.
    expect(inserted.reduce((n, x) => n + x.rows, 0)).toBe(good.length)
    expect(Math.min(...inserted.map((x) => x.minSlot))).toBe(snapshot(1, 0).slot)
    expect(Math.max(...inserted.map((x) => x.maxSlot))).toBe(snapshot(1, 3).slot)
    expect(e.deadLettered).toEqual([
      { topic: topics.snapshots.name, group: 'sink', kind: 'refused', count: 1 },
    ])
    expect(e.redeliveries.length).toBeGreaterThanOrEqual(1)

    // The consumer moved on: the next batch lands and nothing more is dead-lettered.
    await b.publish(topics.snapshots, [snapshot(4, 0)])
    await b.drain()
    expect(await landedSnapshots(client)).toContain('4@0')
    expect(await storedDeadLetterCount(client)).toBe(1)
  })

  it('retries while the store is unreachable, dead-letters nothing, and lands the batch once a store answers', async () => {
    const client = await store()
    const e = observedEvents()
    const b = bus(client, e)
    const unreachable = createClient({
      url: `http://127.0.0.1:${await closedPort()}`,
      log: { level: ClickHouseLogLevel.OFF },
    })
    stores.push(unreachable)
    const first = sink(b, unreachable)
    const sent = Array.from({ length: 5 }, (_, i) => snapshot(5, i))
    await b.publish(topics.snapshots, sent)

    // Well past BUS_MAX_ATTEMPTS (2 here): a connection refused is never a reason to drop the batch.
    await e.redeliveriesReach(6)
    expect(e.redeliveries.every((r) => r.messages === sent.length)).toBe(true)
    expect(e.deadLettered).toEqual([])
    expect(await storedDeadLetterCount(client)).toBe(0)

    // The unacknowledged batch is still the group's: a sink on a store that answers takes it whole.
    await first.stop()
    sink(b, client)
    await b.drain()
    expect(await landedSnapshots(client)).toEqual(sent.map(snapshotTag).sort())
    expect(await storedDeadLetterCount(client)).toBe(0)
  })
})

describe('storeRefusal on the errors chDB and the client really raise', () => {
  it('is a refusal for a value the store cannot parse, and not for a missing table or a refused connection', async () => {
    const client = await store()
    // The sink's own encoding of the refused snapshot, as it sends it.
    const tsv = snapshotRows([refusedSnapshot(1, 0)])
    const refused = await client
      .insert({
        table: tables.placeSnapshots,
        columns: [...tsv.columns],
        values: Readable.from([tsv.text], { objectMode: false }),
        format: 'TabSeparated',
      })
      .catch((err: unknown) => err)
    expect(storeRefusal(refused)).toMatchObject({ code: 41, type: 'CANNOT_PARSE_DATETIME' })

    const missing = await client
      .insert({ table: 'no_such_table', values: [{ a: 1 }], format: 'JSONEachRow' })
      .catch((err: unknown) => err)
    expect(missing).toMatchObject({ code: '60', type: 'UNKNOWN_TABLE' })
    expect(storeRefusal(missing)).toBeNull()

    const unreachable = createClient({
      url: `http://127.0.0.1:${await closedPort()}`,
      log: { level: ClickHouseLogLevel.OFF },
    })
    stores.push(unreachable)
    const down = await unreachable
      .insert({ table: tables.platformCcu, values: [{ slot: 0 }], format: 'JSONEachRow' })
      .catch((err: unknown) => err)
    expect(down).toMatchObject({ code: 'ECONNREFUSED' })
    expect(storeRefusal(down)).toBeNull()
  })
})
