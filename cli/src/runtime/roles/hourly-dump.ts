import type { ClickHouseClient } from '@clickhouse/client'
import { previousUtcDay, writeHourlyDump } from '@ludex/pipelines'
import { type Clock, HOURLY_DUMP_SCHEDULE, type Scheduler } from '@ludex/workers'
import type { Logger } from 'pino'

/**
 * Registers the runs of the daily bulk dump (HOURLY_DUMP_SCHEDULE, issue 21.4): the previous UTC day's
 * hourly rollups written as gzip CSV into LUDEX_DATA_DIR/dumps/hourly/, which the API serves at
 * /api/dumps. Registered with the retention job, in the processes that run the pollers and hold the
 * store; in a split deployment the API processes must see the same data dir (a shared volume).
 */
export function registerHourlyDumpJob(
  jobs: Scheduler,
  options: { store: ClickHouseClient; dataDir: string; clock: Clock; logger: Logger },
): void {
  const logger = options.logger.child({ component: 'hourly-dump' })
  jobs.register({
    ...HOURLY_DUMP_SCHEDULE,
    run: async () =>
      void (await writeHourlyDump({
        client: options.store,
        dataDir: options.dataDir,
        day: previousUtcDay(options.clock.now()),
        logger,
      })),
  })
}
