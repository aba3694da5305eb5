import { createPlatformModel, systemClock } from '@ludex/workers'
import type { Command } from 'commander'
import { backfill } from '../runtime/backfill.ts'
import { commandContext } from '../runtime/context.ts'
import { intOption } from '../runtime/options.ts'
import { startPipeline } from '../runtime/pipeline.ts'
import { formatDuration } from '../runtime/progress.ts'
import { withRefusals } from './refusals.ts'

export function backfillCommand(program: Command): void {
  program
    .command('backfill')
    .description(
      'Generate the past N days on the simulator and push them through the bus (in-process, or Kafka with KAFKA_BROKERS) into the store',
    )
    .option('--days <n>', 'days of history', intOption('--days', 1, 3650), 120)
    .option('--experiences <n>', 'simulated experiences', intOption('--experiences', 1, 100_000))
    .option('--seed <n>', 'simulator seed', intOption('--seed'))
    .action(
      withRefusals('backfill', async (opts: { days: number; experiences?: number; seed?: number }) => {
        const { config, logger } = commandContext({
          ...(opts.experiences !== undefined && { SIMULATOR_EXPERIENCES: String(opts.experiences) }),
          ...(opts.seed !== undefined && { SIMULATOR_SEED: String(opts.seed) }),
        })
        const model = createPlatformModel({
          seed: config.SIMULATOR_SEED,
          experiences: config.SIMULATOR_EXPERIENCES,
        })
        const pipeline = await startPipeline(config, logger, systemClock, { command: 'ludex backfill' })
        try {
          const s = await backfill({
            pipeline,
            model,
            days: opts.days,
            now: systemClock.now(),
            logger,
            showProgress: true,
          })
          const rows =
            s.stats.snapshots + s.stats.metadata + s.stats.charts + s.stats.dailyPicks + s.stats.platform
          console.log(
            [
              `backfill: ${opts.days} days of ${model.count} experiences`,
              `  snapshots   ${s.stats.snapshots.toLocaleString('en-US')}`,
              `  metadata    ${s.stats.metadata.toLocaleString('en-US')}`,
              `  chart sorts ${s.stats.charts.toLocaleString('en-US')}`,
              `  messages    ${rows.toLocaleString('en-US')}`,
              `  ingest      ${formatDuration(s.ingestMs)} (${s.snapshotsPerSecond.toLocaleString('en-US')} snapshots/s)`,
              `  rollups     ${formatDuration(s.rebuildMs)}`,
            ].join('\n'),
          )
        } finally {
          await pipeline.stop()
        }
      }),
    )
}
