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

  function follow(
    options: { from?: number; overlapMs?: number; on?: ClickHouseClient; onPoll?: () => void } = {},
  ) {
    const seen: LoggedInsert[] = []
    // A long poll interval: the test reads by hand with poll() or nudge().
    const follower = followInsertLog({
      client: options.on ?? client,
      logger,
      pollMs: 3_600_000,
      from: options.from ?? 0,
      onInsert: (i) => seen.push(i),
      ...(options.overlapMs !== undefined && { overlapMs: options.overlapMs }),
      ...(options.onPoll && { onPoll: options.onPoll }),
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

  it('resumes at its position, re-reading only the overlap before it', async () => {
    const now = Date.now()
    await logAt(now - 3 * 60 * MINUTE, SLOT + 100 * MINUTE)
    await logAt(now - 30 * MINUTE - 10_000, SLOT + 200 * MINUTE)
    await logAt(now - 30 * MINUTE + 10_000, SLOT + 250 * MINUTE)
    const { follower, seen } = follow({ from: now - 30 * MINUTE, overlapMs: 20_000 })
    await follower.poll()
    const mine = seen.filter((s) => s.minSlot >= SLOT + 100 * MINUTE).map((s) => s.minSlot)
    expect(mine).toEqual([SLOT + 200 * MINUTE, SLOT + 250 * MINUTE])
  })

  it('reads again after a nudge that came while a read was in flight', async () => {
    // Holds the first read's answer until released: a row logged meanwhile is not in it.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let reads = 0
    const gated = new Proxy(client, {
      get(target, prop, receiver) {
        if (prop !== 'query') return Reflect.get(target, prop, receiver)
        return async (params: Parameters<ClickHouseClient['query']>[0]) => {
          const result = await target.query(params)
          if (++reads === 1) await held
          return result
        }
      },
    })
    let polls = 0
    let onSecondPoll: () => void = () => undefined
    const secondPoll = new Promise<void>((resolve) => {
      onSecondPoll = resolve
    })
    const { follower, seen } = follow({
      from: Date.now(),
      on: gated,
      onPoll: () => {
        if (++polls === 2) onSecondPoll()
      },
    })
    follower.nudge()
    await insertLogWriter(client)({
      topic: 'snapshots.v1',
      rows: 3,
      minSlot: SLOT - 500 * MINUTE,
      maxSlot: SLOT - 500 * MINUTE,
    })
    follower.nudge()
    release()
    await secondPoll
    expect(reads).toBe(2)
    expect(seen.filter((s) => s.minSlot === SLOT - 500 * MINUTE).map((s) => s.rows)).toEqual([3])
  })

  it('still sees a row that became visible after a later-stamped one, within the overlap', async () => {
    const { follower, seen } = follow({ from: Date.now() - MINUTE + 20_000, overlapMs: 20_000 })
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
