import type { ClickHouseClient } from '@clickhouse/client'
import type { Accounts, AggregateCache, ApiDeps, TrackPlaces } from '@ludex/api'
import type { Publisher, SiteInfo } from '@ludex/schemas'
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
  /** Users, sessions and tags; without them their calls answer 503. */
  accounts?: Accounts
  /** The footer's configured links and the cookie names (GET /api/site). */
  site?: SiteInfo
  /** Where tag members Ludex does not track yet are asked to be tracked (a poller must take them). */
  trackPlaces?: TrackPlaces
  /** The process's bus, for game events and the site data the API publishes; without it those calls answer 503. */
  publisher?: Publisher
}): ApiDeps {
  const { clickhouse, roblox, clock, logger } = options
  return {
    clickhouse,
    // Badge downloads are fetched live from the platform the pollers use.
    badges: (universeId) => fetchBadgeStats(roblox, universeId),
    cache: options.cache,
    now: () => clock.now(),
    logger,
    ...(options.accounts && { accounts: options.accounts }),
    ...(options.site && { site: options.site }),
    ...(options.trackPlaces && { trackPlaces: options.trackPlaces }),
    ...(options.publisher && { publisher: options.publisher }),
  }
}
