import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { backfill, startPipeline } from '@ludex/cli'
import { insertLogWriter, readInsertLogCursor, writeInsertLogCursor } from '@ludex/pipelines'
import { queryRows, tables } from '@ludex/pipelines/store'
import { loadConfig } from '@ludex/schemas'
import { createPlatformModel } from '@ludex/workers'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * `ludex backfill` is the sink and the materialiser with the process publishing: it rebuilds the range
 * it inserted once, and leaves the insert log and its cursor to the deployed materialiser (a second
 * follower writing the same cursor could move it past ranges the deployed one never recomputed).
 */
describe('a backfill-only process', () => {
  let dataDir: string
  const logger = pino({ level: 'silent' })
  const now = Date.UTC(2026, 10, 18, 14, 0, 0)

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-backfill-only-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('rebuilds its range and neither logs its inserts nor moves the materialiser cursor', async () => {
    const config = loadConfig({ LUDEX_DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
    const pipeline = await startPipeline(config, logger, { now: () => now })
    try {
      // The deployed materialiser's place in the log, from before this process started.
      const deployedCursor = now - 3_600_000
      await writeInsertLogCursor(pipeline.client, deployedCursor, now - 3_600_000)
      // A batch the deployed sink logged meanwhile: the deployed materialiser's to recompute, not ours.
      await insertLogWriter(pipeline.client)({
        topic: 'snapshots.v1',
        rows: 1,
        minSlot: now - 600_000,
        maxSlot: now - 600_000,
      })
      const model = createPlatformModel({ seed: 7, experiences: 20 })
      const summary = await backfill({ pipeline, model, days: 1, now, logger })
      expect(summary.stats.snapshots).toBeGreaterThan(0)

      const [hours] = await queryRows<{ n: number }>(pipeline.client, {
        query: `SELECT count() AS n FROM ${tables.placeRollups} FINAL WHERE granularity = 'hour'`,
        int64: ['n'],
      })
      expect(hours?.n).toBeGreaterThan(0)
      const [logged] = await queryRows<{ n: number }>(pipeline.client, {
        query: `SELECT count() AS n FROM ${tables.insertLog}`,
        int64: ['n'],
      })
      // Only the deployed sink's row: the backfill's batches were held for its rebuild, not logged.
      expect(logged?.n).toBe(1)
    } finally {
      await pipeline.stop()
    }
    const reopened = await startPipeline(config, logger, { now: () => now })
    try {
      // Still where the deployed materialiser left it: this process followed nothing.
      expect(await readInsertLogCursor(reopened.client)).toBe(now - 3_600_000)
    } finally {
      await reopened.stop()
    }
  })
})
