import type { ClickHouseClient } from '@ludex/pipelines/store'
import type { SiteInfo } from '@ludex/schemas'
import type { Accounts } from '../accounts/accounts.ts'
import { createMemoryAggregateCache } from '../cache/aggregate-cache.ts'
import { type ApiAppOptions, createApiApp } from './create-app.ts'
import { listen, type RunningServer } from './server.ts'

export interface StoreFreeAppOptions extends Omit<ApiAppOptions, 'deps' | 'readiness'> {
  /** The account services the app serves; without them the account calls answer 503. */
  readonly accounts?: Accounts
  /** The site information GET /api/site answers (default: none configured). */
  readonly site?: SiteInfo
  /** Default: ready, with nothing to report. */
  readonly readiness?: ApiAppOptions['readiness']
}

/**
 * The API app on a free loopback port, for tests whose calls read no analytics store (accounts, sign-in
 * limits, headers, client addresses): no badges, an in-memory cache, and no store at all.
 */
export async function listenWithoutStore(options: StoreFreeAppOptions): Promise<RunningServer> {
  const { accounts, readiness, site, ...app } = options
  return listen(
    createApiApp({
      readiness: readiness ?? (async () => ({})),
      ...app,
      deps: {
        // Nothing these tests call reads the analytics store; a route that did would fail its test.
        clickhouse: {} as ClickHouseClient,
        badges: async () => [],
        cache: createMemoryAggregateCache(Date.now),
        now: Date.now,
        logger: options.logger,
        ...(accounts && { accounts }),
        ...(site && { site }),
      },
    }),
    '127.0.0.1',
    0,
  )
}
