import type { ClickHouseClient } from '@clickhouse/client'
import { materialiseBenchmarks } from './benchmarks.ts'
import { type ChunkProgress, monthChunks, rawChunks } from './chunks.ts'
import { materialiseEventCounts } from './events.ts'
import { GENRE_GRANULARITIES, materialiseGenreCcu, materialiseGenreDistribution } from './genres.ts'
import { materialiseMovement } from './movement.ts'
import { ROLLUP_GRANULARITIES, type RollupGranularity } from './periods.ts'
import { rawDaysPerStatement } from './raw-reads.ts'
import { materialiseRollupChunk, type RecomputeOptions } from './rollups.ts'

export interface RecomputeRangeOptions extends RecomputeOptions {
  /**
   * Rollup granularities to rebuild (default all). Genre CCU follows the granularities chosen; the day
   * derivatives (genre distribution, ranks and movement, benchmarks, daily event counts) run when 'day'
   * is among them.
   */
  readonly granularities?: readonly RollupGranularity[]
  readonly onProgress?: (progress: ChunkProgress) => void
}

/**
 * Everything materialised from the raw tables, for every bucket that holds a slot of [fromMs, toMs]:
 * rollups, genre CCU and distribution, daily ranks and top-100 movement of closed days, genre
 * benchmarks, daily game event counts. A month of slots at a time, in time order, each step after the
 * ones it reads; within a month, what reads the raw snapshots goes as many days at a time as keep a
 * statement near RAW_ROWS_PER_STATEMENT rows (one day at 100,000 experiences, the whole month at
 * 2,000), so its reads and memory do not grow with the experiences tracked.
 */
export async function recomputeRange(client: ClickHouseClient, opts: RecomputeRangeOptions): Promise<void> {
  const granularities = opts.granularities ?? ROLLUP_GRANULARITIES
  const withDays = granularities.includes('day')
  const chunks = monthChunks(opts.fromMs, opts.toMs)
  const rawDays = await rawDaysPerStatement(client, opts)
  for (const [i, range] of chunks.entries()) {
    const chunk = { ...range, now: opts.now }
    await materialiseRollupChunk(client, chunk, granularities, rawDays)
    for (const g of GENRE_GRANULARITIES) {
      if (granularities.includes(g)) await materialiseGenreCcu(client, g, chunk)
    }
    if (withDays) {
      // Per slot from the raw snapshots: in the pieces the rollups read them.
      for (const piece of rawChunks(range.fromMs, range.toMs, rawDays)) {
        await materialiseGenreDistribution(client, { ...piece, now: opts.now })
      }
      await materialiseMovement(client, chunk)
      await materialiseBenchmarks(client, chunk)
      await materialiseEventCounts(client, chunk)
    }
    opts.onProgress?.({ done: i + 1, total: chunks.length, ...range })
  }
}

export interface RebuildOptions {
  readonly fromMs: number
  readonly toMs: number
  readonly granularities?: readonly RollupGranularity[]
  readonly onProgress?: (progress: ChunkProgress) => void
  /** Epoch ms of the rebuild (computed_at, and which days count as closed); default the wall clock. */
  readonly now?: number
}

/** `ludex rebuild`: recomputes a slot range from the raw tables, reporting each month chunk. */
export async function rebuild(client: ClickHouseClient, opts: RebuildOptions): Promise<void> {
  await recomputeRange(client, { ...opts, now: opts.now ?? Date.now() })
}
