import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { ClickHouseClient } from '@clickhouse/client'
import {
  type GameEventV1,
  messageIdOf,
  type PlaceMetadataV1,
  type PlaceSnapshotV1,
  topics,
} from '@ludex/schemas'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { createInProcessBus, type InProcessBus } from '../bus/in-process-bus.ts'
import { createAnalyticsClient } from '../clickhouse/client.ts'
import { migrate } from '../clickhouse/migrate.ts'
import { insertLogWriter, readInsertLogCursor, writeInsertLogCursor } from '../insert-log/index.ts'
import { startSink } from '../sink/sink.ts'
import { tables } from '../store/index.ts'
import type { Clock } from './materialiser.ts'
import { type ResumedMaterialiser, resumeMaterialiser } from './resume.ts'
import { insertSnapshots, rows, snapshotMaterialised, utc } from './test-store.ts'

const silent = pino({ level: 'silent' })
const dataDir = mkdtempSync(join(tmpdir(), 'ludex-resume-'))
const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
/** Day k of the fixture is the day bucket [FIRST + k days, FIRST + k + 1 days): days start at 01:00 UTC. */
const FIRST = utc('2024-02-20T01:00:00')
const DAYS = 10
/** Days 0..6 are ingested with the materialiser running, then it stops and days 7..9 arrive. */
const STOPPED_FROM_DAY = 7

class TestClock implements Clock {
  constructor(public ms: number) {}
  now(): number {
    return this.ms
  }
}

const opened: ClickHouseClient[] = []
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()))
  rmSync(dataDir, { recursive: true, force: true })
})

async function openStore(database: string): Promise<ClickHouseClient> {
  const client = await createAnalyticsClient(
    { LUDEX_DATA_DIR: dataDir, CLICKHOUSE_DATABASE: database },
    silent,
  )
  opened.push(client)
  await migrate(client, silent)
  return client
}

function details(place: number, genre: string, sub: string): PlaceMetadataV1 {
  return {
    schema_version: 1,
    id: messageIdOf('details', place, 'v1'),
    universe_id: place + 1000,
    place_id: place,
    observed_at: FIRST - DAY_MS,
    change: 'details',
    name: `Place ${place}`,
    description: null,
    creator_id: 9,
    creator_type: 'User',
    creator_name: 'someone',
    creator_verified: false,
    genre_l1: genre,
    genre_l2: sub,
    price: 0,
    max_players: 20,
    created_at: FIRST - 30 * DAY_MS,
    updated_at: FIRST - DAY_MS,
  }
}

const DETAILS = [
  details(1, 'RPG', 'Action RPG'),
  details(2, 'RPG', 'Open World'),
  details(3, 'Shooter', 'Deathmatch'),
  details(4, 'Obby', 'Classic Obby'),
  details(5, 'Obby', 'Tower'),
  details(6, 'Shooter', 'Battle Royale'),
]

/**
 * Hourly snapshots of day k: places 1–5 throughout, place 6 only until day 5 (it leaves the top),
 * place 7 from day 8 (it enters, compared with day 1), so movement has entries and exits.
 */
function daySnapshots(k: number): PlaceSnapshotV1[] {
  const out: PlaceSnapshotV1[] = []
  for (let h = 0; h < 24; h++) {
    const slot = FIRST + k * DAY_MS + h * HOUR_MS
    const n = k * 24 + h
    for (let place = 1; place <= 7; place++) {
      if ((place === 6 && k > 5) || (place === 7 && k < 8)) continue
      out.push({
        schema_version: 1,
        id: messageIdOf('poller', place + 1000, slot),
        source: 'poller',
        universe_id: place + 1000,
        place_id: place,
        slot,
        observed_at: slot + 30_000,
        playing: place * 100 + ((n * 37 + place * 11) % 90),
        visits: place * 10_000 + n * (40 + place),
        favorites: 500 + ((n * 13 + place) % 40),
        up_votes: n % 5 === 0 ? null : 1000 + n * place,
        down_votes: n % 5 === 0 ? null : 100 + n,
      })
    }
  }
  return out
}

