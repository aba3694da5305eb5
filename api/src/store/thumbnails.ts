import {
  dateTime64Param,
  isoFromClickHouse,
  readRows,
  type StoreReader,
  tables,
} from '@ludex/pipelines/store'
import type { Thumbnail, ThumbnailType } from '@ludex/schemas'

interface ThumbnailRow {
  place_id: number
  type: ThumbnailType
  hash: string
  time: string
}

function toThumbnail(r: ThumbnailRow): Thumbnail {
  return { place_id: r.place_id, type: r.type, hash: r.hash, time: isoFromClickHouse(r.time) }
}

/** The latest thumbnail of the given type of each place, in the order asked; places without one are left out. */
export async function latestThumbnails(
  store: StoreReader,
  placeIds: readonly number[],
  type: ThumbnailType,
): Promise<Thumbnail[]> {
  const rows = await readRows<ThumbnailRow>(store, {
    what: 'latest thumbnails',
    query: `SELECT place_id, type, argMax(hash, observed_at) AS hash, max(observed_at) AS time
     FROM ${tables.placeThumbnails} FINAL
     WHERE place_id IN {placeIds:Array(UInt64)} AND type = {type:String}
     GROUP BY place_id, type`,
    params: { placeIds, type },
    int64: ['place_id'],
  })
  const byPlace = new Map(rows.map((r) => [r.place_id, toThumbnail(r)]))
  return placeIds.flatMap((id) => byPlace.get(id) ?? [])
}

/** Every thumbnail of the place observed at or after startMs, oldest first (both types). */
export async function thumbnailHistory(
  store: StoreReader,
  placeId: number,
  startMs: number,
): Promise<Thumbnail[]> {
  const rows = await readRows<ThumbnailRow>(store, {
    what: 'thumbnail history',
    query: `SELECT place_id, type, hash, observed_at AS time
     FROM ${tables.placeThumbnails} FINAL
     WHERE place_id = {placeId:UInt64} AND observed_at >= {start:DateTime64(3)}
     ORDER BY observed_at, type`,
    params: { placeId, start: dateTime64Param(startMs) },
    int64: ['place_id'],
  })
  return rows.map(toThumbnail)
}
