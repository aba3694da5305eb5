import { dateTime64Param, readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import { type ThumbnailChange, type ThumbnailType, thumbnailChanges } from '@ludex/schemas'

/**
 * The changes of an experience's thumbnail set captured at or after fromMs. place_thumbnails keeps a
 * row each time the poller sees a type's image differ from the last it published, so the changes come
 * from that table: its rows from fromMs on, and the last row of each type before fromMs as the baseline
 * (the old image of a first change in the window).
 */
export async function thumbnailChangesOf(
  store: StoreReader,
  placeId: number,
  fromMs: number,
): Promise<ThumbnailChange[]> {
  const rows = await readRows<{ type: ThumbnailType; hash: string; t: number }>(store, {
    what: 'thumbnail changes',
    query: `SELECT type, hash, toUnixTimestamp64Milli(observed_at) AS t
     FROM ${tables.placeThumbnails} FINAL
     WHERE place_id = {placeId:UInt64} AND observed_at >= {from:DateTime64(3)}
     UNION ALL
     SELECT type, argMax(hash, observed_at) AS hash, toUnixTimestamp64Milli(max(observed_at)) AS t
     FROM ${tables.placeThumbnails} FINAL
     WHERE place_id = {placeId:UInt64} AND observed_at < {from:DateTime64(3)}
     GROUP BY type`,
    params: { placeId, from: dateTime64Param(fromMs) },
    int64: ['t'],
  })
  return thumbnailChanges(
    rows.map((r) => ({ type: r.type, hash: r.hash, time: r.t })),
    fromMs,
  )
}