/** Game events of day k: places 1 and 2 send (k % 3) + 1 each, spread over the day's hours. */
function dayEvents(k: number): GameEventV1[] {
  return [1, 2].flatMap((place) =>
    Array.from({ length: (k % 3) + 1 }, (_, i) => {
      const time = FIRST + k * DAY_MS + (i * 7 + place) * HOUR_MS
      return {
        schema_version: 1 as const,
        place_id: place,
        game_key: 'a'.repeat(32),
        event_id: `day-${k}-${i}`,
        name: 'round_won',
        time,
        value: null,
        properties: '{}',
        received_at: time + 1_000,
      }
    }),
  )
}

/** The live ingest path of one process: bus, and a sink that logs every batch and nudges the follower. */
interface Ingest {
  readonly client: ClickHouseClient
  readonly bus: InProcessBus
  /** The materialiser of the process, when one runs. */
  feed: ResumedMaterialiser | undefined
  /** Publishes one fixture day and waits until the sink inserted and logged all of it. */
  day(k: number): Promise<void>
  close(): Promise<void>
}

async function ingest(client: ClickHouseClient): Promise<Ingest> {
  const bus = createInProcessBus({ capacity: 10_000, logger: silent })
  const log = insertLogWriter(client)
  const self: Ingest = {
    client,
    bus,
    feed: undefined,
    async day(k) {
      if (k === 0) await bus.publish(topics.metadata, DETAILS)
      await bus.publish(topics.snapshots, daySnapshots(k))
      await bus.publish(topics.gameEvents, dayEvents(k))
      await bus.drain()
    },
    async close() {
      await sink.stop()
      await bus.close()
    },
  }
  const sink = startSink({
    bus,
    client,
    logger: silent,
    batchMax: 50,
    batchWaitMs: 5,
    onInserted: async (event) => {
      await log(event)
      self.feed?.nudge()
    },
  })
  return self
}

/** After day k has been ingested, the clock stands just past its end: the day is closed. */
const afterDay = (k: number) => FIRST + (k + 1) * DAY_MS + 5 * 60_000

describe('a materialiser stopped while 3 days are ingested, then started again', () => {
  it('resumes from its cursor and leaves every materialised table as an undisturbed run does', async () => {
    const clock = new TestClock(afterDay(0))
    const start = (client: ClickHouseClient) =>
      resumeMaterialiser({ client, logger: silent, clock, pollMs: 3_600_000, debounceMs: 60_000 })

    const calm = await ingest(await openStore('resume_undisturbed'))
    const crash = await ingest(await openStore('resume_restarted'))
    calm.feed = await start(calm.client)
    crash.feed = await start(crash.client)
    expect([calm.feed.resumedFrom, crash.feed.resumedFrom]).toEqual([null, null])

    for (let k = 0; k < DAYS; k++) {
      if (k === STOPPED_FROM_DAY) {
        await crash.feed?.stop()
        crash.feed = undefined
      }
      await Promise.all([calm.day(k), crash.day(k)])
      clock.ms = afterDay(k)
      await calm.feed.catchUp()
      await crash.feed?.catchUp()
    }
    await calm.feed.stop()

    // The stopped materialiser left its cursor at the last batch it recomputed, and the days logged
    // since are behind it: the restarted store is stale until it resumes (the comparison is not blind).
    const cursor = await readInsertLogCursor(crash.client)
    expect(cursor).not.toBeNull()
    const [behind] = await rows<{ n: number; min_slot: string }>(
      crash.client,
      `SELECT toUInt32(count()) AS n, toString(min(min_slot)) AS min_slot FROM ${tables.insertLog}
       WHERE logged_at > fromUnixTimestamp64Milli({cursor:Int64}, 'UTC')`,
      { cursor },
    )
    expect(behind?.n).toBeGreaterThan(0)
    expect(behind?.min_slot).toBe('2024-02-27 01:00:00.000')
    const undisturbed = await snapshotMaterialised(calm.client)
    expect(await snapshotMaterialised(crash.client)).not.toEqual(undisturbed)
    for (const [table, r] of Object.entries(undisturbed)) expect(r.length, table).toBeGreaterThan(0)
    expect(undisturbed.top100_movement?.length).toBeGreaterThan(0)

    // Started again later, it reads the log from its cursor and catches up.
    const resumed = await start(crash.client)
    expect(resumed.resumedFrom).toBe(cursor)
    expect(resumed.caughtUp).toBeGreaterThanOrEqual(behind?.n ?? 0)
    await resumed.catchUp()
    expect(resumed.pendingRanges()).toBe(0)
    await resumed.stop()
    expect(await snapshotMaterialised(crash.client)).toEqual(undisturbed)
    expect(await readInsertLogCursor(crash.client)).toBeGreaterThan(cursor ?? 0)

    await calm.close()
    await crash.close()
  })
})

