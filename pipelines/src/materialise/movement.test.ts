import type { ClickHouseClient } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { materialiseMovement, movementDays } from './movement.ts'
import { materialiseRange } from './rollups.ts'
import { insertSnapshots, openTestStore, rows, type SnapshotRow, utc } from './test-store.ts'

// Day D = 2024-04-08 (bucket 01:00 UTC), compared with D−7 = 2024-04-01. One sample per place per day.
const OLD = utc('2024-04-01T12:00:00')
const NOW_DAY = utc('2024-04-08T12:00:00')

function fixture(): SnapshotRow[] {
  const out: SnapshotRow[] = []
  // D−7: places 1..105 ranked by id (place n has rank n).
  for (let id = 1; id <= 105; id++) out.push({ place_id: id, slot: OLD, playing: 1000 - id })
  // D: a new place leads; place 50 is no longer polled; place 100 collapses to last; places 101 and 102
  // tie for rank 100 (both in), so 103 gets rank 102 (rank() skips), and everything else keeps its order.
  out.push({ place_id: 500, slot: NOW_DAY, playing: 5000 })
  for (let id = 1; id <= 105; id++) {
    if (id === 50) continue
    const playing = id === 100 ? 1 : id === 102 ? 899 : 1000 - id
    out.push({ place_id: id, slot: NOW_DAY, playing })
  }
  return out
}

interface MovementRow {
  type: string
  place_id: number
  rank: number | null
  old_rank: number | null
  gain: number | null
}

let client: ClickHouseClient

async function movement(
  day: string,
): Promise<[string, number, number | null, number | null, number | null][]> {
  const r = await rows<MovementRow>(
    client,
    'SELECT * FROM top100_movement FINAL WHERE day = {day:Date} ORDER BY type, place_id',
    { day },
  )
  return r.map((x) => [x.type, x.place_id, x.rank, x.old_rank, x.gain])
}

async function materialise(fromMs: number, toMs: number, now: number): Promise<void> {
  await materialiseRange(client, { fromMs, toMs, now })
  await materialiseMovement(client, { fromMs, toMs, now })
}

beforeAll(async () => {
  client = await openTestStore()
  await insertSnapshots(client, fixture())
  await materialise(OLD, NOW_DAY, utc('2024-04-09T02:00:00'))
})

afterAll(async () => {
  await client.close()
})

describe('daily ranks', () => {
  it('rank ties alike and skip the next rank', async () => {
    const r = await rows<{ place_id: number; rank: number }>(
      client,
      "SELECT place_id, rank FROM daily_ranks FINAL WHERE day = '2024-04-08' AND place_id IN (99, 101, 102, 103, 100, 500) ORDER BY place_id",
    )
    expect(r.map((x) => [x.place_id, x.rank])).toEqual([
      [99, 99],
      [100, 105],
      [101, 100],
      [102, 100],
      [103, 102],
      [500, 1],
    ])
  })

  it('are only written for closed days', () => {
    const now = utc('2024-04-09T00:50:00')
    // the day of 2024-04-08 runs until 2024-04-09 01:00, so it is not closed yet
    expect(
      movementDays({ fromMs: NOW_DAY, toMs: NOW_DAY, now }).map((d) => new Date(d).toISOString()),
    ).toEqual(['2024-04-07T01:00:00.000Z'])
    // the slot at 01:00 opens the next day and closes this one
    const next = utc('2024-04-09T01:00:00')
    expect(
      movementDays({ fromMs: next, toMs: next, now: next + 1 }).map((d) => new Date(d).toISOString()),
    ).toEqual(['2024-04-08T01:00:00.000Z'])
  })
})

describe('top-100 movement', () => {
  it('lists entries and exits against 7 days earlier, with gain = old_rank − rank', async () => {
    expect(await movement('2024-04-08')).toEqual([
      // ties at the boundary: both share rank 100 and both enter
      ['top100entry', 101, 100, 101, 1],
      ['top100entry', 102, 100, 102, 2],
      // a place not ranked 7 days earlier: old_rank and gain null
      ['top100entry', 500, 1, null, null],
      // no data on the day: rank and gain null
      ['top100exit', 50, null, 50, null],
      // fell out: negative gain
      ['top100exit', 100, 105, 100, -5],
    ])
  })

  it('has nothing for a day without ranks 7 days earlier', async () => {
    expect(await movement('2024-04-01')).toEqual([])
  })

  it('replaces the whole day when its data changes', async () => {
    const late = utc('2024-04-08T13:00:00')
    // place 100's second sample lifts its day average to (1 + 3000) / 2: rank 2, so it stays in the top
    // 100, and pushes 101 and 102 to rank 101.
    await insertSnapshots(client, [{ place_id: 100, slot: late, playing: 3000 }])
    await materialise(late, late, utc('2024-04-09T03:00:00'))
    expect(await movement('2024-04-08')).toEqual([
      ['top100entry', 500, 1, null, null],
      ['top100exit', 50, null, 50, null],
    ])
  })
})
