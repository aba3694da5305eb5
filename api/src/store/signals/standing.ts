import {
  averageCcuSql,
  CURRENT_GENRES_CTE,
  dateParam,
  dateTime64Param,
  likeRatioSql,
  playtimeSecondsSql,
  readRows,
  type StoreReader,
  tables,
} from '@ludex/pipelines/store'
import { FAVORITES_PER_VISITS, type StandingMetric } from '@ludex/schemas'

/** A place's day values on the standing metrics, with its current genre and sub-genre. */
export interface StandingRow {
  readonly place_id: number
  readonly genre: string
  readonly genre_l2: string
  readonly ccu: number
  readonly like_ratio: number | null
  readonly playtime: number | null
  readonly favorites_per_1k_visits: number | null
}

/** The genre's materialised benchmark row of a day (genre_benchmarks_daily). */
export interface BenchmarkRow {
  readonly day: string
  readonly places: number
  readonly ccu_p25: number
  readonly ccu_p50: number
  readonly ccu_p75: number
  readonly ccu_p90: number
  readonly like_ratio_places: number
  readonly like_ratio_p25: number | null
  readonly like_ratio_p50: number | null
  readonly like_ratio_p75: number | null
  readonly like_ratio_p90: number | null
  readonly playtime_places: number
  readonly playtime_p25: number | null
  readonly playtime_p50: number | null
  readonly playtime_p75: number | null
  readonly playtime_p90: number | null
}

/** The metrics' values of a row, by metric. */
export function metricValue(row: StandingRow, metric: StandingMetric): number | null {
  return row[metric]
}

/**
 * The last day bucket (01:00 UTC start) wholly before nowMs and at or after fromMs that has genre
 * benchmarks, as a date; null when none.
 */
export async function lastBenchmarkDay(
  store: StoreReader,
  fromMs: number,
  nowMs: number,
): Promise<string | null> {
  const rows = await readRows<{ last_day: string; n: number }>(store, {
    what: 'last benchmark day',
    query: `SELECT toString(max(day)) AS last_day, count() AS n FROM ${tables.genreBenchmarksDaily} FINAL
     WHERE day >= {from:Date} AND toDateTime(day, 'UTC') + INTERVAL 25 HOUR <= {now:DateTime64(3)}`,
    params: { from: dateParam(fromMs), now: dateTime64Param(nowMs) },
    int64: ['n'],
  })
  const row = rows[0]
  return row && row.n > 0 ? row.last_day : null
}

/**
 * Every place of a genre with its values on a day (the day rollup: exact average CCU, like ratio of the
 * day's last votes, playtime, favorites per FAVORITES_PER_VISITS visits from the day's last counters),
 * by current genre (the same join as the benchmark materialiser).
 */
export async function genreDayValues(store: StoreReader, genre: string, day: string): Promise<StandingRow[]> {
  return readRows<StandingRow>(store, {
    what: 'genre standing values',
    query: `WITH ${CURRENT_GENRES_CTE}
     SELECT r.place_id AS place_id, ifNull(cg.genre, 'unlabeled') AS genre,
            ifNull(cg.genre_l2, 'unlabeled') AS genre_l2,
            toFloat64${averageCcuSql('r.')} AS ccu, ${likeRatioSql('r.')} AS like_ratio,
            ${playtimeSecondsSql('r.')} AS playtime,
            if(r.visits_max = 0, CAST(NULL, 'Nullable(Float64)'),
               r.favorites_last * ${FAVORITES_PER_VISITS} / r.visits_max) AS favorites_per_1k_visits
     FROM ${tables.placeRollups} AS r FINAL
     LEFT JOIN current_genres AS cg ON cg.place_id = r.place_id
     WHERE r.granularity = 'day' AND toDate(r.bucket) = {day:Date} AND r.samples > 0
       AND ifNull(cg.genre, 'unlabeled') = {genre:String}`,
    params: { day, genre },
    int64: ['place_id'],
    // As the benchmark materialiser joins: a place never described has NULL genres, read as unlabeled.
    settings: { join_use_nulls: 1 },
  })
}

/** A place's current genre and sub-genre (as the genre tables key them). */
export async function currentGenreOf(
  store: StoreReader,
  placeId: number,
): Promise<{ genre: string; genre_l2: string }> {
  const rows = await readRows<{ genre: string; genre_l2: string }>(store, {
    what: 'current genre',
    query: `WITH ${CURRENT_GENRES_CTE}
     SELECT genre, genre_l2 FROM current_genres WHERE place_id = {placeId:UInt64}`,
    params: { placeId },
  })
  return rows[0] ?? { genre: 'unlabeled', genre_l2: 'unlabeled' }
}

/** The genre's benchmark rows from fromDate to toDate (inclusive), oldest first. */
export async function genreBenchmarkRows(
  store: StoreReader,
  genre: string,
  fromDate: string,
  toDate: string,
): Promise<BenchmarkRow[]> {
  const rows = await readRows<Omit<BenchmarkRow, 'day'> & { d: string }>(store, {
    what: 'genre benchmarks',
    query: `SELECT toString(day) AS d, places, ccu_p25, ccu_p50, ccu_p75, ccu_p90,
            like_ratio_places, like_ratio_p25, like_ratio_p50, like_ratio_p75, like_ratio_p90,
            playtime_places, playtime_p25, playtime_p50, playtime_p75, playtime_p90
     FROM ${tables.genreBenchmarksDaily} FINAL
     WHERE genre = {genre:String} AND day >= {from:Date} AND day <= {to:Date}
     ORDER BY day`,
    params: { genre, from: fromDate, to: toDate },
  })
  return rows.map(({ d, ...r }) => ({ ...r, day: d }))
}
