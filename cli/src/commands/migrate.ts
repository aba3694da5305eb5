import { clusterOf, createAnalyticsClient, migrate } from '@ludex/pipelines'
import type { Command } from 'commander'
import { openConfiguredAppDatabase } from '../runtime/accounts.ts'
import { commandContext } from '../runtime/context.ts'
import { withDataDir } from '../runtime/data-dir/data-dir-use.ts'
import { withRefusals } from './refusals.ts'

/** Every start applies the migrations, so a running process has applied them already. */
const ALREADY_APPLIED =
  'That process applied the migrations when it started (every start does); stop it first to run them here.'

export function migrateCommand(program: Command): void {
  program
    .command('migrate')
    .description(
      'Apply the analytics store and app database migrations (also done at every start); with KAFKA_BROKERS, create the Kafka topics',
    )
    .action(
      withRefusals('migrate', async () => {
        const { config, logger } = commandContext()
        const use = {
          command: 'ludex migrate',
          use: { analytics: true, appDatabase: true },
          hint: ALREADY_APPLIED,
        }
        await withDataDir(config, logger, use, async () => {
          const client = await createAnalyticsClient(config, logger)
          try {
            const result = await migrate(client, logger, { cluster: clusterOf(config) })
            console.log(
              `migrations: ${result.applied.length} applied, ${result.skipped.length} already up to date`,
            )
          } finally {
            await client.close()
          }
          // Opening the app database applies its migrations.
          const database = await openConfiguredAppDatabase(config, logger)
          await database.close()
          console.log(`app database (${database.engine}) up to date`)
        })
        if (config.KAFKA_BROKERS) {
          const { ensureTopics } = await import('@ludex/pipelines/kafka')
          const topics = await ensureTopics(config, logger)
          console.log(
            `kafka topics: ${topics.created.length} created, ${topics.updated.length} updated, ${topics.unchanged.length} already up to date (${config.KAFKA_TOPIC_PARTITIONS} partitions, retention ${config.KAFKA_RETENTION_MS} ms)`,
          )
        }
      }),
    )
}
