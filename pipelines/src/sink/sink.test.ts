import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClickHouseClient } from '@clickhouse/client'
import {
  type ChartSortSnapshotV1,
  type CreatorV1,
  type DailyPicksV1,
  messageIdOf,
  type PlaceMetadataV1,
  type PlaceSnapshotV1,
  type PlatformTotalsV1,
  TEN_MINUTES_MS,
  topics,
} from '@ludex/schemas'
import { pino } from 'pino'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createInProcessBus, type InProcessBus } from '../bus/in-process-bus.ts'
import { createAnalyticsClient } from '../clickhouse/client.ts'
import { migrate } from '../clickhouse/migrate.ts'
import { latestChartPositionsSql } from '../store/fragments.ts'
import { tables } from '../store/tables.ts'
import { chart, details, SLOT } from './message-fixtures.ts'
import { deadLetterWriter, type InsertedEvent, type Sink, startSink } from './sink.ts'

const logger = pino({ level: 'silent' })
const dataDir = mkdtempSync(join(tmpdir(), 'ludex-sink-'))
let dbCounter = 0

interface Harness {
  client: ClickHouseClient
  bus: InProcessBus
  sink: Sink
  inserted: InsertedEvent[]
}
const open: Harness[] = []

/** The client with its inserts watched: each refused insert is reported before its error goes on. */
function watchingInserts(client: ClickHouseClient, onRefused: (err: unknown) => void): ClickHouseClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'insert') return Reflect.get(target, prop, receiver)
      return async (params: Parameters<ClickHouseClient['insert']>[0]) => {
        try {
          return await target.insert(params)
        } catch (err) {
          onRefused(err)
          throw err
        }
      }
    },
  })
}

async function harness(options: { onInsertRefused?: (err: unknown) => void } = {}): Promise<Harness> {
  const store = await createAnalyticsClient(
    { LUDEX_DATA_DIR: dataDir, CLICKHOUSE_DATABASE: `sink_${++dbCounter}` },
    logger,
  )
  const client = options.onInsertRefused ? watchingInserts(store, options.onInsertRefused) : store
  await migrate(client, logger)
  const bus = createInProcessBus({
    capacity: 10_000,
    logger,
    retryBackoffMs: 5,
    onDeadLetter: deadLetterWriter(client),
  })
  const inserted: InsertedEvent[] = []
  const sink = startSink({
    bus,
    client,
    logger,
    batchMax: 1000,
    batchWaitMs: 5,
    onInserted: (e) => {
      inserted.push(e)
    },
  })
  const h = { client, bus, sink, inserted }
  open.push(h)
  return h
}

afterEach(async () => {
  for (const h of open.splice(0)) {
    await h.sink.stop()
    await h.bus.close()
    await h.client.close()
  }
})
afterAll(() => undefined)

const rows = async (c: ClickHouseClient, query: string) =>
  (await c.query({ query, format: 'JSONEachRow' })).json<Record<string, unknown>>()

function snapshot(universe: number, slotIndex: number, playing = 100 + slotIndex): PlaceSnapshotV1 {
  const slot = SLOT + slotIndex * TEN_MINUTES_MS
  return {
    schema_version: 1,
    id: messageIdOf('poller', universe, slot),
    source: 'poller',
    universe_id: universe,
    place_id: universe + 1_000_000,
    slot,
    observed_at: slot + 4321,
    playing,
    visits: 9_000_000_000 + slotIndex,
    favorites: 55,
    up_votes: slotIndex % 2 === 0 ? 12 : null,
    down_votes: 3,
  }
}

