import { RANKED_LISTING_SQL, readRows, type StoreReader, tables } from '@ludex/pipelines/store'

/** The category's last captured day before `day` (a date), at or after `notBefore`; null when none. */
export async function previousCapturedDay(
  store: StoreReader,
  categoryId: number,
  day: string,
  notBefore: string,
): Promise<string | null> {
  const rows = await readRows<{ d: string; n: number }>(store, {
    what: 'previous captured day',
    query: `SELECT toString(max(toDate(slot))) AS d, count() AS n FROM ${tables.chartPositions} FINAL
     WHERE category_id = {categoryId:UInt8} AND slot < toDateTime({day:Date}, 'UTC')
       AND slot >= toDateTime({notBefore:Date}, 'UTC')`,
    params: { categoryId, day, notBefore },
    int64: ['n'],
  })
  const row = rows[0]
  return row && row.n > 0 ? row.d : null
}

/** The places ranked (not sponsored) in a category on a UTC day, with their best rank of the day. */
export async function rankedOnDay(
  store: StoreReader,
  categoryId: number,
  day: string,
): Promise<{ place_id: number; rank: number }[]> {
  return readRows<{ place_id: number; rank: number }>(store, {
    what: 'ranked on day',
    query: `SELECT place_id, min(position) AS rank FROM ${tables.chartPositions} FINAL
     WHERE category_id = {categoryId:UInt8} AND toDate(slot) = {day:Date}
       AND ${RANKED_LISTING_SQL}
     GROUP BY place_id`,
    params: { categoryId, day },
    int64: ['place_id'],
  })
}
