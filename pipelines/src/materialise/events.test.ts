import type { ClickHouseClient } from '@clickhouse/client'
import { type GameEventV1, topics } from '@ludex/schemas'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInProcessBus, type InProcessBus } from '../bus/in-process-bus.ts'
import { type InsertedEvent, type Sink, startSink } from '../sink/sink.ts'
import { tables } from '../store/index.ts'
import { materialiseEventCounts } from './events.ts'
import { type Clock, createMaterialiser } from './materialiser.ts'
import { insertSnapshots, openTestStore, rows, utc } from './test-store.ts'

/*
 * Game events from the bus to their daily counts (issue 17): the sink stores each (place, event id)
 * once, the counts are recomputed whole per day period (01:00 UTC), and a redelivered batch changes
 * nothing. Hand-worked: the expected counts are written out below, not computed.
 */

const silent = pino({ level: 'silent' })
const KEY = 'a'.repeat(32)

function event(placeId: number, id: string, iso: string, value: number | null = null): GameEventV1 {
  return {
    schema_version: 1,
    place_id: placeId,
    game_key: KEY,
    event_id: id,
    name: 'level_completed',
    time: utc(iso),
    value,
    properties: JSON.stringify({ level: 'castle\tkeep', note: 'line\nbreak' }),
    received_at: utc(iso) + 1_000,
  }
}

/*
 * Place 10: two events before 01:00 on 2025-03-02 (so on the day of 2025-03-01), three on the day of
 * 2025-03-02 (01:00 exactly opens it). Place 20: one on 2025-03-02, with the same event id as one of
 * place 10's: ids are per experience, so both count.
 */
const BATCH: GameEventV1[] = [
  event(10, 'e-1', '2025-03-01T12:00:00', 3.5),
  event(10, 'e-2', '2025-03-02T00:59:59.999'),
  event(10, 'e-3', '2025-03-02T01:00:00'),
  event(10, 'e-4', '2025-03-02T13:30:00', -1),
  event(10, 'e-5', '2025-03-03T00:30:00'),
  event(20, 'e-1', '2025-03-02T08:00:00', 1e21),
]
const EXPECTED = [
  { place_id: '10', day: '2025-03-01', num_events: '2' },
  { place_id: '10', day: '2025-03-02', num_events: '3' },
  { place_id: '20', day: '2025-03-02', num_events: '1' },
]

let client: ClickHouseClient
let bus: InProcessBus
let sink: Sink
const inserted: InsertedEvent[] = []

beforeAll(async () => {
  client = await openTestStore()
  bus = createInProcessBus({ capacity: 10_000, logger: silent, retryBackoffMs: 5 })
  sink = startSink({
    bus,
    client,
    logger: silent,
    batchMax: 1000,
    batchWaitMs: 5,
    onInserted: (e) => {
      inserted.push(e)
    },
  })
})
afterAll(async () => {
  await sink.stop()
  await bus.close()
  await client.close()
})

const counts = () =>
  rows<{ place_id: string; day: string; num_events: string }>(
    client,
    `SELECT toString(place_id) AS place_id, toString(day) AS day, toString(num_events) AS num_events
     FROM ${tables.eventDailyCounts} FINAL ORDER BY place_id, day`,
  )