const thumbnail: PlaceMetadataV1 = {
  schema_version: 1,
  id: messageIdOf('thumb', 7, 'h1'),
  universe_id: 7,
  place_id: 70,
  observed_at: SLOT + 2,
  change: 'thumbnail',
  type: 'Icon',
  hash: 'rbxcdn-abc',
}
const ageRating: PlaceMetadataV1 = {
  schema_version: 1,
  id: messageIdOf('age', 7),
  universe_id: 7,
  place_id: 70,
  observed_at: SLOT + 3,
  change: 'age_rating',
  age_limit: null,
  maturity: 'mild',
}
const playStatus: PlaceMetadataV1 = {
  schema_version: 1,
  id: messageIdOf('ps', 7),
  universe_id: 7,
  place_id: 70,
  observed_at: SLOT + 4,
  change: 'play_status',
  play_status: 9,
}
const restricted: PlaceMetadataV1 = {
  schema_version: 1,
  id: messageIdOf(7, 'restricted', 1, SLOT + 4),
  universe_id: 7,
  place_id: 70,
  observed_at: SLOT + 4,
  change: 'restricted',
  restricted: true,
}
const picks: DailyPicksV1 = {
  schema_version: 1,
  id: messageIdOf('2024-05-06', 70, 80),
  date: '2024-05-06',
  observed_at: SLOT + 6,
  places: [
    { universe_id: 7, place_id: 70, name: "O'Brien's" },
    { universe_id: 8, place_id: 80, name: 'Two' },
  ],
}
const platform: PlatformTotalsV1 = {
  schema_version: 1,
  id: messageIdOf('platform', SLOT),
  slot: SLOT,
  observed_at: SLOT + 7,
  tracked_ccu: 123_456_789,
  tracked_experiences: 2000,
}
const creator: CreatorV1 = {
  schema_version: 1,
  id: messageIdOf('creator', 99),
  creator_id: 99,
  creator_type: 'Group',
  observed_at: SLOT + 8,
  name: 'Studio',
  verified: true,
  thumbnail_hash: 'default',
  member_count: null,
}

async function publishAll(bus: InProcessBus) {
  await bus.publish(topics.snapshots, [snapshot(1, 0), snapshot(1, 1), snapshot(2, 0)])
  await bus.publish(topics.metadata, [details, thumbnail, ageRating, playStatus, restricted])
  await bus.publish(topics.charts, [chart])
  await bus.publish(topics.dailyPicks, [picks])
  await bus.publish(topics.platform, [platform])
  await bus.publish(topics.creators, [creator])
  await bus.drain()
}

/** Every raw table's deduplicated contents, in a stable order. */
async function dump(c: ClickHouseClient) {
  const out: Record<string, unknown[]> = {}
  for (const t of Object.values(tables)) {
    // Logs, not raw tables: append-only MergeTree (no FINAL), and the sink under test writes neither.
    if (t === tables.deadLetters || t === tables.schemaMigrations || t === tables.insertLog) continue
    out[t] = await rows(c, `SELECT * FROM ${t} FINAL ORDER BY ALL`)
  }
  return out
}

