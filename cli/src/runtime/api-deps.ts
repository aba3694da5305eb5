import type { ClickHouseClient } from '@clickhouse/client'
import {
  type Accounts,
  type AggregateCache,
  type ApiDeps,
  staticTagRepository,
  type TagRepository,
} from '@ludex/api'
import type { SiteInfo } from '@ludex/schemas'
import { type Clock, fetchBadgeStats, type RobloxClient } from '@ludex/workers'
import type { Logger } from 'pino'

/** What the read API needs, from the engines this process has. */
export function createApiDeps(options: {
  clickhouse: ClickHouseClient
  roblox: RobloxClient
  /** The heavy aggregates' cache (the selected adapter). */
  cache: AggregateCache
  clock: Clock
  logger: Logger
  /** Tags move into the app database with the tags issue; until then there are none unless given. */
  tags?: TagRepository
  /** Users and sessions; without them the account calls answer 503. */
  accounts?: Accounts
  /** The footer's configured links and the cookie names (GET /api/site). */
  site?: SiteInfo
}): ApiDeps {
  const { clickhouse, roblox, clock, logger } = options
  return {
    clickhouse,
    tags: options.tags ?? staticTagRepository(),
    // Badge downloads are fetched live from the platform the pollers use.
    badges: (universeId) => fetchBadgeStats(roblox, universeId),
    cache: options.cache,
    now: () => clock.now(),
    logger,
    ...(options.accounts && { accounts: options.accounts }),
    ...(options.site && { site: options.site }),
  }
}
