import type { ClickHouseClient } from '@clickhouse/client'
import {
  type Accounts,
  type AggregateCache,
  type ApiDeps,
  cachedExchangeRates,
  createExperienceIndexes,
  createHistoryStarts,
  createHotReads,
  createMemoryAggregateCache,
  EMBED_CACHE_MAX_ENTRIES,
  exchangeRatesClient,
  type TrackPlaces,
  withKeptAppReads,
} from '@ludex/api'
import { type Config, DEFAULT_EXCHANGE_RATES_URL, type Publisher, type SiteInfo } from '@ludex/schemas'
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
  /** The exchange-rate provider the Robux converter reads (exchangeRatesUrl); none: its call is a 503. */
  exchangeRatesUrl?: string
  /** CODE_LIBRARY_URL. */
  codeLibraryUrl?: string
  /** The footer's configured links and the cookie names (GET /api/site). */
  site?: SiteInfo
  /** Where tag members Ludex does not track yet are asked to be tracked (a poller must take them). */
  trackPlaces?: TrackPlaces
  /** The process's bus, for game events and the site data the API publishes; without it those calls answer 503. */
  publisher?: Publisher
  /** LUDEX_DATA_DIR/dumps: the daily bulk dumps GET /api/dumps serves. */
  dumpsDir?: string
  /**
   * false: no hot reads, and the app database read on every call (`ludex bench --no-hot-reads`
   * measures without them); default true.
   */
  hotReads?: boolean
}): ApiDeps {
  const { clickhouse, roblox, clock, logger } = options
  return {
    clickhouse,
    // Badge downloads are fetched live from the platform the pollers use.
    badges: (universeId) => fetchBadgeStats(roblox, universeId),
    cache: options.cache,
    // In this process's memory whatever the shared cache is: an embed is cheap to build once per slot
    // and must be served thousands of times a second.
    embedCache: createMemoryAggregateCache(() => clock.now(), EMBED_CACHE_MAX_ENTRIES),
    now: () => clock.now(),
    logger,
    ...(options.accounts && {
      // The staff edits and tag reads of the pages' calls kept for a few seconds, as their store reads
      // are (issue 19.5); a write through this process drops them.
      accounts:
        options.hotReads !== false ? withKeptAppReads(options.accounts, () => clock.now()) : options.accounts,
    }),
    ...(options.exchangeRatesUrl && {
      // Kept in the aggregate cache (shared through Redis) until the provider's next update.
      exchangeRates: cachedExchangeRates({
        source: exchangeRatesClient({ url: options.exchangeRatesUrl }),
        cache: options.cache,
        now: () => clock.now(),
      }),
    }),
    ...(options.codeLibraryUrl && { codeLibraryUrl: options.codeLibraryUrl }),
    ...(options.site && { site: options.site }),
    ...(options.trackPlaces && { trackPlaces: options.trackPlaces }),
    ...(options.publisher && { publisher: options.publisher }),
    historyStarts: createHistoryStarts({ store: { clickhouse, logger }, now: () => clock.now() }),
    // In this process's memory: chDB answers one query at a time, so the pages' reads are kept per
    // rollup watermark instead of queueing behind each other (issue 19.5).
    ...(options.hotReads !== false && {
      hotReads: createHotReads({ store: { clickhouse, logger }, now: () => clock.now() }),
    }),
    // In this process's memory: the search and the paged list scan every tracked experience on each
    // call (issue 19 point 4), which a query per call could not do at 100,000 of them.
    experienceIndexes: createExperienceIndexes({ now: () => clock.now() }),
    ...(options.dumpsDir && { dumpsDir: options.dumpsDir }),
  }
}

/**
 * Where the Robux converter's rates come from: EXCHANGE_RATES_URL; else the simulator's rates endpoint
 * when the simulator is the platform (the embedded shape: the real client over HTTP, no third party);
 * else the public provider.
 */
export function exchangeRatesUrlFor(
  config: Pick<Config, 'EXCHANGE_RATES_URL'>,
  simulator: { readonly exchangeRatesUrl: string } | null,
): string {
  return config.EXCHANGE_RATES_URL ?? simulator?.exchangeRatesUrl ?? DEFAULT_EXCHANGE_RATES_URL
}
