import {
  dateParam,
  dateTimeParam,
  experienceGenreSql,
  isoFromClickHouse,
  latestDetailsSql,
  likeRatioOrZeroSql,
  playtimeSecondsSql,
  readRows,
  type StoreReader,
  tables,
} from '@ludex/pipelines/store'
import {
  type Experience,
  type ExperienceGenre,
  isExperienceGenre,
  periodStartAtOrAfter,
  type SlimExperience,
  toPlayStatus,
} from '@ludex/schemas'

/** The product genre of a latest-details row `d` (an undescribed place reads as unlabeled). */
const GENRE_SQL = experienceGenreSql({ name: 'd.name', genreL1: 'd.genre_l1', genreL2: 'd.genre_l2' })

/**
 * Latest counters joined with the latest details of every tracked experience. The like percentage is
 * up ÷ (up + down) of the latest votes, 0 when there are none yet (`rated` says whether there are).
 */
const SLIM_SQL = `
SELECT
    l.place_id AS place_id,
    l.universe_id AS universe_id,
    d.name AS name,
    l.playing AS players_online,
    l.visits AS total_visits,
    ${likeRatioOrZeroSql('l.')} AS like_percentage,
    ifNull(l.up_votes, 0) + ifNull(l.down_votes, 0) > 0 AS rated,
    d.creator_id AS creator_id,
    d.genre_l1 AS genre_l1,
    d.genre_l2 AS genre_l2,
    ${GENRE_SQL} AS genre
FROM (SELECT place_id, universe_id, playing, visits, up_votes, down_votes FROM ${tables.placeLatest} FINAL) AS l
LEFT JOIN
(
    ${latestDetailsSql({ name: 'name', creator_id: 'creator_id', genre_l1: 'genre_l1', genre_l2: 'genre_l2' })}
) AS d USING (place_id)
ORDER BY players_online DESC, place_id ASC`

interface SlimRow {
  place_id: number
  universe_id: number
  name: string
  players_online: number
  total_visits: number
  like_percentage: number
  creator_id: number
  genre_l1: string
  genre_l2: string
  genre: string
  rated: boolean | number
}

/** A tracked experience as the lists show it, and whether it has votes (its like percentage means something). */
export interface CurrentExperience {
  readonly experience: SlimExperience
  readonly rated: boolean
}

/** The SQL gives only keys of the mapping; anything else would be a bug there, read as unlabeled. */
function genreOf(value: string): ExperienceGenre {
  return isExperienceGenre(value) ? value : 'unlabeled'
}

/** Every tracked experience with its current counters, by players online. */
export async function currentExperiences(store: StoreReader): Promise<CurrentExperience[]> {
  const rows = await readRows<SlimRow>(store, {
    what: 'slim list',
    query: SLIM_SQL,
    int64: ['place_id', 'universe_id', 'total_visits', 'creator_id'],
  })
  return rows.map((r) => ({ experience: slimOf(r), rated: Boolean(r.rated) }))
}

function slimOf(r: SlimRow): SlimExperience {
  return {
    universe_id: r.universe_id,
    place_id: r.place_id,
    name: r.name,
    // The name, unless staff set a canonical name (laid over from the app database by the route).
    canonical_name: r.name,
    players_online: r.players_online,
    total_visits: r.total_visits,
    like_percentage: r.like_percentage,
    creator_id: r.creator_id,
    genre_l1: r.genre_l1,
    genre_l2: r.genre_l2,
    genre: genreOf(r.genre),
  }
}

/** Identity and name of a tracked experience: what the per-place calls look up first. */
export interface TrackedExperience {
  readonly placeId: number
  readonly universeId: number
  readonly name: string
}

/** The experience when it is tracked (it has counters in place_latest), else null. */
export async function trackedExperience(
  store: StoreReader,
  placeId: number,
): Promise<TrackedExperience | null> {
  const rows = await readRows<{ universe_id: number; name: string }>(store, {
    what: 'tracked experience',
    query: `SELECT l.universe_id AS universe_id, d.name AS name
     FROM (SELECT place_id, universe_id FROM ${tables.placeLatest} FINAL WHERE place_id = {placeId:UInt64}) AS l
     LEFT JOIN
     (${latestDetailsSql({ name: 'name' }, { where: 'place_id = {placeId:UInt64}' })}) AS d USING (place_id)`,
    params: { placeId },
    int64: ['universe_id'],
  })
  const row = rows[0]
  return row ? { placeId, universeId: row.universe_id, name: row.name } : null
}

/** Milliseconds per day. */
const DAY_MS = 86_400_000
/** Average playtime is over the last 30 days (part 1 §9). */
export const PLAYTIME_WINDOW_MS = 30 * DAY_MS

/**
 * When upstream began censoring the experience, or NULL when it is not restricted now: of the restriction
 * rows newer than its latest snapshot, the latest says restricted, and the first of those says since
 * when. A snapshot newer than every mark ends a restriction even when no unmark was written (032).
 */
