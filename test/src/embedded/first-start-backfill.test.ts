import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClickHouseClient } from '@clickhouse/client'
import {
  type BackfillOutcome,
  type HistoryChunk,
  newestFirstPlan,
  type RunProcess,
  readBackfillState,
  startRun,
} from '@ludex/cli'
import { queryRows, tables } from '@ludex/pipelines/store'
import { GRANULARITIES, loadConfig, type PlaceSnapshotV1, TEN_MINUTES_MS, topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** A clock the test moves by hand: the backfill's plan and the live polls' slots follow it. */
function manualClock(start: number) {
  let t = start
  return { now: () => t, set: (v: number) => (t = v) }
}

/** A promise the test opens when it is ready. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/**
 * Holds the backfill before each chunk until the test lets it go: `reached(n)` resolves once the n-th
 * chunk (0 = the newest) is about to start, `release(n)` lets it start.
 */
function chunkGates() {
  const chunks: HistoryChunk[] = []
  const arrivals = new Map<number, ReturnType<typeof gate>>()
  const releases = new Map<number, ReturnType<typeof gate>>()
  const of = (map: Map<number, ReturnType<typeof gate>>, n: number) => {
    if (!map.has(n)) map.set(n, gate())
    return map.get(n)!
  }
  return {
    chunks,
    beforeBackfillChunk: async (chunk: HistoryChunk) => {
      const n = chunks.length
      chunks.push(chunk)
      of(arrivals, n).open()
      await of(releases, n).opened
    },
    reached: (n: number) => of(arrivals, n).opened,
    release: (n: number) => of(releases, n).open(),
  }
}

async function scalar(client: ClickHouseClient, query: string): Promise<number> {
  const [row] = await queryRows<{ v: number }>(client, { query, int64: ['v'] })
  return Number(row?.v ?? 0)
}

/** The snapshots of source 'backfill' a group of the test's own sees on the process's bus. */
function observeBackfill(run: RunProcess, hold?: Promise<void>) {
  const slots = new Set<number>()
  let first = true
  const sub = run.bus!.subscribe(
    topics.snapshots,
    { group: 'first-start-test', maxBatch: 500, maxWaitMs: 5 },
    async (batch: readonly PlaceSnapshotV1[]) => {
      const mine = batch.filter((m) => m.source === 'backfill')
      for (const m of mine) slots.add(m.slot)
      if (mine.length > 0 && first && hold) {
        first = false
        await hold
      }
    },
  )
  return { slots, stop: () => sub.stop() }
}

describe('ludex run on an empty data dir: newest first, in the background', () => {
  let dataDir: string
  const logger = pino({ level: 'silent' })
  // Wednesday 18 November 2026, 14:00 UTC, on a slot boundary.
  const start = Date.UTC(2026, 10, 18, 14, 0, 0)
  const days = 15
  const plan = newestFirstPlan(days, start)

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-first-start-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('serves and polls live while it backfills, resumes after stops, and ends with no slot lost or doubled', async () => {
    const config = loadConfig({
      LUDEX_DATA_DIR: dataDir,
      SIMULATOR_EXPERIENCES: '40',
      BACKFILL_DAYS: String(days),
      SIMULATOR_FAULT_RATE: '0',
      ROBLOX_HOST_INTERVAL_MS: '0',
      INSERT_LOG_POLL_MS: '200',
      // Small enough that a group of the test's own that stops consuming holds the backfill mid-chunk.
      BUS_CAPACITY: '2000',
    })
    const clock = manualClock(start)
    // Every second of wall time; each poll writes the slot of the manual clock.
    const pollEveryMs = { games: 1000, sorts: 1000 }
    /** `ludex run` on the data dir, its backfill held before each chunk until the test releases it. */
    const startHeld = async () => {
      const gates = chunkGates()
      const run = await startRun({
        config,
        logger,
        clock,
        serveHttp: false,
        pollEveryMs,
        beforeBackfillChunk: gates.beforeBackfillChunk,
      })
      return { run, gates }
    }

    // 1. First start: the API would answer at once (/readyz not ready while the newest days come).
    const { run: first, gates: gates1 } = await startHeld()
    await gates1.reached(0)
    expect(gates1.chunks[0]).toEqual({ fromMs: plan.recentFromMs, toMs: plan.toMs })
    const waiting = (await first.readiness()).backfill
    expect(waiting?.ok).toBe(false)
    expect(waiting?.detail).toBe(
      `the newest days first: 0 of ${days} days in (newest first), ETA unknown yet`,
    )
    gates1.release(0)
    expect(await first.backfill!.recentVisible).toBe(true)
    await gates1.reached(1)
    // Held before the first older chunk: the newest days are visible, /readyz says serving.
    const serving = (await first.readiness()).backfill
    expect(serving?.ok).toBe(true)
    expect(serving?.detail).toMatch(/^serving the newest 7 days; older history filling in: 7 of 15 days in/)
    expect(serving?.progress).toMatchObject({ done: 7.5, total: days, unit: 'days' })
    const stored1 = await readBackfillState(first.store)
    expect(stored1.kind === 'filling' && stored1.record.doneFromMs).toBe(plan.recentFromMs)
    expect(
      await scalar(
        first.store,
        `SELECT count() AS v FROM ${tables.placeRollups} FINAL WHERE granularity = 'day' AND bucket < toDateTime(${plan.recentFromMs / 1000}, 'UTC')`,
      ),
    ).toBe(0)
    expect(
      await scalar(
        first.store,
        `SELECT count() AS v FROM ${tables.placeRollups} FINAL WHERE granularity = 'day'`,
      ),
    ).toBeGreaterThan(0)

    // Live polling runs meanwhile: the next slot, after the backfill's last, is stored and rolled up.
    const liveSlot = start + TEN_MINUTES_MS
    expect(liveSlot).toBe(plan.toMs)
    clock.set(liveSlot)
    await waitFor(
      'the live slot rolled up for every tracked experience',
      async () =>
        (await scalar(
          first.store,
          `SELECT count() AS v FROM ${tables.placeRollups} FINAL WHERE granularity = 'hour' AND last_slot = toDateTime(${liveSlot / 1000}, 'UTC')`,
        )) === first.tracker.size,
      { timeoutMs: 30_000, everyMs: 100 },
    )
    expect((await readBackfillState(first.store)).kind).toBe('filling')

    // 2. Stopped at a chunk boundary: the stored progress stays at the last whole chunk.
    await first.stop()
    expect(((await first.backfill!.ended) as BackfillOutcome).outcome).toBe('stopped')

    // 3. Restarted, and stopped again in the middle of its first chunk (a group of the test's own holds
    // the bus once the chunk's first batch is on it).
    clock.set(start + 2 * TEN_MINUTES_MS)
    const { run: second, gates: gates2 } = await startHeld()
    // Resumed where it stopped: the newest days are visible from the start, and it is serving.
    expect(await second.backfill!.recentVisible).toBe(true)
    expect((await second.readiness()).backfill?.ok).toBe(true)
    await gates2.reached(0)
    expect(gates2.chunks[0]).toEqual({ fromMs: plan.recentFromMs - 7 * 86_400_000, toMs: plan.recentFromMs })
    const unblock = gate()
    const held = observeBackfill(second, unblock.opened)
    gates2.release(0)
    await waitFor('the chunk on the bus', () => held.slots.size > 0, { timeoutMs: 30_000, everyMs: 50 })
    const stopping = second.stop()
    unblock.open()
    await stopping
    expect(((await second.backfill!.ended) as BackfillOutcome).outcome).toBe('stopped')

    // 4. Restarted: it backfills only the older days it misses, then finishes.
    clock.set(start + 3 * TEN_MINUTES_MS)
    const { run: third, gates: gates3 } = await startHeld()
    try {
      await gates3.reached(0)
      const seen = observeBackfill(third)
      gates3.release(0)
      gates3.release(1)
      const ended = await third.backfill!.ended
      expect(ended).toEqual({ outcome: 'finished', snapshots: expect.any(Number), days })
      // The chunk the second start stopped in was not counted as done: this start redoes it.
      expect(gates3.chunks).toEqual([
        { fromMs: plan.recentFromMs - 7 * 86_400_000, toMs: plan.recentFromMs },
        { fromMs: plan.fromMs, toMs: plan.recentFromMs - 7 * 86_400_000 },
      ])
      await third.bus!.drain()
      await seen.stop()
      // Nothing of the newest days was generated again.
      expect(Math.min(...seen.slots)).toBe(plan.fromMs)
      expect(Math.max(...seen.slots)).toBe(plan.recentFromMs - TEN_MINUTES_MS)
      expect((await third.readiness()).backfill).toMatchObject({
        ok: true,
        detail: expect.stringMatching(/ over 15 days$/),
      })
      expect((await readBackfillState(third.store)).kind).toBe('finished')

      const client = third.store
      // No hole: every slot of the range has its platform total, and live slots after it.
      const slots = (plan.toMs - plan.fromMs) / TEN_MINUTES_MS
      expect(
        await scalar(
          client,
          `SELECT count() AS v FROM ${tables.platformCcu} FINAL WHERE slot >= toDateTime(${plan.fromMs / 1000}, 'UTC') AND slot < toDateTime(${plan.toMs / 1000}, 'UTC')`,
        ),
      ).toBe(slots)
      // Nothing lost or doubled: each slot holds as many snapshots as its sweep (or generation) made.
      const mismatched = await queryRows<{ slot: string; stored: number; made: number }>(client, {
        query: `SELECT toString(p.slot) AS slot, s.n AS stored, p.tracked_experiences AS made
FROM (SELECT slot, tracked_experiences FROM ${tables.platformCcu} FINAL) AS p
LEFT JOIN (SELECT slot, count() AS n FROM ${tables.placeSnapshots} FINAL GROUP BY slot) AS s ON s.slot = p.slot
WHERE s.n != p.tracked_experiences`,
        int64: ['stored', 'made'],
      })
      expect(mismatched).toEqual([])
      // And every rollup level counts each stored snapshot once, live slots and backfilled ones alike.
      const raw = await scalar(client, `SELECT count() AS v FROM ${tables.placeSnapshots} FINAL`)
      for (const g of GRANULARITIES) {
        await waitFor(
          `the ${g} rollups counting every snapshot once`,
          async () =>
            (await scalar(
              client,
              `SELECT sum(samples) AS v FROM ${tables.placeRollups} FINAL WHERE granularity = '${g}'`,
            )) === raw,
          { timeoutMs: 30_000, everyMs: 200 },
        )
      }
    } finally {
      await third.stop()
    }
    // Three starts of the whole app and two stops: beyond the default bound on a loaded machine.
  }, 300_000)
})
