import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPlatformModel, systemClock } from '@ludex/workers'
import type { Command } from 'commander'
import { backfill } from '../runtime/backfill.ts'
import { commandContext } from '../runtime/context.ts'
import { intOption } from '../runtime/options.ts'
import { startPipeline } from '../runtime/stack.ts'

/** The insert format the sink uses for snapshots (see pipelines/src/sink/rows.ts). */
const SNAPSHOT_INSERT_FORMAT = 'TabSeparated'

/**
 * `make bench`: figures, never assertions. One machine-readable line per figure:
 * `BENCH <name> <value> <unit>`.
 */
export function benchCommand(program: Command): void {
  program
    .command('bench')
    .description('Measure backfill throughput through the bus into the embedded store (prints BENCH lines)')
    .option('--days <n>', 'days of history', intOption('--days', 1, 3650), 30)
    .option('--experiences <n>', 'simulated experiences', intOption('--experiences', 1, 100_000), 2000)
    .action(async (opts: { days: number; experiences: number }) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'ludex-bench-'))
      const { config, logger } = commandContext({ LUDEX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
      const model = createPlatformModel({ seed: config.SIMULATOR_SEED, experiences: opts.experiences })
      const pipeline = await startPipeline(config, logger, systemClock)
      try {
        const s = await backfill({ pipeline, model, days: opts.days, now: systemClock.now(), logger })
        const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024)
        console.log(`BENCH ingest_embedded ${s.snapshotsPerSecond} snapshots/s`)
        console.log(`BENCH ingest_embedded_snapshots ${s.stats.snapshots} snapshots`)
        console.log(`BENCH ingest_embedded_seconds ${(s.ingestMs / 1000).toFixed(1)} s`)
        console.log(`BENCH rollup_rebuild_seconds ${(s.rebuildMs / 1000).toFixed(1)} s`)
        console.log(`BENCH ingest_embedded_peak_rss ${peakRssMb} MiB`)
        console.log(`BENCH ingest_embedded_insert_format ${SNAPSHOT_INSERT_FORMAT} format`)
      } finally {
        await pipeline.stop()
        await rm(dataDir, { recursive: true, force: true })
      }
    })
}