const RESTRICTED_SINCE_SQL = `(
    SELECT if(argMax(restricted, observed_at), toString(minIf(observed_at, restricted)), NULL)
    FROM ${tables.placeRestrictions} FINAL
    WHERE place_id = {placeId:UInt64}
      AND observed_at > (SELECT observed_at FROM ${tables.placeLatest} FINAL WHERE place_id = {placeId:UInt64}))`

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
    ${likeRatioOrZeroSql('l.')} AS like_percentage,
    d.found AS described,
    d.name AS name,
    d.creator_id AS creator_id,
    d.genre_l1 AS genre_l1,
    d.genre_l2 AS genre_l2,
    ${GENRE_SQL} AS genre,
    d.price AS price,
    d.created_at AS created_at,
    d.updated_at AS updated_at,
    1 + (SELECT count() FROM ${tables.placeLatest} FINAL
         WHERE playing > (SELECT playing FROM ${tables.placeLatest} FINAL WHERE place_id = {placeId:UInt64})) AS rank,
    (SELECT argMax(age_limit, observed_at) FROM ${tables.placeAgeRatings} FINAL
     WHERE place_id = {placeId:UInt64}) AS age_limit,
    (SELECT argMax(play_status, observed_at) FROM ${tables.placePlayStatus} FINAL
     WHERE place_id = {placeId:UInt64}) AS play_status,
    ${RESTRICTED_SINCE_SQL} AS restricted_since
FROM (SELECT * FROM ${tables.placeLatest} FINAL WHERE place_id = {placeId:UInt64}) AS l
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
  universe_id: number
  players_online: number
  total_visits: number
  favorites: number
  like_percentage: number
  described: number
  name: string
  creator_id: number
  genre_l1: string
  genre_l2: string
  genre: string
  price: number
  created_at: string
  updated_at: string
  rank: number
  age_limit: number | null
  play_status: number
  restricted_since: string | null
}

const DETAIL_INT64 = ['universe_id', 'total_visits', 'favorites', 'creator_id', 'price', 'rank'] as const

/** The latest thumbnail of each type. */
const LATEST_THUMBNAILS_SQL = `
SELECT type, argMax(hash, observed_at) AS hash, max(observed_at) AS time
FROM ${tables.placeThumbnails} FINAL
WHERE place_id = {placeId:UInt64}
GROUP BY type`

const PICK_DATES_SQL = `
SELECT toString(date) AS day
FROM ${tables.dailyPicks} FINAL
WHERE has(place_ids, {placeId:UInt64}) AND date >= {picksFrom:Date}
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
    FROM ${tables.placeRollups} AS r FINAL
    WHERE r.granularity = 'hour' AND r.place_id = {placeId:UInt64}
      AND r.bucket >= {playtimeFrom:DateTime('UTC')}
)`

/** 0001-01-01: the release date is unset until an editor sets it (staff edits are laid over in the routes). */
const UNSET_RELEASE = '0001-01-01T00:00:00.000Z'

export interface DetailOptions {
  /** The first date of daily_pick_dates (epoch ms of its start; a visitor's window). Default: every date. */
  readonly pickDatesFromMs?: number
}

/**
 * The first hour bucket of the average playtime's window at nowMs: the same rows as from the instant
 * (buckets start on the hour's period start), and the same statement for the hour (hot reads).
 */
export function playtimeWindowStart(nowMs: number): number {
  return periodStartAtOrAfter(nowMs - PLAYTIME_WINDOW_MS, 'hour')
}

/** The full experience, or null when the place is not tracked. */
export async function experienceDetail(
  store: StoreReader,
  placeId: number,
  nowMs: number,
  options: DetailOptions = {},
): Promise<Experience | null> {
  const params = {
    placeId,
    playtimeFrom: dateTimeParam(playtimeWindowStart(nowMs)),
    picksFrom: dateParam(options.pickDatesFromMs ?? 0),
  }
  const [details, thumbnails, picks, playtime] = await Promise.all([
    readRows<DetailRow>(store, { what: 'experience', query: DETAIL_SQL, params, int64: DETAIL_INT64 }),
    readRows<{ type: string; hash: string; time: string }>(store, {
      what: 'latest thumbnails',
      query: LATEST_THUMBNAILS_SQL,
      params,
    }),
    readRows<{ day: string }>(store, { what: 'daily pick dates', query: PICK_DATES_SQL, params }),
    readRows<{ playtime: number | null }>(store, { what: 'playtime', query: PLAYTIME_SQL, params }),
  ])
  const d = details[0]
  if (!d) return null
  const thumbnailOf = (type: 'Icon' | 'Banner') => {
    const t = thumbnails.find((row) => row.type === type)
    return t ? { hash: t.hash, type, time: isoFromClickHouse(t.time) } : null
  }
  // A place counted before its details arrive has no name or dates yet: the epoch stands for unknown.
  const described = d.described === 1
  return {
    universe_id: d.universe_id,
    place_id: placeId,
    name: d.name,
    updated: described ? isoFromClickHouse(d.updated_at) : new Date(0).toISOString(),
    created: described ? isoFromClickHouse(d.created_at) : new Date(0).toISOString(),
    released: UNSET_RELEASE,
    // The name, unless staff set a canonical name (laid over from the app database by the route).
    canonical_name: d.name,
    thumbnails: { icon: thumbnailOf('Icon'), banner: thumbnailOf('Banner') },
    players_online: d.players_online,
    total_visits: d.total_visits,
    like_percentage: d.like_percentage,
    age_limit: d.age_limit,
    play_status: toPlayStatus(d.play_status),
    restricted_since: d.restricted_since === null ? null : isoFromClickHouse(d.restricted_since),
    creator_id: d.creator_id,
    genre_l1: d.genre_l1,
    genre_l2: d.genre_l2,
    genre: genreOf(d.genre),
    daily_pick_dates: picks.map((p) => p.day),
    price: d.price,
    average_playtime: Math.floor(playtime[0]?.playtime ?? 0),
    favorites: d.favorites,
    rank: d.rank,
    // Tags live in the app database: the routes lay the caller's visible ones over (withTagsOf).
    tags: [],
  }
}