describe('sink', () => {
  it('lands every message kind in its table with its values', async () => {
    const { client, bus, inserted } = await harness()
    await publishAll(bus)

    const ms = (col: string) => `toUnixTimestamp64Milli(${col}) AS ${col}`
    expect(
      await rows(
        client,
        `SELECT place_id, universe_id, toUnixTimestamp(slot) * 1000 AS slot, ${ms('observed_at')}, playing, visits,
           favorites, up_votes, down_votes, source FROM ${tables.placeSnapshots} ORDER BY place_id, slot`,
      ),
    ).toEqual(
      [snapshot(1, 0), snapshot(1, 1), snapshot(2, 0)].map(({ schema_version: _v, ...m }) => ({
        place_id: m.place_id,
        universe_id: m.universe_id,
        slot: m.slot,
        observed_at: m.observed_at,
        playing: m.playing,
        visits: m.visits,
        favorites: m.favorites,
        up_votes: m.up_votes,
        down_votes: m.down_votes,
        source: m.source,
      })),
    )
    expect(
      await rows(
        client,
        `SELECT place_id, toUnixTimestamp(slot) * 1000 AS slot, playing, up_votes FROM ${tables.placeLatest} FINAL ORDER BY place_id`,
      ),
    ).toEqual([
      { place_id: 1_000_001, slot: snapshot(1, 1).slot, playing: 101, up_votes: null },
      { place_id: 1_000_002, slot: snapshot(2, 0).slot, playing: 100, up_votes: 12 },
    ])
    expect(
      await rows(
        client,
        `SELECT place_id, universe_id, ${ms('observed_at')}, name, description, creator_id, creator_type, creator_name,
           creator_verified, genre_l1, genre_l2, price, max_players, ${ms('created_at')}, ${ms('updated_at')}, message_id
         FROM ${tables.placeDetails}`,
      ),
    ).toEqual([
      {
        place_id: 70,
        universe_id: 7,
        observed_at: SLOT + 1,
        name: 'Tab\there "quoted" \\ back',
        description: null,
        creator_id: 99,
        creator_type: 'Group',
        creator_name: 'Studio',
        creator_verified: true,
        genre_l1: 'RPG',
        genre_l2: 'Open World',
        price: 25,
        max_players: 30,
        created_at: Date.UTC(2020, 0, 2, 3, 4, 5, 678),
        updated_at: Date.UTC(2024, 4, 1),
        message_id: details.id,
      },
    ])
    expect(
      await rows(client, `SELECT type, hash, ${ms('observed_at')} FROM ${tables.placeThumbnails}`),
    ).toEqual([{ type: 'Icon', hash: 'rbxcdn-abc', observed_at: SLOT + 2 }])
    expect(await rows(client, `SELECT place_id, age_limit, maturity FROM ${tables.placeAgeRatings}`)).toEqual(
      [{ place_id: 70, age_limit: null, maturity: 'mild' }],
    )
    expect(await rows(client, `SELECT place_id, play_status FROM ${tables.placePlayStatus}`)).toEqual([
      { place_id: 70, play_status: 9 },
    ])
    expect(
      await rows(
        client,
        `SELECT place_id, universe_id, restricted, ${ms('observed_at')}, message_id FROM ${tables.placeRestrictions}`,
      ),
    ).toEqual([
      { place_id: 70, universe_id: 7, restricted: true, observed_at: SLOT + 4, message_id: restricted.id },
    ])
    expect(
      await rows(
        client,
        `SELECT sort_id, category_id, toUnixTimestamp(slot) * 1000 AS slot, place_id, universe_id, position, sponsored,
           playing, ${ms('observed_at')} FROM ${tables.chartPositions} ORDER BY place_id`,
      ),
    ).toEqual([
      {
        sort_id: 'top-trending',
        category_id: 0,
        slot: SLOT,
        place_id: 70,
        universe_id: 7,
        position: 1,
        sponsored: false,
        playing: 500,
        observed_at: SLOT + 5,
      },
      {
        sort_id: 'top-trending',
        category_id: 0,
        slot: SLOT,
        place_id: 80,
        universe_id: 8,
        position: null,
        sponsored: true,
        playing: 20,
        observed_at: SLOT + 5,
      },
    ])
    expect(
      await rows(
        client,
        `SELECT toString(date) AS date, place_ids, universe_ids, names FROM ${tables.dailyPicks}`,
      ),
    ).toEqual([
      { date: '2024-05-06', place_ids: [70, 80], universe_ids: [7, 8], names: ["O'Brien's", 'Two'] },
    ])
    expect(
      await rows(
        client,
        `SELECT toUnixTimestamp(slot) * 1000 AS slot, tracked_ccu, tracked_experiences FROM ${tables.platformCcu}`,
      ),
    ).toEqual([{ slot: SLOT, tracked_ccu: 123_456_789, tracked_experiences: 2000 }])
    expect(
      await rows(
        client,
        `SELECT creator_id, creator_type, name, verified, thumbnail_hash, member_count FROM ${tables.creators}`,
      ),
    ).toEqual([
      {
        creator_id: 99,
        creator_type: 'Group',
        name: 'Studio',
        verified: true,
        thumbnail_hash: 'default',
        member_count: null,
      },
    ])

    const byTopic = Object.fromEntries(inserted.map((e) => [e.topic, e]))
    expect(byTopic[topics.snapshots.name]).toEqual({
      topic: topics.snapshots.name,
      rows: 3,
      minSlot: SLOT,
      maxSlot: SLOT + TEN_MINUTES_MS,
    })
    expect(byTopic[topics.charts.name]).toMatchObject({ rows: 2, minSlot: SLOT, maxSlot: SLOT })
    expect(byTopic[topics.dailyPicks.name]).toMatchObject({ minSlot: Date.UTC(2024, 4, 6) })
    expect(byTopic[topics.metadata.name]).toMatchObject({ rows: 5, minSlot: SLOT, maxSlot: SLOT })
  })

  it('changes no stored value when the same batches arrive again', async () => {
    const { client, bus } = await harness()
    await publishAll(bus)
    const before = await dump(client)
    expect(before[tables.placeSnapshots]).toHaveLength(3)
    await publishAll(bus)
    await publishAll(bus)
    expect(await dump(client)).toEqual(before)
  })

  it('reads a snapshot repeated within one batch once (its insert leaves replacing to FINAL)', async () => {
    const { client, bus } = await harness()
    await bus.publish(topics.snapshots, [snapshot(4, 0, 10), snapshot(4, 0, 10), snapshot(4, 1, 20)])
    await bus.drain()
    expect(
      await rows(
        client,
        `SELECT toUnixTimestamp(slot) * 1000 AS slot, playing FROM ${tables.placeSnapshots} FINAL ORDER BY slot`,
      ),
    ).toEqual([
      { slot: snapshot(4, 0).slot, playing: 10 },
      { slot: snapshot(4, 1).slot, playing: 20 },
    ])
  })

  it('stores a place listed twice in a capture (ad and organic) as one row with its rank and the ad', async () => {
    const { client, bus } = await harness()
    // Place 90: the ad before its organic listing; place 91: after it; place 92 only an ad.
    const twice: ChartSortSnapshotV1 = {
      ...chart,
      entries: [
        { universe_id: 9, place_id: 90, position: null, sponsored: true, playing: 5 },
        { universe_id: 9, place_id: 91, position: 1, sponsored: false, playing: 8 },
        { universe_id: 9, place_id: 92, position: null, sponsored: true, playing: 2 },
        { universe_id: 9, place_id: 90, position: 2, sponsored: false, playing: 5 },
        { universe_id: 9, place_id: 91, position: null, sponsored: true, playing: 8 },
      ],
    }
    await bus.publish(topics.charts, [twice])
    await bus.drain()
    const expected = [
      { place_id: 90, position: 2, sponsored: true },
      { place_id: 91, position: 1, sponsored: true },
      { place_id: 92, position: null, sponsored: true },
    ]
    const read = (from: string) =>
      rows(
        client,
        `SELECT toUInt32(place_id) AS place_id, position, sponsored FROM ${from} ORDER BY place_id`,
      )
    expect(await rows(client, `SELECT toUInt32(count()) AS n FROM ${tables.chartPositions}`)).toEqual([
      { n: 3 },
    ])
    expect(await read(`${tables.chartPositions} FINAL`)).toEqual(expected)
    expect(await read(`(${latestChartPositionsSql('place_id IN (90, 91, 92)')})`)).toEqual(expected)
  })

  it('reads a later capture of a slot whole: a place that lost its position is not given the old one', async () => {
    const { client, bus } = await harness()
    // The slot captured twice: first the place organic at 3, then (later) sponsored with no position.
    const first: ChartSortSnapshotV1 = {
      ...chart,
      entries: [{ universe_id: 9, place_id: 91, position: 3, sponsored: false, playing: 5 }],
    }
    const later: ChartSortSnapshotV1 = {
      ...first,
      id: messageIdOf('top-trending', SLOT, 'again'),
      observed_at: first.observed_at + 60_000,
      entries: [{ universe_id: 9, place_id: 91, position: null, sponsored: true, playing: 6 }],
    }
    await bus.publish(topics.charts, [first])
    await bus.drain()
    await bus.publish(topics.charts, [later])
    await bus.drain()
    const latest = await rows(
      client,
      `SELECT position, sponsored FROM (${latestChartPositionsSql('place_id = 91')})`,
    )
    expect(latest).toEqual([{ position: null, sponsored: true }])
    expect(await rows(client, `SELECT position, sponsored FROM ${tables.chartPositions} FINAL`)).toEqual(
      latest,
    )
  })

  it('dead-letters an invalid message while the valid ones land', async () => {
    const { client, bus } = await harness()
    await bus.publish(topics.snapshots, [snapshot(5, 0)])
    await bus.publishRaw(topics.snapshots.name, { ...snapshot(5, 1), visits: 'lots' }, '5')
    await bus.publish(topics.snapshots, [snapshot(5, 2)])
    await bus.drain()
    expect(
      await rows(
        client,
        `SELECT toUnixTimestamp(slot) * 1000 AS slot FROM ${tables.placeSnapshots} ORDER BY slot`,
      ),
    ).toEqual([{ slot: snapshot(5, 0).slot }, { slot: snapshot(5, 2).slot }])
    const letters = await rows(client, `SELECT topic, key, reason, payload FROM ${tables.deadLetters}`)
    expect(letters).toHaveLength(1)
    expect(letters[0]).toMatchObject({ topic: topics.snapshots.name, key: '5' })
    expect(letters[0]!.reason).toMatch(/visits/)
    expect(JSON.parse(letters[0]!.payload as string)).toMatchObject({
      visits: 'lots',
      slot: snapshot(5, 1).slot,
    })
  })

  it('keeps the newest slot in place_latest when an older snapshot arrives later', async () => {
    const { client, bus } = await harness()
    await bus.publish(topics.snapshots, [snapshot(3, 5, 777)])
    await bus.drain()
    await bus.publish(topics.snapshots, [snapshot(3, 1, 111), snapshot(3, 2, 222)])
    await bus.drain()
    expect(
      await rows(
        client,
        `SELECT toUnixTimestamp(slot) * 1000 AS slot, playing FROM ${tables.placeLatest} FINAL`,
      ),
    ).toEqual([{ slot: snapshot(3, 5).slot, playing: 777 }])
    expect(await rows(client, `SELECT toUInt32(count()) AS n FROM ${tables.placeSnapshots}`)).toEqual([
      { n: 3 },
    ])
  })

  it('acknowledges a batch only after its inserts succeeded', async () => {
    const refusals: unknown[] = []
    let redelivered: () => void = () => {}
    const secondRefusal = new Promise<void>((resolve) => {
      redelivered = resolve
    })
    const { client, bus } = await harness({
      onInsertRefused: (err) => {
        if (refusals.push(err) === 2) redelivered()
      },
    })
    await client.command({ query: `RENAME TABLE ${tables.placeLatest} TO place_latest_away` })
    await bus.publish(topics.snapshots, [snapshot(4, 0), snapshot(4, 1)])
    let drained = false
    const draining = bus.drain().then(() => {
      drained = true
    })
    // The store refused the batch (place_latest, its view's target, is away) and the bus handed it over
    // again: it was not acknowledged, and the bus cannot be drained until an insert succeeds.
    await secondRefusal
    expect(String(refusals[0])).toMatch(/place_latest/)
    expect(drained).toBe(false)
    await client.command({ query: `RENAME TABLE place_latest_away TO ${tables.placeLatest}` })
    await draining
    expect(await rows(client, `SELECT playing FROM ${tables.placeLatest} FINAL`)).toEqual([{ playing: 101 }])
    // The retried batch wrote place_snapshots again; the replacing key keeps one row per slot.
    expect(await rows(client, `SELECT toUInt32(count()) AS n FROM ${tables.placeSnapshots} FINAL`)).toEqual([
      { n: 2 },
    ])
  })
})
