import type { ClickHouseClient } from '@ludex/pipelines/store'
import type { BadgeStatRow, Publisher, SiteInfo } from '@ludex/schemas'
import type { Logger } from 'pino'
import type { Accounts } from './accounts/accounts.ts'
import type { AggregateCache } from './cache/aggregate-cache.ts'
import type { HotReads } from './cache/hot-reads.ts'
import type { ExchangeRatesSource } from './exchange-rates/provider.ts'
import type { ExperienceIndexes } from './experience-index/experience-indexes.ts'
import type { HistoryStarts } from './store/history-starts.ts'

/** Fetches an experience's badges live from the platform (the pollers' client, wired by the CLI). */
export type BadgeSource = (universeId: number) => Promise<readonly BadgeStatRow[]>

/**
 * Asks for place ids to be tracked from now on (tag members Ludex does not track yet): the pollers
 * resolve them upstream and track those that exist (the CLI wires the shared tracking requests).
 */
export type TrackPlaces = (placeIds: readonly number[]) => Promise<void>

export interface ApiDeps {
  readonly clickhouse: ClickHouseClient
  readonly badges: BadgeSource
  readonly cache: AggregateCache
  readonly now: () => number
  readonly logger: Logger
  /** The configured links and names the site shows (GET /api/site); absent: none, default names. */
  readonly site?: SiteInfo
  /** Users, sessions, tags and the app database; without it their calls answer 503 (read-only API). */
  readonly accounts?: Accounts
  /** The Robux converter's EUR and SEK rates (cached); without it GET /api/exchange-rates answers 503. */
  readonly exchangeRates?: ExchangeRatesSource
  /** The code library's page (CODE_LIBRARY_URL); its origin is the one the CSP lets the app frame. */
  readonly codeLibraryUrl?: string
  /** Without it (no poller shares this process's state), untracked tag members wait for a restart. */
  readonly trackPlaces?: TrackPlaces
  /**
   * The process's bus, for what the API publishes: accepted game events (game-events.v1), first-party
   * page views and error reports (the Publisher of `@ludex/schemas`, so the API imports no bus
   * adapter), wired by the CLI. Without it the calls that publish answer 503.
   */
  readonly publisher?: Publisher
  /** Each place's history start, kept for a slot (the stats reads); without it, read on every call. */
  readonly historyStarts?: HistoryStarts
  /**
   * The embeds' in-process cache (badges and sparklines per place, options and 10-minute slot, bounded),
   * so a popular README's image is served from memory; absent, the embeds use `cache`.
   */
  readonly embedCache?: AggregateCache
  /**
   * The kept answers of the pages' hot reads (the experience page's first view, the slim list, the
   * platform calls), per rollup watermark and kind of viewer (cache/hot-reads.ts); without it they read
   * the store on every call.
   */
  readonly hotReads?: HotReads
  /**
   * The tracked experiences held in this process's memory for the search, the paged list, the lookups
   * by id and the overview's totals (experience-index/), rebuilt as the current experiences move;
   * without it each of those calls builds one for itself.
   */
  readonly experienceIndexes?: ExperienceIndexes
  /**
   * LUDEX_DATA_DIR/dumps, where the daily bulk dumps are written (the `hourly-dump` job); without it
   * GET /api/dumps lists none.
   */
  readonly dumpsDir?: string
}
