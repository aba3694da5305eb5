import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { tables } from '@ludex/pipelines'
import { quantileInclusive } from '@ludex/schemas'
import { createPlatformModel, systemClock } from '@ludex/workers'
import type { Command } from 'commander'
import { commandContext } from '../runtime/context.ts'
import { intOption } from '../runtime/options.ts'
import { startPipeline } from '../runtime/pipeline.ts'
import { benchStorage, type StorageBenchFigures } from '../runtime/storage-bench.ts'

/** Slots of a year, for the extrapolation per 100,000 experiences. */
const SLOTS_PER_YEAR = (365 * 86_400_000) / 600_000
const GIB = 1024 ** 3

/** The tables that grow with experiences × time (the rest grow with time, or with changes only). */
const PER_EXPERIENCE_SLOT: readonly string[] = [tables.placeSnapshots, tables.placeRollups, tables.dailyRanks]

/**
 * A year of 100,000 experiences on disk, extrapolated linearly: the tables that grow with experiences ×
 * time per snapshot, the others (chart captures, genre series, metadata) per day of the range.
 */
function gibPerYearPer100k(f: StorageBenchFigures): number {
  const perSnapshot = f.tables.filter((t) => PER_EXPERIENCE_SLOT.includes(t.table))
  const scaling = perSnapshot.reduce((sum, t) => sum + t.bytesOnDisk, 0)
  const rest = f.tables.reduce((sum, t) => sum + t.bytesOnDisk, 0) - scaling
  const bytes =
    (scaling / Math.max(1, f.backfill.stats.snapshots)) * SLOTS_PER_YEAR * 100_000 +
    (rest / f.rangeDays) * 365
  return bytes / GIB
}

/** The BENCH lines of a run (`BENCH <name> <value> <unit>`), in the order they are printed. */
export function storageBenchLines(f: StorageBenchFigures, experiences: number): string[] {
  const snapshots = f.backfill.stats.snapshots
  const raw = f.tables.find((t) => t.table === tables.placeSnapshots)
  const lines = [
    `storage_backfill_snapshots ${snapshots} snapshots`,
    `storage_backfill_snapshots_per_s ${f.backfill.snapshotsPerSecond} snapshots/s`,
    `storage_backfill_seconds ${(f.backfill.ingestMs / 1000).toFixed(1)} s`,
    `storage_rollup_rebuild_seconds ${(f.backfill.rebuildMs / 1000).toFixed(1)} s`,
    `materialise_slot_ingest_seconds_${experiences} ${f.slotIngestSeconds.toFixed(2)} s`,
    `materialise_slot_seconds_${experiences} ${(quantileInclusive(f.slotMaterialiseSeconds, 0.5) ?? 0).toFixed(2)} s`,
    `materialise_slot_seconds_${experiences}_max ${Math.max(...f.slotMaterialiseSeconds).toFixed(2)} s`,
  ]
  if (f.optimizeSeconds !== null) lines.push(`storage_optimize_seconds ${f.optimizeSeconds.toFixed(1)} s`)
  if (raw && raw.rows > 0) {
    lines.push(`storage_bytes_per_snapshot ${(raw.bytesOnDisk / raw.rows).toFixed(2)} bytes`)
    lines.push(`storage_place_snapshots_parts ${raw.parts} parts`)
  }
  for (const t of f.tables) {
    if (t.rows === 0) continue
    lines.push(`storage_${t.table}_bytes ${t.bytesOnDisk} bytes`)
    lines.push(`storage_${t.table}_bytes_per_row ${(t.bytesOnDisk / t.rows).toFixed(2)} bytes`)
  }
  lines.push(
    `storage_disk_bytes ${f.diskBytes} bytes`,
    `storage_disk_bytes_per_snapshot ${(f.diskBytes / Math.max(1, snapshots)).toFixed(2)} bytes`,
    `storage_gib_per_year_per_100k ${gibPerYearPer100k(f).toFixed(1)} GiB`,
    `hourly_ccu_range_days ${f.rangeDays.toFixed(1)} days`,
    `hourly_ccu_1y_ms_${experiences}_p50 ${f.hourlyCcuMs.p50.toFixed(1)} ms`,
    `hourly_ccu_1y_ms_${experiences}_p95 ${f.hourlyCcuMs.p95.toFixed(1)} ms`,
    `tag200_hourly_ccu_ms_${experiences}_p50 ${f.tagAverageMs.p50.toFixed(1)} ms`,
    `tag200_hourly_ccu_ms_${experiences}_p95 ${f.tagAverageMs.p95.toFixed(1)} ms`,
  )
  return lines
}

/**
 * `ludex bench-storage` (`make bench-storage`, not part of `make test`): storage and materialisation at
 * scale (issue 19.3) on a fresh temporary data dir, removed at the end unless --keep.
 */
export function benchStorageCommand(program: Command): void {
  program
    .command('bench-storage')
    .description(
      'Measure bytes per snapshot, backfill throughput, the materialiser per live slot and read latency at scale (prints BENCH lines)',
    )
    .option('--days <n>', 'days of history', intOption('--days', 1, 3650), 30)
    .option('--experiences <n>', 'simulated experiences', intOption('--experiences', 1, 100_000), 2000)
    .option(
      '--read-runs <n>',
      'timed reads of one experience (a fifth as many of the tag)',
      intOption('--read-runs', 1, 10_000),
      50,
    )
    .option(
      '--slot-runs <n>',
      'timed passes of the materialiser over the live slot',
      intOption('--slot-runs', 1, 100),
      3,
    )
    .option('--optimize', 'merge the large tables whole (OPTIMIZE … FINAL) before measuring their size')
    .option('--keep', 'keep the data dir (its path is printed) instead of removing it')
    .action(
      async (opts: {
        days: number
        experiences: number
        readRuns: number
        slotRuns: number
        optimize?: boolean
        keep?: boolean
      }) => {
        const dataDir = await mkdtemp(join(tmpdir(), 'ludex-bench-storage-'))
        // The embedded store and the in-process bus, whatever the environment selects.
        const { config, logger } = commandContext({
          LUDEX_DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          KAFKA_BROKERS: '',
          REDIS_URL: '',
          CLICKHOUSE_URL: '',
          CLICKHOUSE_CLUSTER: '',
        })
        const progressLogger = logger.child({ component: 'bench-storage' }, { level: 'info' })
        const model = createPlatformModel({ seed: config.SIMULATOR_SEED, experiences: opts.experiences })
        const pipeline = await startPipeline(config, logger, systemClock, { command: 'ludex bench-storage' })
        const started = performance.now()
        try {
          const figures = await benchStorage({
            pipeline,
            model,
            days: opts.days,
            now: systemClock.now(),
            logger,
            progressLogger,
            dataDir,
            readRuns: opts.readRuns,
            slotRuns: opts.slotRuns,
            optimize: opts.optimize === true,
          })
          for (const line of storageBenchLines(figures, opts.experiences)) console.log(`BENCH ${line}`)
          console.log(`BENCH storage_bench_seconds ${((performance.now() - started) / 1000).toFixed(0)} s`)
          console.log(`BENCH storage_bench_peak_rss ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`)
        } finally {
          await pipeline.stop()
          if (opts.keep) console.error(`bench-storage: data dir kept at ${dataDir}`)
          else await rm(dataDir, { recursive: true, force: true })
        }
      },
    )
}
