import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClickHouseClient } from '@clickhouse/client'
import { backfill, type FillingRecord, fillNewestFirst, newestFirstPlan, startPipeline } from '@ludex/cli'
import { queryRows, tables } from '@ludex/pipelines/store'
import { snapshotMaterialised } from '@ludex/pipelines/testing'
import { loadConfig, periodStart } from '@ludex/schemas'
import { createPlatformModel } from '@ludex/workers'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The first-start backfill goes newest first, a chunk at a time, each rolled up when it lands. Once the
 * older chunk is in, every materialised table (rollups of every granularity, genre series and
 * distribution, daily ranks and top-100 movement, benchmarks, event counts) holds exactly what one
 * oldest-first pass over the same range and one rebuild give, row for row: the week and the month the
 * chunk boundary cuts, and the movement of the newest days (compared with days of the older chunk), are
 * recomputed whole when their older part arrives.
 */
describe('a newest-first backfill in two chunks', () => {
  let dataDir: string
  const logger = pino({ level: 'silent' })
  // Wednesday 18 November 2026, 14:00 UTC: the first chunk begins Wednesday 11 November at 01:00, so the
  // boundary cuts the week of Monday 9 November and the month of November.
  const now = Date.UTC(2026, 10, 18, 14, 0, 0)
  const days = 12
  const model = createPlatformModel({ seed: 11, experiences: 150 })

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-newest-first-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  /** The ingest roles on their own database of the one data dir (chDB binds one per process). */
  function pipelineOn(database: string) {
    const config = loadConfig({ LUDEX_DATA_DIR: dataDir, CLICKHOUSE_DATABASE: database, LOG_LEVEL: 'silent' })
    return startPipeline(config, logger, { now: () => now })
  }

  async function count(client: ClickHouseClient, query: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(client, { query, int64: ['n'] })
    return row?.n ?? 0
  }

  it('ends with every materialised table equal to a one-pass backfill of the same range', async () => {
    const onePass = await pipelineOn('one_pass')
    let expected: Record<string, unknown[]>
    let expectedSnapshots: number
    try {
      const summary = await backfill({ pipeline: onePass, model, days, now, logger })
      expectedSnapshots = summary.stats.snapshots
      expected = await snapshotMaterialised(onePass.client)
    } finally {
      await onePass.stop()
    }

    const plan = newestFirstPlan(days, now)
    expect(plan.recentFromMs).toBe(Date.UTC(2026, 10, 11, 1, 0, 0))
    expect(periodStart(plan.recentFromMs, 'week')).toBeLessThan(plan.recentFromMs)
    expect(periodStart(plan.recentFromMs, 'month')).toBeLessThan(plan.recentFromMs)
    const chunked = await pipelineOn('newest_first')
    try {
      const start: FillingRecord = { ...plan, doneFromMs: plan.toMs, snapshots: 0 }
      const chunks: Array<{ fromMs: number; toMs: number }> = []
      // What the pages read after the first chunk alone: the day rollups of its days.
      let recentDays: unknown[] = []
      const done = await fillNewestFirst({
        target: chunked,
        model,
        record: start,
        now: () => now,
        beforeChunk: async (chunk) => {
          chunks.push(chunk)
          if (chunks.length === 2)
            recentDays = (await snapshotMaterialised(chunked.client))[tables.placeRollups]!
        },
      })
      expect(chunks).toEqual([
        { fromMs: plan.recentFromMs, toMs: plan.toMs },
        { fromMs: plan.fromMs, toMs: plan.recentFromMs },
      ])
      expect(done.snapshots).toBe(expectedSnapshots)
      expect(done.doneFromMs).toBe(plan.fromMs)

      // Right for what was stored: after the first chunk, each day bucket of it was already final.
      const isRecentDay = (r: unknown) => {
        const row = r as { granularity: string; bucket: string }
        return (
          row.granularity === 'day' && Date.parse(`${row.bucket.replace(' ', 'T')}Z`) >= plan.recentFromMs
        )
      }
      const finalRecentDays = expected[tables.placeRollups]!.filter(isRecentDay)
      expect(finalRecentDays.length).toBeGreaterThan(0)
      expect(recentDays.filter(isRecentDay)).toEqual(finalRecentDays)

      const actual = await snapshotMaterialised(chunked.client)
      for (const table of Object.keys(expected)) {
        expect(actual[table], table).toEqual(expected[table])
      }
      // Every table had rows to compare (events excepted: the simulator sends none).
      for (const [table, rows] of Object.entries(expected)) {
        if (table !== tables.eventDailyCounts) expect(rows.length, table).toBeGreaterThan(0)
      }
      // The raw snapshots are the same too, each once.
      expect(await count(chunked.client, `SELECT count() AS n FROM ${tables.placeSnapshots} FINAL`)).toBe(
        expectedSnapshots,
      )
    } finally {
      await chunked.stop()
    }
  })
})
