import type { ClickHouseClient } from '@clickhouse/client'
import { playtimeSecondsSql } from '@ludex/pipelines'
import type { Experience, SlimExperience } from '@ludex/schemas'
import { latestDetailsSql, likeRatioSql } from './latest-details.ts'
import { isoFromClickHouse, queryRows } from './query.ts'

/**
 * Latest counters joined with the latest details of every tracked experience. The like percentage is
 * up ÷ (up + down) of the latest votes, 0 when there are none yet.
 */
const SLIM_SQL = `
SELECT
    l.place_id AS place_id,
    l.universe_id AS universe_id,
    d.name AS name,
    l.playing AS players_online,
    l.visits AS total_visits,
    ${likeRatioSql('l')} AS like_percentage,
    d.creator_id AS creator_id,
    d.genre_l1 AS genre_l1,
    d.genre_l2 AS genre_l2
FROM (SELECT place_id, universe_id, playing, visits, up_votes, down_votes FROM place_latest FINAL) AS l
LEFT JOIN
(
    ${latestDetailsSql({ name: 'name', creator_id: 'creator_id', genre_l1: 'genre_l1', genre_l2: 'genre_l2' })}
) AS d USING (place_id)
ORDER BY players_online DESC, place_id ASC`

interface SlimRow {
  place_id: number | string
  universe_id: number | string
  name: string
  players_online: number | string
  total_visits: number | string
  like_percentage: number
  creator_id: number | string
  genre_l1: string
  genre_l2: string
}

export async function slimExperiences(client: ClickHouseClient): Promise<SlimExperience[]> {
  const rows = await queryRows<SlimRow>(client, SLIM_SQL)
  return rows.map((r) => ({
    universe_id: Number(r.universe_id),
    place_id: Number(r.place_id),
    name: r.name,
    // The name, unless staff set a canonical name (laid over from the app database by the route).
    canonical_name: r.name,
    players_online: Number(r.players_online),
    total_visits: Number(r.total_visits),
    like_percentage: r.like_percentage,
    creator_id: Number(r.creator_id),
    genre_l1: r.genre_l1,
    genre_l2: r.genre_l2,
  }))
}

/** Identity and name of a tracked experience: what the per-place calls look up first. */
export interface TrackedExperience {
  readonly placeId: number
  readonly universeId: number
  readonly name: string
}

/** The experience when it is tracked (it has counters in place_latest), else null. */
export async function trackedExperience(
  client: ClickHouseClient,
  placeId: number,
): Promise<TrackedExperience | null> {
  const rows = await queryRows<{ universe_id: number | string; name: string }>(
    client,
    `SELECT l.universe_id AS universe_id, d.name AS name
     FROM (SELECT place_id, universe_id FROM place_latest FINAL WHERE place_id = {placeId:UInt64}) AS l
     LEFT JOIN
     (${latestDetailsSql({ name: 'name' }, { where: 'place_id = {placeId:UInt64}' })}) AS d USING (place_id)`,
    { placeId },
  )
  const row = rows[0]
  return row ? { placeId, universeId: Number(row.universe_id), name: row.name } : null
}

/** Milliseconds per day. */
const DAY_MS = 86_400_000
/** Average playtime is over the last 30 days (part 1 §9). */
export const PLAYTIME_WINDOW_MS = 30 * DAY_MS

/**
 * Latest counters and details, the latest age rating and play status, and the rank by players online
 * (1 + places with more players, so ties share a rank). Scalar subqueries keep it one round trip.
 */
const DETAIL_SQL = `
SELECT
    l.universe_id AS universe_id,
    l.playing AS players_online,
    l.visits AS total_visits,
    l.favorites AS favorites,
    ${likeRatioSql('l')} AS like_percentage,
    d.found AS described,
    d.name AS name,
    d.creator_id AS creator_id,
    d.genre_l1 AS genre_l1,
    d.genre_l2 AS genre_l2,
    d.price AS price,
    d.created_at AS created_at,
    d.updated_at AS updated_at,
    1 + (SELECT count() FROM place_latest FINAL
         WHERE playing > (SELECT playing FROM place_latest FINAL WHERE place_id = {placeId:UInt64})) AS rank,
    (SELECT argMax(age_limit, observed_at) FROM place_age_ratings FINAL
     WHERE place_id = {placeId:UInt64}) AS age_limit,
    (SELECT argMax(play_status, observed_at) FROM place_play_status FINAL
     WHERE place_id = {placeId:UInt64}) AS play_status
FROM (SELECT * FROM place_latest FINAL WHERE place_id = {placeId:UInt64}) AS l
LEFT JOIN
(
    ${latestDetailsSql(
      {
        name: 'name',
        creator_id: 'creator_id',
        genre_l1: 'genre_l1',
        genre_l2: 'genre_l2',
        price: 'price',
        created_at: 'created_at',
        updated_at: 'updated_at',
      },
      { where: 'place_id = {placeId:UInt64}', found: true },
    )}
) AS d USING (place_id)`

