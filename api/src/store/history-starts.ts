import { readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import type { Granularity } from '@ludex/schemas'

/**
 * Each place's first stored slot (its history start), which the stats reads need to leave out a
 * period that began before a place's history (issue 13). Read in the statement, it was a join over
 * the month rollups on every call (a third of a tag average's time); kept here for a slot instead and
 * bound as parameters. A history start only moves earlier (an older day backfilled), so an entry at
 * most one slot old leaves out at most that slot's worth of newly backfilled past; a place with no
 * history yet is never kept, so its first period is left out as soon as its first rollups land.
 */
export interface HistoryStarts {
  /** The history start (epoch ms) of each place among `ids` that has one. */
  of(ids: readonly number[]): Promise<ReadonlyMap<number, number>>
  /** Older history was stored (a backfill chunk of this process landed): read every start again. */
  forget(): void
}

interface Entry {
  readonly sinceMs: number
  readonly readAtMs: number
}

/** The month rollups' earliest first_slot per place: a few rows per place. */
export async function readHistoryStarts(
  store: StoreReader,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await readRows<{ place_id: number; since_ms: number }>(store, {
    what: 'history starts',
    query: `SELECT place_id, toUnixTimestamp(min(first_slot)) * 1000 AS since_ms FROM ${tables.placeRollups}
WHERE granularity = {month:String} AND place_id IN {ids:Array(UInt64)}
GROUP BY place_id`,
    // No FINAL: a month row is only ever rewritten with an equal or earlier first_slot, so the minimum
    // over every version is the merged one.
    params: { month: 'month' satisfies Granularity, ids },
    int64: ['place_id', 'since_ms'],
  })
  return new Map(rows.map((r) => [r.place_id, r.since_ms]))
}

export interface HistoryStartsOptions {
  readonly store: StoreReader
  readonly now: () => number
  /** How long an entry is kept (one 10-minute slot by default). */
  readonly ttlMs?: number
  /** Beyond this many entries the oldest half is dropped (a bound on memory, not a working set). */
  readonly maxEntries?: number
}

/** The kept history starts of one API process; wired at start-up (ApiDeps.historyStarts). */
export function createHistoryStarts(options: HistoryStartsOptions): HistoryStarts {
  const ttlMs = options.ttlMs ?? 600_000
  const maxEntries = options.maxEntries ?? 500_000
  const entries = new Map<number, Entry>()
  return {
    async of(ids) {
      const now = options.now()
      const out = new Map<number, number>()
      const missing: number[] = []
      for (const id of ids) {
        const entry = entries.get(id)
        if (entry && now - entry.readAtMs < ttlMs) out.set(id, entry.sinceMs)
        else missing.push(id)
      }
      if (missing.length === 0) return out
      const read = await readHistoryStarts(options.store, missing)
      if (entries.size + read.size > maxEntries) {
        // Maps iterate in insertion order: the first keys are the longest kept.
        let drop = Math.ceil(entries.size / 2)
        for (const key of entries.keys()) {
          if (drop-- <= 0) break
          entries.delete(key)
        }
      }
      for (const [id, sinceMs] of read) {
        // Deleted first, so a refreshed entry moves to the end of the insertion order.
        entries.delete(id)
        entries.set(id, { sinceMs, readAtMs: now })
        out.set(id, sinceMs)
      }
      return out
    },
    forget: () => entries.clear(),
  }
}
