import { dateTimeParam, readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import type { GenreChartGranularity } from '@ludex/schemas'

/** One bucket of one genre: the average CCU per place with data, and their total. */
export interface GenreCcuRow {
  readonly genre: string
  readonly time: number
  readonly average: number
  readonly total: number
}

interface RawRow {
  genre: string
  t: number
  average: number
  total: number
}

/**
 * Average Genre CCU from genre_ccu (materialised per day, week and month), whole-genre rows only
 * (genre_l2 = ''), buckets in [from, to], ordered by genre key then time.
 */
export async function genreCcuRows(
  store: StoreReader,
  granularity: GenreChartGranularity,
  fromMs: number,
  toMs: number,
): Promise<GenreCcuRow[]> {
  const rows = await readRows<RawRow>(store, {
    what: 'genre ccu',
    query: `SELECT genre, toUnixTimestamp(bucket) * 1000 AS t, average, total
FROM ${tables.genreCcu} FINAL
WHERE granularity = {g:String}
  AND genre_l2 = ''
  AND is_deleted = 0
  AND bucket >= {from:DateTime('UTC')}
  AND bucket <= {to:DateTime('UTC')}
ORDER BY genre, t`,
    params: { g: granularity, from: dateTimeParam(fromMs), to: dateTimeParam(toMs) },
    int64: ['t'],
  })
  return rows.map((r) => ({ genre: r.genre, time: r.t, average: r.average, total: r.total }))
}
