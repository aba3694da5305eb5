import { createHash } from 'node:crypto'
import {
  type ReadOptions,
  readRows,
  type StoreReadCache,
  type StoreReader,
  tables,
} from '@ludex/pipelines/store'
import { type Granularity, SLOT_MS } from '@ludex/schemas'
import type { Viewer } from '../viewer/viewer.ts'
import { type AggregateCache, createMemoryAggregateCache } from './aggregate-cache.ts'

/*
 * Hot reads (issue 19.5). chDB answers one query at a time, so under 32 concurrent readers of one
 * experience's page each call queued behind the others' statements. What the pages read changes when
 * a slot's rollups land, so the rows of a read are kept in this process's memory, keyed by the
 * statement and its bound parameters (place, kind, granularity, the range snapped as the route snaps
 * it, a visitor's clamped start...) under the rollups' watermark: when the newest rolled-up slot
 * moves, or any rollup is recomputed, the watermark moves and no kept answer of the old one is read
 * again. A route opts in per call (`hotReader`), and only for what its rollups or slot-polled tables
 * hold: the kept rows are at most one slot old even if the watermark stood still (a table the
 * materialiser does not write, such as the chart observations, is polled once a slot too).
 */

/** The default bound on kept answers (a few KiB each for a page's series). */
export const HOT_READS_MAX_ENTRIES = 2000
/** An answer with more rows than this is not kept: it would push out many pages' answers. */
export const HOT_READS_MAX_ROWS = 100_000
/** The rows kept in all (the oldest answers go first beyond it): the bound on memory, ~100 MB. */
export const HOT_READS_MAX_TOTAL_ROWS = 500_000
/** How often the watermark is read again without a signal (one cheap read of the month rollups). */
export const HOT_READS_RECHECK_MS = 5000

export interface HotReads {
  /**
   * `store` whose reads are kept, apart for each kind of viewer (a visitor's clamped window and a
   * signed-in viewer's never share an entry, even where their statements would be the same).
   */
  reader<S extends StoreReader>(store: S, viewer: Viewer): S
  /** The rollups moved (a materialiser of this process recomputed): the next read checks the watermark. */
  signal(): void
}

export interface HotReadsOptions {
  /** Where the watermark is read (never through the cache). */
  readonly store: StoreReader
  readonly now: () => number
  /** The kept answers (default: in this process's memory, bounded by maxEntries). */
  readonly cache?: AggregateCache
  readonly maxEntries?: number
  readonly maxRows?: number
  readonly maxTotalRows?: number
  readonly recheckMs?: number
  /** How long an answer is kept at most (default one slot). */
  readonly ttlMs?: number
}

/**
 * The rollups' watermark: the newest rolled-up slot and the newest recompute, from the month rollups
 * (a few rows per place; every recompute rewrites the month holding its range). Without FINAL: a
 * newer version only raises either maximum.
 */
export async function readRollupWatermark(store: StoreReader): Promise<string> {
  const rows = await readRows<{ slot: number; computed: number }>(store, {
    what: 'hot reads: rollup watermark',
    query: `SELECT toUnixTimestamp(max(last_slot)) AS slot, toUnixTimestamp64Milli(max(computed_at)) AS computed
FROM ${tables.placeRollups} WHERE granularity = {month:String}`,
    params: { month: 'month' satisfies Granularity },
    int64: ['computed'],
  })
  const r = rows[0]
  return r ? `${r.slot}.${r.computed}` : 'none'
}

/** The statement and its parameters, hashed: the part of a key that says what was read. */
function statementKey(options: ReadOptions<object>): string {
  return createHash('sha1')
    .update(
      JSON.stringify([options.query, options.params ?? {}, options.settings ?? {}, options.int64 ?? []]),
    )
    .digest('base64url')
}

/** The hot reads of one API process; wired at start-up (ApiDeps.hotReads). */
export function createHotReads(options: HotReadsOptions): HotReads {
  const maxRows = options.maxRows ?? HOT_READS_MAX_ROWS
  const recheckMs = options.recheckMs ?? HOT_READS_RECHECK_MS
  const ttlMs = options.ttlMs ?? SLOT_MS
  const cache =
    options.cache ??
    createMemoryAggregateCache(options.now, options.maxEntries ?? HOT_READS_MAX_ENTRIES, {
      of: (rows) => (Array.isArray(rows) ? rows.length : 1),
      max: options.maxTotalRows ?? HOT_READS_MAX_TOTAL_ROWS,
    })
  let mark: { readonly readAtMs: number; readonly value: Promise<string> } | null = null

  // Concurrent reads share one read of the watermark; a failed one is not kept.
  const watermark = (): Promise<string> => {
    const now = options.now()
    if (mark && now - mark.readAtMs < recheckMs) return mark.value
    const entry = { readAtMs: now, value: readRollupWatermark(options.store) }
    mark = entry
    entry.value.catch(() => {
      if (mark === entry) mark = null
    })
    return entry.value
  }

  const cacheFor = (viewerKind: Viewer['kind']): StoreReadCache => ({
    async read<T extends object>(read: ReadOptions<T>, run: () => Promise<T[]>): Promise<T[]> {
      const key = `hot:${await watermark()}:${viewerKind}:${statementKey(read as ReadOptions<object>)}`
      // A TTL of 0 keeps nothing (a too-large answer); concurrent misses still share its one run.
      return cache.get<T[]>(key, (rows) => (rows.length <= maxRows ? ttlMs : 0), run)
    },
  })
  const visitors = cacheFor('visitor')
  const users = cacheFor('user')

  return {
    reader: (store, viewer) => ({ ...store, readCache: viewer.kind === 'user' ? users : visitors }),
    signal: () => {
      mark = null
    },
  }
}

/**
 * The route's store with hot reads when the process has them (ApiDeps.hotReads), else `deps` itself:
 * every read through it may be answered from the kept rows of the current watermark.
 */
export function hotReader<S extends StoreReader & { readonly hotReads?: HotReads }>(
  deps: S,
  viewer: Viewer,
): S {
  return deps.hotReads ? deps.hotReads.reader(deps, viewer) : deps
}
