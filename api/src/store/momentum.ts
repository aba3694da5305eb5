import { averageCcuSql, dateTimeParam, readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import type { DailyCcu, Granularity } from '@ludex/schemas'

/*
 * The daily average CCU momentum is computed from (issue 20.3): the day rollups of the two windows, read
 * at request time. Two weeks of day rows per place is a small read (the rollups are ordered by
 * granularity, place, bucket); `momentumOf` in @ludex/schemas does the arithmetic.
 */

interface DayRow {
  place_id: number
  t: number
  v: number
}

export interface MomentumRead {
  /** The places to read; null: every place with day rollups in the range. */
  readonly placeIds: readonly number[] | null
  /** First day start read (epoch ms). */
  readonly fromMs: number
  /** Last day start read (epoch ms). */
  readonly toMs: number
}

/** Daily average CCU per place for the day buckets in [fromMs, toMs]. */
export async function dailyAverageCcu(store: StoreReader, q: MomentumRead): Promise<Map<number, DailyCcu[]>> {
  if (q.placeIds !== null && q.placeIds.length === 0) return new Map()
  const rows = await readRows<DayRow>(store, {
    what: 'momentum daily ccu',
    query: `SELECT place_id, toUnixTimestamp(bucket) * 1000 AS t, toFloat64${averageCcuSql()} AS v
FROM ${tables.placeRollups} FINAL
WHERE granularity = {g:String}
  AND bucket >= {from:DateTime('UTC')} AND bucket <= {to:DateTime('UTC')}
  AND samples > 0${q.placeIds === null ? '' : '\n  AND place_id IN {ids:Array(UInt64)}'}
ORDER BY place_id, t`,
    params: {
      g: 'day' satisfies Granularity,
      from: dateTimeParam(q.fromMs),
      to: dateTimeParam(q.toMs),
      ...(q.placeIds !== null && { ids: q.placeIds }),
    },
    int64: ['place_id', 't'],
    // FINAL stays within one partition (a rollup key never spans two months).
    settings: { do_not_merge_across_partitions_select_final: 1 },
  })
  const out = new Map<number, DailyCcu[]>()
  for (const r of rows) {
    const list = out.get(r.place_id) ?? []
    list.push({ dayStartMs: r.t, averageCcu: r.v })
    out.set(r.place_id, list)
  }
  return out
}
