import type { ClickHouseClient } from '@clickhouse/client'
import { clusterOf, createAnalyticsClient, migrate } from '@ludex/pipelines'
import type { RoleComponent, RoleContext } from './component.ts'

export interface StoreComponent extends RoleComponent {
  readonly client: ClickHouseClient
}

/**
 * The analytics store: a ClickHouse server with CLICKHOUSE_URL, else chDB in the data dir (loaded only
 * then), migrated before anything uses it. Every role but a lone scheduler needs it.
 */
export async function startStore(ctx: RoleContext): Promise<StoreComponent> {
  const { config, logger } = ctx
  const client = await createAnalyticsClient(config, logger)
  try {
    const migrated = await migrate(client, logger, { cluster: clusterOf(config) })
    logger.info({ applied: migrated.applied.length }, 'analytics store migrated')
  } catch (err) {
    await client.close()
    throw err
  }
  const engine = config.CLICKHOUSE_URL ? 'clickhouse-server' : 'chdb-embedded'
  ctx.wiring.record('analytics', engine)
  return {
    client,
    readiness: () => ({ ok: true, detail: config.CLICKHOUSE_URL ? 'clickhouse server' : 'chDB (embedded)' }),
    stop: () => client.close(),
  }
}
