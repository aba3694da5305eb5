import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClickHouseClient } from '@clickhouse/client'
import { startRun } from '@ludex/cli'
import { loadConfig, type PlaceSnapshotV1, TEN_MINUTES_MS, topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** A clock the test moves by hand, so "live polling resumed" means a poll of a slot after the restart. */
function manualClock(start: number) {
  let t = start
  return { now: () => t, set: (v: number) => (t = v) }
}

async function scalar(client: ClickHouseClient, query: string): Promise<number> {
  const rows = await (await client.query({ query, format: 'JSONEachRow' })).json<{ v: number | string }>()
  return Number(rows[0]?.v)
}

describe('ludex run on an existing data dir', () => {
  let dataDir: string
  const logger = pino({ level: 'silent' })
  // A fixed afternoon, well inside the simulator's calendar, on a slot boundary.
  const start = Date.UTC(2026, 10, 18, 14, 0, 0)

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-restart-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('backfills once, then resumes live polling without re-backfilling or duplicating', async () => {
    const config = loadConfig({
      LUDEX_DATA_DIR: dataDir,
      SIMULATOR_EXPERIENCES: '60',
      BACKFILL_DAYS: '1',
      SIMULATOR_FAULT_RATE: '0',
      ROBLOX_HOST_INTERVAL_MS: '0',
    })
    const clock = manualClock(start)
    // Polls every second of wall time; each poll writes the slot of the manual clock.
    const pollEveryMs = { games: 1000, sorts: 1000 }

    const first = await startRun({ config, logger, clock, serveHttp: false, pollEveryMs })
    expect(first.backfill).not.toBeNull()
    const ended = await first.backfill!.ended
    if (ended.outcome !== 'finished') throw new Error(`the backfill did not finish: ${ended.outcome}`)
    const backfilled = ended.snapshots
    const client1 = first.store
    // Live polls ran meanwhile, all of the same slot as the backfill's last (the clock stands still):
    // they landed on its keys.
    const rawAfterBackfill = await scalar(client1, 'SELECT count() AS v FROM place_snapshots FINAL')
    expect(rawAfterBackfill).toBe(backfilled)
    const hourRollups = await scalar(
      client1,
      "SELECT count() AS v FROM place_rollups FINAL WHERE granularity = 'hour'",
    )
    expect(hourRollups).toBeGreaterThan(0)
    await first.stop()

    // Restart an hour later on the same data dir.
    const later = start + 6 * TEN_MINUTES_MS
    clock.set(later)
    const second = await startRun({ config, logger, clock, serveHttp: false, pollEveryMs })
    try {
      expect(second.backfill).toBeNull()
      expect(second.tracker.size).toBeGreaterThan(0)
      const client = second.store
      const slotSeconds = later / 1000
      // Every poll after the restart is of the same slot (the clock stands still): a group of the
      // test's own on the bus counts the snapshots of that slot as the pollers publish them.
      let published = 0
      const bus = second.bus
      if (!bus) throw new Error('ludex run started without a bus')
      const observer = bus.subscribe(
        topics.snapshots,
        { group: 'restart-test', maxBatch: 1_000, maxWaitMs: 5 },
        async (batch: readonly PlaceSnapshotV1[]) => {
          published += batch.filter((m) => m.slot === later).length
        },
      )
      // Nothing was generated again: besides the live slot, the raw table holds exactly the backfill…
      expect(
        await scalar(
          client,
          `SELECT count() AS v FROM place_snapshots FINAL WHERE slot != toDateTime(${slotSeconds}, 'UTC')`,
        ),
      ).toBe(rawAfterBackfill)
      // …and live polling writes the new slot for every tracked experience.
      await waitFor(
        'the live slot of every tracked experience',
        async () =>
          (await scalar(
            client,
            `SELECT count() AS v FROM place_snapshots FINAL WHERE slot = toDateTime(${slotSeconds}, 'UTC')`,
          )) === second.tracker.size,
        { timeoutMs: 20_000, everyMs: 100 },
      )
      // Polls of the same slot repeat (at least two whole ones seen by the test's group), and the sink
      // takes in everything published so far.
      await waitFor('two polls of the same slot', () => published >= 2 * second.tracker.size, {
        timeoutMs: 20_000,
        everyMs: 100,
      })
      await bus.drain()
      await observer.stop()
      // The repeats landed on the same keys: the slot added one row per experience, no more.
      expect(await scalar(client, 'SELECT count() AS v FROM place_snapshots FINAL')).toBe(
        rawAfterBackfill + second.tracker.size,
      )
      // The live slot is materialised into its hour bucket by the running materialiser.
      await waitFor(
        'the live slot in its hour bucket',
        async () =>
          (await scalar(
            client,
            `SELECT count() AS v FROM place_rollups FINAL WHERE granularity = 'hour' AND last_slot = toDateTime(${slotSeconds}, 'UTC')`,
          )) === second.tracker.size,
        { timeoutMs: 20_000, everyMs: 100 },
      )
    } finally {
      await second.stop()
    }
  })
})
