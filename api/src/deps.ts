import type { ClickHouseClient } from '@ludex/pipelines/store'
import type { BadgeStatRow, SiteInfo } from '@ludex/schemas'
import type { Logger } from 'pino'
import type { Accounts } from './accounts/accounts.ts'
import type { AggregateCache } from './cache/aggregate-cache.ts'

/** A tag's membership, as the stats calls need it. Tags move into the app database with the tags issue. */
export interface TagMembership {
  readonly id: number
  readonly name: string
  readonly placeIds: readonly number[]
}

export interface TagRepository {
  findTag(tagId: number): Promise<TagMembership | null>
}

/** A tag repository over a fixed list: the default until accounts store tags, and for tests. */
export function staticTagRepository(tags: readonly TagMembership[] = []): TagRepository {
  const byId = new Map(tags.map((t) => [t.id, t]))
  return { findTag: async (id) => byId.get(id) ?? null }
}

/** Fetches an experience's badges live from the platform (the pollers' client, wired by the CLI). */
export type BadgeSource = (universeId: number) => Promise<readonly BadgeStatRow[]>

export interface ApiDeps {
  readonly clickhouse: ClickHouseClient
  readonly tags: TagRepository
  readonly badges: BadgeSource
  readonly cache: AggregateCache
  readonly now: () => number
  readonly logger: Logger
  /** The configured links and names the site shows (GET /api/site); absent: none, default names. */
  readonly site?: SiteInfo
  /** Users, sessions and the app database; without it the account calls answer 503 (read-only API). */
  readonly accounts?: Accounts
}
