import type { ClickHouseClient } from '@clickhouse/client'
import { dateTime64Param, dateTimeParam, tables } from '../store/index.ts'
import { type ChunkProgress, monthChunks, rawChunks } from './chunks.ts'
import { bucketSpan, bucketSql, ROLLUP_GRANULARITIES, type RollupGranularity } from './periods.ts'
import { rawDaysPerStatement } from './raw-reads.ts'
import { run } from './sql.ts'

/** An inclusive range of snapshot slots (epoch ms) whose raw rows changed, and the time of the recompute. */
export interface SlotRange {
  readonly fromMs: number
  readonly toMs: number
}

export interface RecomputeOptions extends SlotRange {
  /** Epoch ms; becomes computed_at, the version that makes a recompute replace the previous rows. */
  readonly now: number
}

const COLUMNS =
  'granularity, place_id, bucket, samples, ccu_sum, ccu_min, ccu_max, visits_min, visits_max, ' +
  'first_slot, last_slot, favorites_last, up_votes_last, down_votes_last, computed_at'

/**
 * Rebuilds the rollup rows of one granularity for every bucket that holds a slot of the range.
 * Hour and day read the raw snapshots: an hour bucket (HH:01) never lines up with a day bucket (01:00),
 * since the slot at 01:00 closes the hour of 00:01 but opens the day, so a day cannot be summed from
 * hours. Week and month sum the day rows, whose buckets nest exactly in theirs.
 */
export async function materialiseGranularity(
  client: ClickHouseClient,
  g: RollupGranularity,
  { fromMs, toMs, now }: RecomputeOptions,
): Promise<void> {
  const span = bucketSpan(fromMs, toMs, g)
  const params = {
    g,
    from: dateTimeParam(span.from),
    to: dateTimeParam(span.to),
    computedAt: dateTime64Param(now),
  }
  const query = g === 'hour' || g === 'day' ? fromRawSql(g) : fromDaysSql(g)
  await run(client, { query, params, what: `rollup ${g}` })
}

function fromRawSql(g: RollupGranularity): string {
  return `INSERT INTO ${tables.placeRollups} (${COLUMNS})
SELECT {g:String}, place_id, ${bucketSql(g, 'slot')} AS b,
       count(), sum(playing), min(playing), max(playing), min(visits), max(visits),
       min(slot), max(slot), argMax(favorites, slot),
       argMaxIf(up_votes, slot, up_votes IS NOT NULL), argMaxIf(down_votes, slot, down_votes IS NOT NULL),
       {computedAt:DateTime64(3)}
FROM ${tables.placeSnapshots} FINAL
WHERE slot >= {from:DateTime} AND slot < {to:DateTime}
GROUP BY place_id, b`
}

function fromDaysSql(g: RollupGranularity): string {
  // Within a day the last slot with votes may precede last_slot; across days the latest day that had
  // votes holds the latest votes, so ordering days by last_slot is exact.
  return `INSERT INTO ${tables.placeRollups} (${COLUMNS})
SELECT {g:String}, place_id, ${bucketSql(g, 'bucket')} AS b,
       sum(samples), sum(ccu_sum), min(ccu_min), max(ccu_max), min(visits_min), max(visits_max),
       min(first_slot), max(last_slot), argMax(favorites_last, last_slot),
       argMaxIf(up_votes_last, last_slot, up_votes_last IS NOT NULL),
       argMaxIf(down_votes_last, last_slot, down_votes_last IS NOT NULL),
       {computedAt:DateTime64(3)}
FROM ${tables.placeRollups} FINAL
WHERE granularity = 'day' AND bucket >= {from:DateTime} AND bucket < {to:DateTime}
GROUP BY place_id, b`
}

export interface MaterialiseRangeOptions extends RecomputeOptions {
  /** Default: all four, always in the order hour, day, week, month (week and month read days). */
  readonly granularities?: readonly RollupGranularity[]
  readonly onProgress?: (progress: ChunkProgress) => void
}

/** The granularities computed from the raw snapshots; the others sum the day rows. */
const FROM_RAW: ReadonlySet<RollupGranularity> = new Set(['hour', 'day'])

/**
 * Recomputes the rollups of one chunk (at most a month of slots), granularities in dependency order:
 * hour and day from the raw snapshots, `rawDays` days of slots per statement (rawChunks,
 * rawDaysPerStatement), then week and month from the day rows of the whole chunk.
 */
export async function materialiseRollupChunk(
  client: ClickHouseClient,
  chunk: RecomputeOptions,
  granularities: readonly RollupGranularity[] = ROLLUP_GRANULARITIES,
  rawDays = 1,
): Promise<void> {
  const wanted = ROLLUP_GRANULARITIES.filter((g) => granularities.includes(g))
  const fromRaw = wanted.filter((g) => FROM_RAW.has(g))
  if (fromRaw.length > 0) {
    for (const piece of rawChunks(chunk.fromMs, chunk.toMs, rawDays)) {
      for (const g of fromRaw) await materialiseGranularity(client, g, { ...piece, now: chunk.now })
    }
  }
  for (const g of wanted) {
    if (!FROM_RAW.has(g)) await materialiseGranularity(client, g, chunk)
  }
}

/**
 * Recomputes every rollup bucket of every granularity that intersects the slot range [fromMs, toMs],
 * a month of slots at a time (within it, raw rows per INSERT … SELECT bounded: materialiseRollupChunk).
 * Chunks run in time order, so a week or month spanning two chunks is summed again once its later days
 * exist; the last pass over it is complete.
 */
export async function materialiseRange(
  client: ClickHouseClient,
  opts: MaterialiseRangeOptions,
): Promise<void> {
  const chunks = monthChunks(opts.fromMs, opts.toMs)
  const rawDays = await rawDaysPerStatement(client, opts)
  for (const [i, chunk] of chunks.entries()) {
    await materialiseRollupChunk(client, { ...chunk, now: opts.now }, opts.granularities, rawDays)
    opts.onProgress?.({ done: i + 1, total: chunks.length, ...chunk })
  }
}
