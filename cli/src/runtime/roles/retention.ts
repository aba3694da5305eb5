import type { ClickHouseClient } from '@clickhouse/client'
import { applyRetention } from '@ludex/pipelines'
import { RETENTION_SCHEDULE, type Scheduler } from '@ludex/workers'
import type { Logger } from 'pino'

/**
 * Registers the runs of the daily retention job (RETENTION_SCHEDULE) on this process's job scheduler:
 * the store's site data TTLs applied (`applyRetention`). Registered in the processes that run the
 * pollers, which hold the store; the scheduler role plans it. The app database's addresses are cleared
 * where that database is open, by the accounts' hourly purge (cli/src/runtime/accounts.ts).
 */
export function registerRetentionJob(jobs: Scheduler, store: ClickHouseClient, logger: Logger): void {
  const log = logger.child({ component: 'retention' })
  jobs.register({ ...RETENTION_SCHEDULE, run: async () => void (await applyRetention(store, log)) })
}
