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
import { createMemoryAggregateCache, type MemoryAggregateCache } from './aggregate-cache.ts'

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
 *
 * Kept rows still left each request to compute its answer from them (placements, spikes, gantt periods:
 * milliseconds of JavaScript on the one thread, which queued at 32 connections), so a route may keep
 * its computed answer too (`hotAnswer`), under the same watermark, kind of viewer and bounds, keyed by
 * everything the answer is computed from. A kept answer is one object while it lives, so the mount
 * writes its JSON, ETag and compressed bytes once.
 */

/** The default bound on kept reads and answers (a few KiB each for a page's series). */
export const HOT_READS_MAX_ENTRIES = 2000
/**
 * A read or answer with more rows than this is not kept: it would push out many pages' answers. An
 * answer's rows are the items of its arrays (`rowsOf`).
 */
export const HOT_READS_MAX_ROWS = 100_000
/** The rows kept in all (the oldest entries go first beyond it): the bound on memory, ~100 MB. */
export const HOT_READS_MAX_TOTAL_ROWS = 500_000
/** How often the watermark is read again without a signal (one cheap read of the month rollups). */
export const HOT_READS_RECHECK_MS = 5000

export interface HotReads {
  /**
   * `store` whose reads are kept, apart for each kind of viewer (a visitor's clamped window and a
   * signed-in viewer's never share an entry, even where their statements would be the same).
   */
  reader<S extends StoreReader>(store: S, viewer: Viewer): S
  /**
   * The answer `compute` makes, kept under the current watermark for this kind of viewer and `key`,
   * which must name everything the answer is computed from besides the kept reads (the call, its
   * parameters, a visitor's clamped start, the slot of a clock-derived bound). Kept at most one slot;
   * a failed computation is not kept. The answer must not be changed by its callers.
   */
  answer<T>(viewer: Viewer, key: AnswerKey, compute: () => Promise<T>): Promise<T>
  /**
   * One kept value per key (a tag's members' series), as `answer` keeps one: the keys not kept are
   * computed together, by one call of `compute` with their indexes in `keys`, which answers their
   * values in that order. Concurrent calls share what the first one computes.
   */
  each<T>(
    viewer: Viewer,
    keys: readonly AnswerKey[],
    compute: (missing: readonly number[]) => Promise<readonly T[]>,
  ): Promise<T[]>
  /** The rollups moved (a materialiser of this process recomputed): the next read checks the watermark. */
  signal(): void
}

/** What names a kept answer: the call, then the values it is computed from. */
export type AnswerKey = readonly [call: string, ...inputs: (string | number | boolean | null)[]]

export interface HotReadsOptions {
  /** Where the watermark is read (never through the cache). */
  readonly store: StoreReader
  readonly now: () => number
  /** The kept answers (default: in this process's memory, bounded by maxEntries). */
  readonly cache?: MemoryAggregateCache
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

/**
 * The rows a kept value weighs: a list's entries (a read's rows), or for an answer object the items of
 * every array in it (a series' points), at least 1. Counted once per kept value, when it is computed.
 */
export function rowsOf(value: unknown): number {
  if (Array.isArray(value)) return Math.max(1, value.length)
  let rows = 0
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      rows += v.length
      for (const item of v) if (typeof item === 'object' && item !== null) visit(item)
    } else if (typeof v === 'object' && v !== null) {
      for (const field of Object.values(v)) if (typeof field === 'object' && field !== null) visit(field)
    }
  }
  visit(value)
  return Math.max(1, rows)
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
      of: rowsOf,
      max: options.maxTotalRows ?? HOT_READS_MAX_TOTAL_ROWS,
    })
  // A TTL of 0 keeps nothing (a too-large value); concurrent misses still share its one run.
  const ttlFor = (value: unknown) => (rowsOf(value) <= maxRows ? ttlMs : 0)
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
      return cache.get<T[]>(key, ttlFor, run)
    },
  })
  const visitors = cacheFor('visitor')
  const users = cacheFor('user')

  return {
    reader: (store, viewer) => ({ ...store, readCache: viewer.kind === 'user' ? users : visitors }),
    async answer(viewer, key, compute) {
      return cache.get(`answer:${await watermark()}:${viewer.kind}:${JSON.stringify(key)}`, ttlFor, compute)
    },
    async each<T>(
      viewer: Viewer,
      keys: readonly AnswerKey[],
      compute: (missing: readonly number[]) => Promise<readonly T[]>,
    ) {
      const mark = await watermark()
      const full = keys.map((key) => `each:${mark}:${viewer.kind}:${JSON.stringify(key)}`)
      const missing = full.flatMap((key, i) => (cache.has(key) ? [] : [i]))
      const at = new Map(missing.map((i, position) => [i, position]))
      let batch: Promise<readonly T[]> | null = null
      return Promise.all(
        full.map((key, i) =>
          cache.get<T>(key, ttlFor, async () => {
            const position = at.get(i)
            // Kept a moment ago but pushed out by this call's own new entries: computed alone.
            if (position === undefined) return (await compute([i]))[0] as T
            batch ??= compute(missing)
            return (await batch)[position] as T
          }),
        ),
      )
    },
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

/**
 * The answer kept by the process's hot reads (`HotReads.answer`), else computed on every call. `compute`
 * gets the route's store with hot reads, so a miss still reads kept rows.
 */
export function hotAnswer<S extends StoreReader & { readonly hotReads?: HotReads }, T>(
  deps: S,
  viewer: Viewer,
  key: AnswerKey,
  compute: (store: S) => Promise<T>,
): Promise<T> {
  const store = hotReader(deps, viewer)
  return deps.hotReads ? deps.hotReads.answer(viewer, key, () => compute(store)) : compute(store)
}
