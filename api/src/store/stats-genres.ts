import type { ClickHouseClient } from '@clickhouse/client'
import type { GenreChartGranularity } from '@ludex/schemas'
import { dateTimeParam, queryRows } from './query.ts'

/** One bucket of one genre_l1: the average CCU per place with data, and their total. */
export interface GenreCcuRow {
  readonly genre: string
  readonly time: number
  readonly average: number
  readonly total: number
}

interface RawRow {
  genre: string
  t: number | string
  average: number
  total: number
}

/**
 * Average Genre CCU from genre_ccu (materialised per day, week and month), whole-genre rows only
 * (genre_l2 = ''), buckets in [from, to], ordered by genre key then time.
 */
export async function genreCcuRows(
  client: ClickHouseClient,
  granularity: GenreChartGranularity,
  fromMs: number,
  toMs: number,
): Promise<GenreCcuRow[]> {
  const rows = await queryRows<RawRow>(
    client,
    `SELECT genre_l1 AS genre, toUnixTimestamp(bucket) * 1000 AS t, average, total
FROM genre_ccu FINAL
WHERE granularity = {g:String}
  AND genre_l2 = ''
  AND is_deleted = 0
  AND bucket >= {from:DateTime('UTC')}
  AND bucket <= {to:DateTime('UTC')}
ORDER BY genre, t`,
    { g: granularity, from: dateTimeParam(fromMs), to: dateTimeParam(toMs) },
  )
  return rows.map((r) => ({ genre: r.genre, time: Number(r.t), average: r.average, total: r.total }))
}
