import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type ClickHouseClient, createClient } from '@clickhouse/client'
import type { Config } from '@ludex/schemas'
import type { Logger } from 'pino'
import { withChdbRawInserts } from './chdb-inserts.ts'
import { clickHouseClientLog } from './client-log.ts'

type InjectedConnection = NonNullable<NonNullable<Parameters<typeof createClient>[0]>['connection']>

export type AnalyticsClientConfig = Pick<Config, 'LUDEX_DATA_DIR' | 'CLICKHOUSE_URL' | 'CLICKHOUSE_DATABASE'>

export class AnalyticsConnectError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'AnalyticsConnectError'
  }
}

/** Where the embedded engine keeps its files. */
export function chdbPath(config: Pick<Config, 'LUDEX_DATA_DIR'>): string {
  return resolve(join(config.LUDEX_DATA_DIR, 'clickhouse'))
}

/**
 * The analytics store as an `@clickhouse/client` client, with CLICKHOUSE_DATABASE created and current, so
 * SQL names tables unqualified whichever engine is behind it.
 *
 * - CLICKHOUSE_URL set: HTTP to that server; the database goes in the client options (sent with every
 *   request).
 * - unset: chDB in-process at `${LUDEX_DATA_DIR}/clickhouse`. chdb (a native engine) is imported only
 *   here, so a process on a ClickHouse server never loads it. The chDB connection ignores the client's
 *   `database` option (it has no HTTP request to put it in), but its session is one long-lived engine
 *   connection on which `USE` persists across calls (tested in client.test.ts), so we issue `USE` once.
 *   Another chDB connection in the same process starts in `default` again: make one client per process
 *   and pass it around.
 */
export async function createAnalyticsClient(
  config: AnalyticsClientConfig,
  logger: Logger,
): Promise<ClickHouseClient> {
  const database = config.CLICKHOUSE_DATABASE
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(database)) {
    throw new AnalyticsConnectError(`Invalid database name '${database}'`)
  }
  if (config.CLICKHOUSE_URL) {
    const log = clickHouseClientLog(logger)
    const bootstrap = createClient({ url: config.CLICKHOUSE_URL, database: 'default', log })
    try {
      await bootstrap.command({ query: `CREATE DATABASE IF NOT EXISTS ${database}` })
    } catch (err) {
      throw new AnalyticsConnectError(`Cannot create database ${database} on ClickHouse server`, {
        cause: err,
      })
    } finally {
      await bootstrap.close()
    }
    logger.info({ engine: 'clickhouse-server', database }, 'analytics store connected')
    return createClient({ url: config.CLICKHOUSE_URL, database, log })
  }

  const path = chdbPath(config)
  mkdirSync(path, { recursive: true })
  let client: ClickHouseClient
  const { createChdbConnection } = await import('chdb/connection')
  try {
    // chdb declares the Connection type of @clickhouse/client-common 1.23.0 while @clickhouse/client
    // 1.23.1 bundles its own copy; the shapes match at run time (the chdb connection is built for it).
    const chdb = createChdbConnection({ path })
    const connection = chdb as unknown as InjectedConnection
    client = withChdbRawInserts(
      createClient({ connection, database, log: clickHouseClientLog(logger) }),
      chdb.chdb,
    )
  } catch (err) {
    throw new AnalyticsConnectError(`Cannot open chDB at ${path}`, { cause: err })
  }
  try {
    await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${database}` })
    await client.command({ query: `USE ${database}` })
  } catch (err) {
    await client.close()
    throw new AnalyticsConnectError(`Cannot prepare database ${database} in chDB at ${path}`, { cause: err })
  }
  logger.info({ engine: 'chdb-embedded', path, database }, 'analytics store opened')
  return client
}
