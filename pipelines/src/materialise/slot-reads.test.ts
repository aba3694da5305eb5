import type { ClickHouseClient, CommandParams } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tables } from '../store/index.ts'
import { recomputeRange } from './recompute.ts'
import { openTestStore, rows, utc } from './test-store.ts'

/*
 * The shape that lets the materialiser keep up at 100,000 experiences (issue 19.3): a live slot's
 * recompute reads about a day of raw snapshots, however many days the store holds. Ordered by
 * (place_id, slot) in month partitions it read the whole month (every granule holds a few places'
 * whole month), 30 times more at the end of a month than on its first day. Measured with the engine's
 * own plan (EXPLAIN ESTIMATE: the rows of the granules it will read) of every statement the recompute
 * runs.
 */

const PLACES = 400
const SLOTS_PER_DAY = 144
const SLOT_MS = 600_000
const DAY_MS = 86_400_000
/** The live slot recomputed: noon of the last stored day. */
const LIVE_SLOT = utc('2024-03-24T12:00:00')

/** Days of snapshots of every place ending at the live slot's day (rows made by the engine). */
async function storeDays(client: ClickHouseClient, firstDayMs: number, days: number): Promise<void> {
  await client.command({
    query: `INSERT INTO ${tables.placeSnapshots}
  (place_id, universe_id, slot, observed_at, playing, visits, favorites, up_votes, down_votes, source)
SELECT 1000 + p AS place_id, 5000 + p, toDateTime({first:UInt32} + s * 600, 'UTC') AS slot,
       toDateTime64(slot, 3, 'UTC'), (p * 7 + s) % 300, 10000 * p + s * 3, 100 + p, 50 + s % 7, 5, 'backfill'
FROM (SELECT number AS p FROM numbers({places:UInt32})) AS pn
CROSS JOIN (SELECT number AS s FROM numbers({slots:UInt32})) AS sn`,
    query_params: { first: firstDayMs / 1000, places: PLACES, slots: days * SLOTS_PER_DAY },
  })
}

/** Runs `work` on a client that records every statement it is given. */
async function recorded(client: ClickHouseClient, work: (c: ClickHouseClient) => Promise<void>) {
  const seen: CommandParams[] = []
  const proxy = new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'command') {
        return (params: CommandParams) => {
          seen.push(params)
          return target.command(params)
        }
      }
      const value: unknown = Reflect.get(target, prop, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  await work(proxy)
  return seen
}

/** The raw snapshot rows the engine plans to read for the statements that read them. */
async function rawRowsPlanned(
  client: ClickHouseClient,
  statements: readonly CommandParams[],
): Promise<number> {
  let total = 0
  for (const s of statements) {
    if (!s.query.includes(`FROM ${tables.placeSnapshots}`)) continue
    // Every materialiser statement is `INSERT INTO t (columns)` on its first line, then its SELECT.
    const select = s.query.slice(s.query.indexOf('\n') + 1)
    const estimate = await rows<{ table: string; rows: string }>(
      client,
      `EXPLAIN ESTIMATE ${select}`,
      s.query_params ?? {},
    )
    for (const e of estimate) if (e.table === tables.placeSnapshots) total += Number(e.rows)
  }
  return total
}

async function liveSlotReads(client: ClickHouseClient): Promise<number> {
  const statements = await recorded(client, (c) =>
    recomputeRange(c, { fromMs: LIVE_SLOT, toMs: LIVE_SLOT, now: LIVE_SLOT + SLOT_MS }),
  )
  expect(statements.some((s) => s.query.includes(`FROM ${tables.placeSnapshots}`))).toBe(true)
  return rawRowsPlanned(client, statements)
}

describe("a live slot's recompute", () => {
  let client: ClickHouseClient
  beforeAll(async () => {
    client = await openTestStore()
  }, 60_000)
  afterAll(async () => {
    await client.close()
  })

  it('reads about a day of raw snapshots, whether the store holds 2 days or 23', async () => {
    const lastDay = LIVE_SLOT - (LIVE_SLOT % DAY_MS)
    await storeDays(client, lastDay - DAY_MS, 2)
    const dayRows = PLACES * SLOTS_PER_DAY
    const fewDays = await liveSlotReads(client)

    // 21 more days of the same places before them, in the same month partition.
    await storeDays(client, lastDay - 22 * DAY_MS, 21)
    // Merged into one part, as a store's parts are after a while: a part of older days only would be
    // skipped by its min-max index whatever the order.
    await client.command({ query: `OPTIMIZE TABLE ${tables.placeSnapshots} FINAL` })
    const [stored] = await rows<{ n: string }>(client, `SELECT count() AS n FROM ${tables.placeSnapshots}`)
    expect(Number(stored?.n)).toBe(23 * dayRows)
    const manyDays = await liveSlotReads(client)

    // The hour, day and genre distribution statements each read the slot's day (granules around it
    // included), never the month: with 23 days stored the plan is what it was with 2 (measured 1.09
    // times it, from granule edges; ordered by place first it was 11.5 times).
    expect(fewDays).toBeGreaterThan(0)
    expect(manyDays).toBeLessThanOrEqual(fewDays * 1.25)
    expect(manyDays).toBeLessThanOrEqual(3 * 2 * dayRows)
  }, 120_000)
})
