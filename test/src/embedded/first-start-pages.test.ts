import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type HistoryChunk, newestFirstPlan, startRun } from '@ludex/cli'
import { loadConfig, periodStart, platformCcuList, statsResponse } from '@ludex/schemas'
import {
  createPlatformModel,
  existsAt,
  experienceAt,
  RESTRICTION_PERIOD_MS,
  restrictedInPeriod,
} from '@ludex/workers'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const DAY = 86_400_000

/**
 * What the pages read while the history fills in behind them: the overview's Tracked Games CCU and an
 * experience's CCU chart show the newest days once they are in, and each older chunk as soon as it is
 * rolled up. The API keeps each place's history start (for a slot) and its pages' reads (per rollup
 * watermark); the backfill tells the API of its process when a chunk lands, so neither serves the
 * history as it was before the chunk.
 */
describe('the pages of ludex run while it backfills', () => {
  let dataDir: string
  const logger = pino({ level: 'silent' })
  // Wednesday 18 November 2026, 14:00 UTC.
  const start = Date.UTC(2026, 10, 18, 14, 0, 0)
  const plan = newestFirstPlan(15, start)
  const seed = 23
  const model = createPlatformModel({ seed, experiences: 30 })

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-first-start-pages-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('show the newest 7 days first and each older chunk at once', async () => {
    const config = loadConfig({
      LUDEX_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SIMULATOR_SEED: String(seed),
      SIMULATOR_EXPERIENCES: String(model.count),
      BACKFILL_DAYS: '15',
      SIMULATOR_FAULT_RATE: '0',
      ROBLOX_HOST_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
    })
    let t = start
    const clock = { now: () => t }
    const reached: Array<() => void> = []
    const arrived = [0, 1, 2].map((n) => new Promise<void>((resolve) => (reached[n] = resolve)))
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const chunks: HistoryChunk[] = []
    const run = await startRun({
      config,
      logger,
      clock,
      beforeBackfillChunk: async (chunk) => {
        reached[chunks.length]?.()
        chunks.push(chunk)
        // Held before the first older chunk until the test has read the pages once.
        if (chunks.length === 2) await released
      },
    })
    try {
      const get = async (path: string) => {
        const response = await fetch(`${run.apiUrl}${path}`)
        expect(response.status, path).toBe(200)
        return response.json()
      }
      // An experience with data in every slot of the range: it exists before it and is never restricted.
      const periods = (from: number, to: number) =>
        Array.from(
          { length: Math.floor(to / RESTRICTION_PERIOD_MS) - Math.floor(from / RESTRICTION_PERIOD_MS) + 1 },
          (_, k) => Math.floor(from / RESTRICTION_PERIOD_MS) + k,
        )
      const index = Array.from({ length: model.count }, (_, i) => i).find(
        (i) =>
          existsAt(experienceAt(model, i), plan.fromMs - DAY) &&
          periods(plan.fromMs - DAY, plan.toMs).every((p) => !restrictedInPeriod(model, i, p)),
      )
      if (index === undefined) throw new Error('no experience with data in every slot: pick another seed')
      const place = experienceAt(model, index).rootPlaceId
      const overview = async () => platformCcuList.parse(await get('/api/platform/ccu?granularity=day'))
      const placeDays = async () =>
        statsResponse.parse(await get(`/api/stats/ccus?placeIds=${place}&granularity=day`)).series[0]?.data ??
        []
      const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

      await arrived[1]
      // The newest days: 7 whole days and the day in progress, none zero.
      const recent = await overview()
      expect(recent.map((p) => p.time.slice(0, 10))).toEqual(
        Array.from({ length: 8 }, (_, i) => dayOf(plan.recentFromMs + i * DAY)),
      )
      expect(recent.every((p) => p.ccu > 0)).toBe(true)
      const recentPlace = await placeDays()
      expect(recentPlace.map(([time]) => time)).toEqual(recent.map((p) => Date.parse(p.time)))

      // The older chunk lands a minute later (its recompute is a later version of the rollups).
      t += 60_000
      release()
      await arrived[2]
      const withOlder = await overview()
      const firstOlderDay = periodStart(plan.recentFromMs - 7 * DAY, 'day')
      expect(withOlder.map((p) => p.time.slice(0, 10))).toEqual(
        Array.from({ length: 15 }, (_, i) => dayOf(firstOlderDay + i * DAY)),
      )
      // At once for the experience too, though the API keeps its history start for a slot.
      expect((await placeDays()).map(([time]) => time)).toEqual(withOlder.map((p) => Date.parse(p.time)))
      expect(await run.backfill!.ended).toMatchObject({ outcome: 'finished' })
    } finally {
      release()
      await run.stop()
    }
  })
})
