import type { ClickHouseClient } from '@clickhouse/client'
import { queryRows, tables } from '@ludex/pipelines/store'
import { openTestStore } from '@ludex/pipelines/testing'
import { createPlatformModel, historyBatches } from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backfillRange } from './backfill.ts'
import { benchRawInsert } from './raw-insert-bench.ts'

const count = async (client: ClickHouseClient, query: string) =>
  (await queryRows<{ n: number }>(client, { query, int64: ['n'] }))[0]?.n

describe('the raw insert of ludex bench', () => {
  let client: ClickHouseClient
  beforeAll(async () => {
    client = await openTestStore()
  })
  afterAll(async () => {
    await client.close()
  })

  it('inserts every row of the range, snapshots in batches of the given size with their place_latest rows, into twins it drops', async () => {
    const model = createPlatformModel({ seed: 7, experiences: 30 })
    const range = backfillRange(Date.UTC(2026, 10, 18, 14, 0, 0), 2)
    let snapshots = 0
    let otherRows = 0
    let otherInserts = 0
    for (const batch of historyBatches(model, range)) {
      snapshots += batch.snapshots.length
      // One row per message, but one per listed place for chart sorts (a place both an ad and ranked is
      // one row); one insert per non-empty table.
      const perTable = [
        batch.charts.reduce((n, c) => n + new Set(c.entries.map((e) => e.place_id)).size, 0),
        batch.creators.length,
        ...['details', 'thumbnail', 'age_rating', 'play_status', 'restricted'].map(
          (change) => batch.metadata.filter((m) => m.change === change).length,
        ),
        batch.dailyPicks.length,
        batch.platform.length,
      ]
      otherRows += perTable.reduce((a, b) => a + b, 0)
      otherInserts += perTable.filter((n) => n > 0).length
    }
    expect(otherInserts).toBeGreaterThan(8)

    const raw = await benchRawInsert({ client, model, ...range, batchRows: 1000 })

    expect(raw.snapshots).toBe(snapshots)
    expect(raw.otherRows).toBe(otherRows)
    // Each snapshot batch is two inserts: its snapshots, then its places' newest into place_latest.
    expect(raw.inserts).toBe(2 * Math.ceil(snapshots / 1000) + otherInserts)
    expect(raw.snapshotInsertMs).toBeLessThanOrEqual(raw.insertMs)
    expect(raw.snapshotsPerSecond).toBe(Math.round(snapshots / (raw.insertMs / 1000)))
    // The twins are gone and the real tables untouched.
    expect(
      await count(client, "SELECT count() AS n FROM system.tables WHERE startsWith(name, 'bench_raw_')"),
    ).toBe(0)
    expect(await count(client, `SELECT count() AS n FROM ${tables.placeSnapshots}`)).toBe(0)
    expect(await count(client, `SELECT count() AS n FROM ${tables.chartPositions}`)).toBe(0)
  })
})
