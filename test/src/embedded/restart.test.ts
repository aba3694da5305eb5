import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClickHouseClient } from '@clickhouse/client'
import { startRun } from '@ludex/cli'
import { loadConfig, TEN_MINUTES_MS } from '@ludex/schemas'
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

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`condition not met within ${timeoutMs} ms`)
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
    const backfilled = first.backfill!.stats.snapshots
    const client1 = first.store
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
      // Nothing was generated again: the raw table holds exactly the backfill…
      expect(await scalar(client, 'SELECT count() AS v FROM place_snapshots FINAL')).toBe(rawAfterBackfill)
      // …and live polling writes the new slot for every tracked experience.
      const slotSeconds = later / 1000
      await waitFor(
        async () =>
          (await scalar(
            client,
            `SELECT count() AS v FROM place_snapshots FINAL WHERE slot = toDateTime(${slotSeconds}, 'UTC')`,
          )) === second.tracker.size,
        20_000,
      )
      // Repeated polls of the same slot land on the same keys: no duplicates anywhere.
      await new Promise((r) => setTimeout(r, 2500))
      const dupes = await scalar(
        client,
        'SELECT count() AS v FROM (SELECT place_id, slot FROM place_snapshots FINAL GROUP BY place_id, slot HAVING count() > 1)',
      )
      expect(dupes).toBe(0)
      expect(await scalar(client, 'SELECT count() AS v FROM place_snapshots FINAL')).toBe(
        rawAfterBackfill + second.tracker.size,
      )
      // The live slot is materialised into its hour bucket by the running materialiser.
      await waitFor(
        async () =>
          (await scalar(
            client,
            `SELECT count() AS v FROM place_rollups FINAL WHERE granularity = 'hour' AND last_slot = toDateTime(${slotSeconds}, 'UTC')`,
          )) === second.tracker.size,
        20_000,
      )
    } finally {
      await second.stop()
    }
  })
})
