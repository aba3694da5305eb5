import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPlatformModel, systemClock } from '@ludex/workers'
import type { Command } from 'commander'
import { benchApi, LOADED_CONNECTIONS } from '../runtime/api-bench.ts'
import { backfill } from '../runtime/backfill.ts'
import { commandContext } from '../runtime/context.ts'
import { intOption } from '../runtime/options.ts'
import { startPipeline } from '../runtime/pipeline.ts'

/** The insert format the sink uses for snapshots (see pipelines/src/sink/rows.ts). */
const SNAPSHOT_INSERT_FORMAT = 'TabSeparated'

/**
 * `make bench`: figures, never assertions. One machine-readable line per figure:
 * `BENCH <name> <value> <unit>`. One backfill feeds both parts: the ingest figure is measured on it,
 * then the API is measured against the store it filled.
 */
export function benchCommand(program: Command): void {
  program
    .command('bench')
    .description('Measure ingest throughput and API latency on the embedded store (prints BENCH lines)')
    .option('--days <n>', 'days of history', intOption('--days', 1, 3650), 120)
    .option('--experiences <n>', 'simulated experiences', intOption('--experiences', 1, 100_000), 2000)
    .option(
      '--api-seconds <n>',
      'seconds of load per API call (0 skips the API part)',
      intOption('--api-seconds', 0, 600),
      10,
    )
    .action(async (opts: { days: number; experiences: number; apiSeconds: number }) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'ludex-bench-'))
      // The embedded figures: the in-process bus whatever the environment selects (Kafka is measured by
      // test/scripts/bench-distributed.mjs).
      const { config, logger } = commandContext({
        LUDEX_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        KAFKA_BROKERS: '',
        REDIS_URL: '',
      })
      const model = createPlatformModel({ seed: config.SIMULATOR_SEED, experiences: opts.experiences })
      const pipeline = await startPipeline(config, logger, systemClock, { command: 'ludex bench' })
      const now = systemClock.now()
      try {
        const s = await backfill({ pipeline, model, days: opts.days, now, logger })
        const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024)
        console.log(`BENCH ingest_embedded ${s.snapshotsPerSecond} snapshots/s`)
        console.log(`BENCH ingest_embedded_snapshots ${s.stats.snapshots} snapshots`)
        console.log(`BENCH ingest_embedded_seconds ${(s.ingestMs / 1000).toFixed(1)} s`)
        console.log(`BENCH rollup_rebuild_seconds ${(s.rebuildMs / 1000).toFixed(1)} s`)
        console.log(`BENCH ingest_embedded_peak_rss ${peakRssMb} MiB`)
        console.log(`BENCH ingest_embedded_insert_format ${SNAPSHOT_INSERT_FORMAT} format`)
        if (opts.apiSeconds > 0) {
          const figures = await benchApi({
            config,
            pipeline,
            model,
            now,
            logger,
            durationSeconds: opts.apiSeconds,
          })
          for (const f of figures) {
            const { single, loaded } = f
            console.log(`BENCH api_${f.name}_p50 ${single.p50} ms`)
            console.log(`BENCH api_${f.name}_p95 ${single.p95} ms`)
            console.log(`BENCH api_${f.name}_p99 ${single.p99} ms`)
            console.log(`BENCH api_${f.name}_rps_1conn ${single.requestsPerSecond} req/s`)
            console.log(`BENCH api_${f.name}_rps_${LOADED_CONNECTIONS}conn ${loaded.requestsPerSecond} req/s`)
            console.log(`BENCH api_${f.name}_p95_${LOADED_CONNECTIONS}conn ${loaded.p95} ms`)
            const non2xx = single.non2xx + loaded.non2xx
            if (non2xx > 0) console.log(`BENCH api_${f.name}_non2xx ${non2xx} responses`)
          }
        }
      } finally {
        await pipeline.stop()
        await rm(dataDir, { recursive: true, force: true })
      }
    })
}
