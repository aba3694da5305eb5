import type { ClickHouseClient } from '@clickhouse/client'
import {
  type AggregateCache,
  createApiApp,
  createMemoryAggregateCache,
  listen,
  staticTagRepository,
  type TagMembership,
} from '@ludex/api'
import { createAnalyticsClient } from '@ludex/pipelines'
import pino from 'pino'
import { type ApiFixture, startApiFixture } from './fixture.ts'

/**
 * The stats tests' setting: the shared fixture (its API serves visitors), a second client on the same
 * embedded store for independent reads of the raw tables, and a second app over that client whose
 * every request is a signed-in user (no history clamp), with more tags and an observable cache.
 */
export interface StatsFixture {
  /** The fixture's own API: visitors only. */
  readonly visitor: ApiFixture
  /** The same data served to a signed-in user. */
  readonly user: ApiFixture
  /** Tags of the user app: the fixture's, every tracked place (id 8), and an empty tag (id 9). */
  readonly userTags: readonly TagMembership[]
  /** How many times the user app's cache computed an entry. */
  computations(): number
  /** A read of the store with bound parameters, for expectations computed apart from the API. */
  raw<T>(query: string, params?: Record<string, unknown>): Promise<T[]>
  close(): Promise<void>
}

const logger = pino({ level: 'silent' })

function countingCache(inner: AggregateCache, counter: { n: number }): AggregateCache {
  return {
    get: (key, ttlMs, compute, options) =>
      inner.get(
        key,
        ttlMs,
        () => {
          counter.n++
          return compute()
        },
        options,
      ),
    clear: () => inner.clear(),
  }
}

export async function startStatsFixture(): Promise<StatsFixture> {
  const visitor = await startApiFixture()
  // chDB runs one engine per process: this client opens the same data, so the reads see the same rows.
  const client: ClickHouseClient = await createAnalyticsClient(visitor.config, logger)
  const userTags: TagMembership[] = [
    ...visitor.tags,
    { id: 8, name: 'Everything', placeIds: visitor.placeIds },
    { id: 9, name: 'Empty', placeIds: [] },
  ]
  const counter = { n: 0 }
  const app = createApiApp({
    logger,
    readiness: async () => ({ store: { ok: true } }),
    deps: {
      clickhouse: client,
      tags: staticTagRepository(userTags),
      badges: async () => [],
      cache: countingCache(
        createMemoryAggregateCache(() => visitor.now),
        counter,
      ),
      now: () => visitor.now,
      logger,
    },
    viewer: async () => ({ kind: 'user', userId: 1 }),
    validateResponses: true,
  })
  const server = await listen(app, '127.0.0.1', 0)
  return {
    visitor,
    user: { ...visitor, url: server.url },
    userTags,
    computations: () => counter.n,
    raw: async <T>(query: string, params: Record<string, unknown> = {}) => {
      const rs = await client.query({ query, query_params: params, format: 'JSONEachRow' })
      return rs.json<T>()
    },
    close: async () => {
      await server.close()
      await client.close()
      await visitor.close()
    },
  }
}

/** Epoch ms → a DateTime parameter (epoch seconds, unambiguous in any zone). */
export function sec(ms: number): number {
  return Math.floor(ms / 1000)
}

/** The field a 400 names first. */
export interface ErrorBody {
  error: { code: string; message: string; details?: { field: string; message: string }[] }
}

/** Exact inclusive quantile (linear between order statistics), as quantilesExactInclusive computes it. */
export function quantileInclusive(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const h = (sorted.length - 1) * p
  const lo = Math.floor(h)
  const a = sorted[lo] ?? 0
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] ?? a
  return a + (h - lo) * (b - a)
}
