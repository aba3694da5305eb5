import type { ClickHouseClient } from '@clickhouse/client'
import type { Thumbnail, ThumbnailType } from '@ludex/schemas'
import { isoFromClickHouse, queryRows } from './query.ts'

interface ThumbnailRow {
  place_id: number | string
  type: ThumbnailType
  hash: string
  time: string
}

function toThumbnail(r: ThumbnailRow): Thumbnail {
  return { place_id: Number(r.place_id), type: r.type, hash: r.hash, time: isoFromClickHouse(r.time) }
}

/** The latest thumbnail of the given type of each place, in the order asked; places without one are left out. */
export async function latestThumbnails(
  client: ClickHouseClient,
  placeIds: readonly number[],
  type: ThumbnailType,
): Promise<Thumbnail[]> {
  const rows = await queryRows<ThumbnailRow>(
    client,
    `SELECT place_id, type, argMax(hash, observed_at) AS hash, max(observed_at) AS time
     FROM place_thumbnails FINAL
     WHERE place_id IN {placeIds:Array(UInt64)} AND type = {type:String}
     GROUP BY place_id, type`,
    { placeIds, type },
  )
  const byPlace = new Map(rows.map((r) => [Number(r.place_id), toThumbnail(r)]))
  return placeIds.flatMap((id) => byPlace.get(id) ?? [])
}

/** Every thumbnail of the place observed at or after startMs, oldest first (both types). */
export async function thumbnailHistory(
  client: ClickHouseClient,
  placeId: number,
  startMs: number,
): Promise<Thumbnail[]> {
  const rows = await queryRows<ThumbnailRow>(
    client,
    `SELECT place_id, type, hash, observed_at AS time
     FROM place_thumbnails FINAL
     WHERE place_id = {placeId:UInt64} AND observed_at >= fromUnixTimestamp64Milli({startMs:Int64}, 'UTC')
     ORDER BY observed_at, type`,
    { placeId, startMs },
  )
  return rows.map(toThumbnail)
}