/** A pino logger that keeps the messages it logs at warn. */
function warnings(): { logger: pino.Logger; messages: string[] } {
  const messages: string[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      messages.push(String(JSON.parse(String(chunk)).msg))
      done()
    },
  })
  return { logger: pino({ level: 'warn' }, stream), messages }
}

describe('a cursor the insert log no longer holds (down longer than its 7-day retention)', () => {
  // Snapshots written without a log row, 5 days ago: only a full-span recompute can find them.
  const unlogged = (now: number) =>
    [1, 2].map((place) => ({
      place_id: place,
      slot: Math.floor((now - 5 * DAY_MS) / 600_000) * 600_000,
      playing: place * 10,
    }))
  const hourRollups = async (client: ClickHouseClient) =>
    (
      await rows<{ n: number }>(
        client,
        `SELECT toUInt32(count()) AS n FROM ${tables.placeRollups} FINAL WHERE granularity = 'hour'`,
      )
    )[0]?.n

  it('warns and recomputes every slot from the cursor to now', async () => {
    const client = await openStore('resume_gap')
    const now = Date.now()
    await insertSnapshots(client, unlogged(now))
    // The log holds a recent row only; the cursor is 10 days old.
    await insertLogWriter(client)({ topic: 'platform-totals.v1', rows: 1, minSlot: now, maxSlot: now })
    await writeInsertLogCursor(client, now - 10 * DAY_MS, now - 10 * DAY_MS)
    const { logger, messages } = warnings()
    const m = await resumeMaterialiser({ client, logger, clock: new TestClock(now), pollMs: 3_600_000 })
    await m.catchUp()
    await m.stop()
    expect(
      messages.filter((x) => x.startsWith('the insert log no longer holds the materialiser cursor')),
    ).toHaveLength(1)
    expect(await hourRollups(client)).toBe(2)
    // The full span done, the cursor moved on to the newest row it read.
    expect(await readInsertLogCursor(client)).toBeGreaterThan(now - DAY_MS)
  })

  it('does nothing of the kind while the row at the cursor is still in the log', async () => {
    const client = await openStore('resume_no_gap')
    const now = Date.now()
    await insertSnapshots(client, unlogged(now))
    const cursor = now - 60_000
    await client.insert({
      table: tables.insertLog,
      values: [
        {
          id: crypto.randomUUID(),
          logged_at: cursor,
          topic: 'snapshots.v1',
          min_slot: now,
          max_slot: now,
          rows: 1,
        },
      ],
      format: 'JSONEachRow',
    })
    await writeInsertLogCursor(client, cursor, cursor)
    const { logger, messages } = warnings()
    const m = await resumeMaterialiser({ client, logger, clock: new TestClock(now), pollMs: 3_600_000 })
    await m.catchUp()
    await m.stop()
    expect(messages).toEqual([])
    expect(await hourRollups(client)).toBe(0)
  })
})
