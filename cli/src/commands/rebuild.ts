import {
  clusterOf,
  createAnalyticsClient,
  migrate,
  ROLLUP_GRANULARITIES,
  type RollupGranularity,
  rebuild,
} from '@ludex/pipelines'
import { type Command, InvalidArgumentError } from 'commander'
import { commandContext } from '../runtime/context.ts'
import { lockDataDirFor } from '../runtime/data-dir/data-dir-use.ts'
import { timeOption } from '../runtime/options.ts'
import { createProgress, formatDuration } from '../runtime/progress.ts'
import { withRefusals } from './refusals.ts'

function granularities(value: string): RollupGranularity[] {
  const parts = value.split(',').map((p) => p.trim())
  for (const p of parts) {
    if (!(ROLLUP_GRANULARITIES as readonly string[]).includes(p)) {
      throw new InvalidArgumentError(
        `--granularity must be among ${ROLLUP_GRANULARITIES.join(', ')}, got '${p}'`,
      )
    }
  }
  return parts as RollupGranularity[]
}

export function rebuildCommand(program: Command): void {
  program
    .command('rebuild')
    .description(
      'Recompute rollups, genre series, movement and benchmarks of a time range from the raw tables',
    )
    .requiredOption('--from <time>', 'start (ISO date/time or epoch ms)', timeOption('--from'))
    .requiredOption('--to <time>', 'end (ISO date/time or epoch ms)', timeOption('--to'))
    .option('--granularity <list>', 'only these rollup granularities (comma-separated)', granularities)
    .action(
      withRefusals(
        'rebuild',
        async (opts: { from: number; to: number; granularity?: RollupGranularity[] }) => {
          if (opts.to <= opts.from) throw new InvalidArgumentError('--to must be after --from')
          const { config, logger } = commandContext()
          const lock = await lockDataDirFor(config, logger, {
            command: 'ludex rebuild',
            use: { analytics: true },
          })
          const client = await createAnalyticsClient(config, logger).catch(async (err: unknown) => {
            await lock?.release()
            throw err
          })
          const started = performance.now()
          try {
            await migrate(client, logger, { cluster: clusterOf(config) })
            const progress = createProgress('rebuild', 1, logger)
            let chunks = 0
            await rebuild(client, {
              fromMs: opts.from,
              toMs: opts.to,
              ...(opts.granularity && { granularities: opts.granularity }),
              onProgress: (p) => {
                chunks = p.total
                progress.update(p.done / p.total)
              },
            })
            progress.stop()
            console.log(
              `rebuild: ${new Date(opts.from).toISOString()} → ${new Date(opts.to).toISOString()}, ${chunks} month chunks, ${formatDuration(performance.now() - started)}`,
            )
          } finally {
            await client.close()
            await lock?.release()
          }
        },
      ),
    )
}