describe('game events: sink and daily counts', () => {
  it('stores each event once per experience, text and values intact, however often the batch arrives', async () => {
    await bus.publish(topics.gameEvents, BATCH)
    await bus.publish(topics.gameEvents, BATCH)
    // A redelivery of part of it, as a consumer crash would cause.
    await bus.publish(topics.gameEvents, BATCH.slice(2, 4))
    await bus.drain()
    const stored = await rows<Record<string, unknown>>(
      client,
      `SELECT toString(place_id) AS place, event_id, name, value, properties, toString(toUnixTimestamp64Milli(time)) AS ms
       FROM ${tables.gameEvents} FINAL ORDER BY place_id, event_id`,
    )
    expect(stored.map((r) => `${r.place}:${r.event_id}`)).toEqual([
      '10:e-1',
      '10:e-2',
      '10:e-3',
      '10:e-4',
      '10:e-5',
      '20:e-1',
    ])
    expect(stored[0]).toMatchObject({ value: 3.5, properties: BATCH[0]?.properties })
    expect(stored[1]).toMatchObject({ value: null, ms: String(utc('2025-03-02T00:59:59.999')) })
    expect(stored[5]).toMatchObject({ value: 1e21 })
    // The sink reported the rows it wrote (14, duplicates included: it cannot know them) and the event
    // times they span, for the materialiser's days.
    const reports = inserted.filter((e) => e.topic === topics.gameEvents.name)
    expect(reports.reduce((n, e) => n + e.rows, 0)).toBe(14)
    expect(Math.min(...reports.map((e) => e.minSlot))).toBe(utc('2025-03-01T12:00:00'))
    expect(Math.max(...reports.map((e) => e.maxSlot))).toBe(utc('2025-03-03T00:30:00'))
  })

  it('counts per day period (01:00 UTC), and a recompute after a redelivery changes no count', async () => {
    const range = { fromMs: utc('2025-03-01T12:00:00'), toMs: utc('2025-03-03T00:30:00') }
    await materialiseEventCounts(client, { ...range, now: utc('2025-03-03T01:00:00') })
    expect(await counts()).toEqual(EXPECTED)
    await bus.publish(topics.gameEvents, BATCH)
    await bus.drain()
    await materialiseEventCounts(client, { ...range, now: utc('2025-03-03T01:05:00') })
    expect(await counts()).toEqual(EXPECTED)
  })

  it('a range of one event recomputes its whole day: the day count is not the batch count', async () => {
    await bus.publish(topics.gameEvents, [event(10, 'e-6', '2025-03-02T20:00:00')])
    await bus.drain()
    const at = utc('2025-03-02T20:00:00')
    await materialiseEventCounts(client, { fromMs: at, toMs: at, now: utc('2025-03-03T02:00:00') })
    expect(await counts()).toEqual([
      EXPECTED[0],
      { place_id: '10', day: '2025-03-02', num_events: '4' },
      EXPECTED[2],
    ])
  })

  it("the materialiser runs an events range without touching the snapshots' tables", async () => {
    // A snapshot that no run has rolled up: an 'all' recompute would create its rollups.
    await insertSnapshots(client, [{ place_id: 99, slot: utc('2025-03-02T12:00:00'), playing: 5 }])
    await bus.publish(topics.gameEvents, [event(30, 'x-1', '2025-03-02T12:00:00')])
    await bus.drain()
    const clock: Clock = { now: () => utc('2025-03-03T03:00:00') }
    const m = createMaterialiser({ client, logger: silent, clock, debounceMs: 60_000 })
    const at = utc('2025-03-02T12:00:00')
    m.markDirty(at, at, 1, 'events')
    expect(m.pendingRanges()).toBe(1)
    await m.runNow()
    expect(m.pendingRanges()).toBe(0)
    expect((await counts()).filter((c) => c.place_id === '30')).toEqual([
      { place_id: '30', day: '2025-03-02', num_events: '1' },
    ])
    const rollups = await rows(client, `SELECT * FROM ${tables.placeRollups} FINAL WHERE place_id = 99`)
    expect(rollups).toEqual([])
    // An 'all' range covers event counts too (a rebuild), and the snapshot's rollups.
    await bus.publish(topics.gameEvents, [event(30, 'x-2', '2025-03-02T13:00:00')])
    await bus.drain()
    m.markDirty(at, at)
    await m.stop()
    expect((await counts()).filter((c) => c.place_id === '30')).toEqual([
      { place_id: '30', day: '2025-03-02', num_events: '2' },
    ])
    expect(
      (await rows(client, `SELECT * FROM ${tables.placeRollups} FINAL WHERE place_id = 99`)).length,
    ).toBeGreaterThan(0)
  })
})