interface DetailRow {
  universe_id: number | string
  players_online: number | string
  total_visits: number | string
  favorites: number | string
  like_percentage: number
  described: number
  name: string
  creator_id: number | string
  genre_l1: string
  genre_l2: string
  price: number | string
  created_at: string
  updated_at: string
  rank: number | string
  age_limit: number | null
  play_status: number
}

/** The latest thumbnail of each type. */
const LATEST_THUMBNAILS_SQL = `
SELECT type, argMax(hash, observed_at) AS hash, max(observed_at) AS time
FROM place_thumbnails FINAL
WHERE place_id = {placeId:UInt64}
GROUP BY type`

const PICK_DATES_SQL = `
SELECT toString(date) AS date
FROM daily_picks FINAL
WHERE has(place_ids, {placeId:UInt64})
ORDER BY date`

/**
 * Average playtime over the window from the hour rollups, with the pipeline's formula applied to the
 * whole window: exact average CCU (Σ ccu_sum ÷ Σ samples) × span ÷ visits gained. NULL (→ 0) when the
 * visits did not grow.
 */
const PLAYTIME_SQL = `
SELECT ${playtimeSecondsSql()} AS playtime
FROM
(
    SELECT sum(r.samples) AS samples,
           sum(r.ccu_sum) AS ccu_sum,
           min(r.first_slot) AS first_slot,
           max(r.last_slot) AS last_slot,
           min(r.visits_min) AS visits_min,
           max(r.visits_max) AS visits_max
    FROM place_rollups AS r FINAL
    WHERE r.granularity = 'hour' AND r.place_id = {placeId:UInt64}
      AND r.bucket >= toDateTime(intDiv({fromMs:Int64}, 1000), 'UTC')
)`

/** 0001-01-01: the release date is unset until an editor sets it (staff edits are laid over in the routes). */
const UNSET_RELEASE = '0001-01-01T00:00:00.000Z'

/** The full experience, or null when the place is not tracked. */
export async function experienceDetail(
  client: ClickHouseClient,
  placeId: number,
  nowMs: number,
): Promise<Experience | null> {
  const params = { placeId, fromMs: nowMs - PLAYTIME_WINDOW_MS }
  const [details, thumbnails, picks, playtime] = await Promise.all([
    queryRows<DetailRow>(client, DETAIL_SQL, params),
    queryRows<{ type: string; hash: string; time: string }>(client, LATEST_THUMBNAILS_SQL, params),
    queryRows<{ date: string }>(client, PICK_DATES_SQL, params),
    queryRows<{ playtime: number | null }>(client, PLAYTIME_SQL, params),
  ])
  const d = details[0]
  if (!d) return null
  const thumbnailOf = (type: 'Icon' | 'Banner') => {
    const t = thumbnails.find((row) => row.type === type)
    return t ? { hash: t.hash, type, time: isoFromClickHouse(t.time) } : null
  }
  // A place counted before its details arrive has no name or dates yet: the epoch stands for unknown.
  const described = Number(d.described) === 1
  return {
    universe_id: Number(d.universe_id),
    place_id: placeId,
    name: d.name,
    updated: described ? isoFromClickHouse(d.updated_at) : new Date(0).toISOString(),
    created: described ? isoFromClickHouse(d.created_at) : new Date(0).toISOString(),
    released: UNSET_RELEASE,
    // The name, unless staff set a canonical name (laid over from the app database by the route).
    canonical_name: d.name,
    thumbnails: { icon: thumbnailOf('Icon'), banner: thumbnailOf('Banner') },
    players_online: Number(d.players_online),
    total_visits: Number(d.total_visits),
    like_percentage: d.like_percentage,
    age_limit: d.age_limit === null ? null : Number(d.age_limit),
    play_status: playStatusOf(Number(d.play_status)),
    creator_id: Number(d.creator_id),
    genre_l1: d.genre_l1,
    genre_l2: d.genre_l2,
    daily_pick_dates: picks.map((p) => p.date),
    price: Number(d.price),
    average_playtime: Math.floor(playtime[0]?.playtime ?? 0),
    favorites: Number(d.favorites),
    rank: Number(d.rank),
    // Tag membership lives with accounts; deps.tags can only find a tag by id so far (see the report).
    tags: [],
  }
}

const PLAY_STATUSES = new Set([0, 1, 2, 3, 5, 9])

/** A stored play status as the spec's code; anything unexpected reads as 0 (unknown). */
function playStatusOf(code: number): Experience['play_status'] {
  return (PLAY_STATUSES.has(code) ? code : 0) as Experience['play_status']
}
