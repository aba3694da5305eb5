import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClickHouseClient } from '@clickhouse/client'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAnalyticsClient } from '../clickhouse/client.ts'
import { migrate } from '../clickhouse/migrate.ts'
import { followInsertLog, type InsertLogFollower, insertLogWriter, type LoggedInsert } from './insert-log.ts'

const logger = pino({ level: 'silent' })
const dataDir = mkdtempSync(join(tmpdir(), 'ludex-insert-log-'))
const SLOT = Date.UTC(2024, 4, 6, 12, 30)
const MINUTE = 60_000

describe('insert log (sink and materialiser in different processes)', () => {
  let client: ClickHouseClient
  const followers: InsertLogFollower[] = []
  beforeAll(async () => {
    client = await createAnalyticsClient(
      { LUDEX_DATA_DIR: dataDir, CLICKHOUSE_DATABASE: 'insert_log_test' },
      logger,
    )
    await migrate(client, logger)
  })
  afterAll(async () => {
    await Promise.all(followers.map((f) => f.stop()))
    await client.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  function follow(options: { lookbackMs?: number; overlapMs?: number } = {}) {
    const seen: LoggedInsert[] = []
    // A long poll interval: the test reads by hand with poll().
    const follower = followInsertLog({
      client,
      logger,
      pollMs: 3_600_000,
      now: Date.now,
      onInsert: (i) => seen.push(i),
      ...options,
    })
    followers.push(follower)
    return { follower, seen }
  }

  /** A row as an older or late-visible write would leave it, with an explicit server timestamp. */
  async function logAt(loggedAt: number, minSlot: number) {
    await client.insert({
      table: 'insert_log',
      values: [
        {
          id: crypto.randomUUID(),
          logged_at: loggedAt,
          topic: 'snapshots.v1',
          min_slot: minSlot,
          max_slot: minSlot,
          rows: 1,
        },
      ],
      format: 'JSONEachRow',
    })
  }

  it('hands every logged batch to the follower once, with its topic, range and row count', async () => {
    const write = insertLogWriter(client)
    const { follower, seen } = follow()
    await write({ topic: 'snapshots.v1', rows: 500, minSlot: SLOT, maxSlot: SLOT + 20 * MINUTE })
    await write({ topic: 'chart-sorts.v1', rows: 30, minSlot: SLOT - 10 * MINUTE, maxSlot: SLOT })
    expect(await follower.poll()).toBe(2)
    expect(seen.map((s) => [s.topic, s.rows, s.minSlot, s.maxSlot])).toEqual([
      ['snapshots.v1', 500, SLOT, SLOT + 20 * MINUTE],
      ['chart-sorts.v1', 30, SLOT - 10 * MINUTE, SLOT],
    ])
    // Read again within the overlap window: nothing new.
    expect(await follower.poll()).toBe(0)
    await write({ topic: 'snapshots.v1', rows: 7, minSlot: SLOT + 30 * MINUTE, maxSlot: SLOT + 30 * MINUTE })
    expect(await follower.poll()).toBe(1)
    expect(seen.at(-1)?.rows).toBe(7)
    expect(new Set(seen.map((s) => s.id)).size).toBe(3)
  })

  it('catches up on the lookback window at start, and not beyond it', async () => {
    const now = Date.now()
    await logAt(now - 3 * 60 * MINUTE, SLOT + 100 * MINUTE)
    await logAt(now - 30 * MINUTE, SLOT + 200 * MINUTE)
    const { follower, seen } = follow({ lookbackMs: 60 * MINUTE })
    await follower.poll()
    const mine = seen.filter((s) => s.minSlot >= SLOT + 100 * MINUTE)
    expect(mine.map((s) => s.minSlot)).toEqual([SLOT + 200 * MINUTE])
  })

  it('still sees a row that became visible after a later-stamped one, within the overlap', async () => {
    const { follower, seen } = follow({ lookbackMs: MINUTE, overlapMs: 20_000 })
    await insertLogWriter(client)({ topic: 'platform-totals.v1', rows: 1, minSlot: SLOT, maxSlot: SLOT })
    await follower.poll()
    const newest = Math.max(...seen.map((s) => s.loggedAt))
    // Stamped 5 s before the newest row already read, but written only now.
    await logAt(newest - 5_000, SLOT + 300 * MINUTE)
    // And one stamped before the overlap: the follower has moved past it for good.
    await logAt(newest - 60_000, SLOT + 400 * MINUTE)
    await follower.poll()
    const late = seen.map((s) => s.minSlot).filter((m) => m >= SLOT + 300 * MINUTE)
    expect(late).toEqual([SLOT + 300 * MINUTE])
  })
})
