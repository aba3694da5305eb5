import {
  latestDetailsSql,
  likeRatioOrZeroSql,
  readRows,
  type StoreReader,
  tables,
} from '@ludex/pipelines/store'
import { type TagExperience, toPlayStatus } from '@ludex/schemas'
import { latestThumbnails } from './thumbnails.ts'

/**
 * A tag's experiences as its page lists them (part 2 §3): latest counters and details, the latest play
 * status, in one read for every member; the latest banner in a second. Untracked ids are absent.
 */
const TAG_EXPERIENCES_SQL = `
SELECT
    l.place_id AS place_id,
    l.universe_id AS universe_id,
    d.name AS name,
    d.genre_l1 AS genre_l1,
    d.genre_l2 AS genre_l2,
    l.playing AS players_online,
    l.visits AS total_visits,
    l.favorites AS favorites,
    ${likeRatioOrZeroSql('l.')} AS like_percentage,
    s.play_status AS play_status
FROM (SELECT * FROM ${tables.placeLatest} FINAL WHERE place_id IN {ids:Array(UInt64)}) AS l
LEFT JOIN
(
    ${latestDetailsSql(
      { name: 'name', genre_l1: 'genre_l1', genre_l2: 'genre_l2' },
      { where: 'place_id IN {ids:Array(UInt64)}' },
    )}
) AS d USING (place_id)
LEFT JOIN
(
    SELECT place_id, argMax(play_status, observed_at) AS play_status
    FROM ${tables.placePlayStatus} FINAL
    WHERE place_id IN {ids:Array(UInt64)}
    GROUP BY place_id
) AS s USING (place_id)`

interface Row {
  place_id: number
  universe_id: number
  name: string
  genre_l1: string
  genre_l2: string
  players_online: number
  total_visits: number
  favorites: number
  like_percentage: number
  play_status: number
}

/** The tracked ones of `placeIds`, in the order given, with the name as canonical name (routes lay staff edits over). */
export async function tagExperiences(
  store: StoreReader,
  placeIds: readonly number[],
): Promise<TagExperience[]> {
  if (placeIds.length === 0) return []
  const [rows, banners] = await Promise.all([
    readRows<Row>(store, {
      what: 'tag experiences',
      query: TAG_EXPERIENCES_SQL,
      params: { ids: placeIds },
      int64: ['place_id', 'universe_id', 'total_visits', 'favorites'],
    }),
    latestThumbnails(store, placeIds, 'Banner'),
  ])
  const byPlace = new Map(rows.map((r) => [r.place_id, r]))
  const bannerOf = new Map(banners.map((b) => [b.place_id, b]))
  return placeIds.flatMap((placeId): TagExperience[] => {
    const r = byPlace.get(placeId)
    if (!r) return []
    const banner = bannerOf.get(placeId)
    return [
      {
        universe_id: r.universe_id,
        place_id: placeId,
        // A place counted before its details arrive has no name yet: its id stands in.
        name: r.name || String(placeId),
        canonical_name: r.name || String(placeId),
        genre_l1: r.genre_l1,
        genre_l2: r.genre_l2,
        players_online: r.players_online,
        total_visits: r.total_visits,
        favorites: r.favorites,
        like_percentage: r.like_percentage,
        play_status: toPlayStatus(r.play_status),
        thumbnails: { banner: banner ? { hash: banner.hash, type: 'Banner', time: banner.time } : null },
      },
    ]
  })
}
