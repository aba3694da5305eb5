import {
  GENRE_BY_ROBLOX_GENRE_L1,
  GENRE_BY_ROBLOX_GENRE_L2,
  GENRE_NAME_RULES,
  genreGroupKey,
  type StatKind,
  UNLABELED_GENRE_KEY,
} from '@ludex/schemas'
import { tables } from './tables.ts'

/*
 * Named SQL fragments: the formulas both the materialisers and the API's reads use, written once. Each is
 * fixed text of ours (column prefixes and names come from code, never from a request); values are bound
 * as parameters by the caller. `prefix` qualifies a row's columns when its table is joined ('r.').
 * fragments.test.ts checks each against hand-worked rows.
 */

/** Exact average CCU of a rollup row: ccu_sum ÷ samples, never an average of averages. */
export function averageCcuSql(prefix = ''): string {
  return `(${prefix}ccu_sum / ${prefix}samples)`
}

/**
 * Average playtime in seconds of a rollup row (or of rollup rows summed alike): CCU-time over the visits
 * gained in the same span, (ccu_sum ÷ samples) × (last_slot − first_slot) ÷ (visits_max − visits_min).
 * NULL when no visit was gained (one sample, or a flat counter), so an undefined estimate is never zero.
 */
export function playtimeSecondsSql(prefix = ''): string {
  const p = prefix
  return (
    `if(${p}visits_max > ${p}visits_min AND ${p}samples > 0, ` +
    `${averageCcuSql(p)} * dateDiff('second', ${p}first_slot, ${p}last_slot) / (${p}visits_max - ${p}visits_min), ` +
    "CAST(NULL, 'Nullable(Float64)'))"
  )
}

/**
 * Like ratio of a rollup row's last votes: up ÷ (up + down), NULL while either count is unknown or both
 * are zero (a rating that does not exist yet is not 0 %).
 */
export function likeRatioSql(prefix = ''): string {
  const up = `${prefix}up_votes_last`
  const down = `${prefix}down_votes_last`
  return (
    `if(${up} IS NULL OR ${down} IS NULL OR ${up} + ${down} = 0, ` +
    `CAST(NULL, 'Nullable(Float64)'), ${up} / (${up} + ${down}))`
  )
}

/** Like ratio of a row's current votes (place_latest: up_votes, down_votes): up ÷ (up + down), 0 while none. */
export function likeRatioOrZeroSql(prefix = ''): string {
  const up = `ifNull(${prefix}up_votes, 0)`
  const down = `ifNull(${prefix}down_votes, 0)`
  return `if(${up} + ${down} = 0, 0, ${up} / (${up} + ${down}))`
}

/**
 * The per-place value of a rollup row for each single-valued stat kind (likes carry two values and
 * are read column by column), NULL where the row has none:
 * - ccus: exact average CCU of the bucket;
 * - visits: the cumulative counter at its highest in the bucket;
 * - favorites: the value at the bucket's last slot;
 * - rating: likeRatioSql, NULL while votes are unknown or zero;
 * - playtime: playtimeSecondsSql, NULL when no visit was gained.
 */
export const ROLLUP_VALUE_SQL: Readonly<Record<Exclude<StatKind, 'likes'>, string>> = {
  ccus: `toFloat64${averageCcuSql()}`,
  visits: 'toFloat64(visits_max)',
  favorites: 'toFloat64(favorites_last)',
  rating: likeRatioSql(),
  playtime: playtimeSecondsSql(),
}

/**
 * A platform genre name as a key: trimmed, lower-cased, empty as 'unlabeled' (the same rule as
 * genreGroupKey in @ludex/schemas, written in SQL).
 */
export function genreKeySql(column: string): string {
  return `if(trimBoth(ifNull(${column}, '')) = '', 'unlabeled', lowerUTF8(trimBoth(ifNull(${column}, ''))))`
}

/** A ClickHouse string literal of our own constant text (backslashes and quotes escaped). */
function sqlString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}
const sqlStrings = (list: readonly string[]) => `[${list.map(sqlString).join(', ')}]`

/** The columns `experienceGenreSql` reads: the platform's name and genres of an experience. */
export interface GenreColumns {
  readonly name: string
  readonly genreL1: string
  readonly genreL2: string
}

const L2_TABLE = Object.entries(GENRE_BY_ROBLOX_GENRE_L2)
const L1_TABLE = Object.entries(GENRE_BY_ROBLOX_GENRE_L1)

/**
 * The product genre of an experience (one of the sixteen keys, or 'unlabeled'): the mapping of
 * @ludex/schemas' genre-mapping.ts written in SQL from the same constants, rule for rule (brand and
 * keyword patterns over the name, then the genre_l2 table, then the genre_l1 fallback).
 * fragments.test.ts checks it against `experienceGenre` on every documented genre and the name cases.
 */
export function experienceGenreSql({ name, genreL1, genreL2 }: GenreColumns): string {
  const rules = GENRE_NAME_RULES.map(
    (r) => `match(${name}, ${sqlString(`(?i)${r.pattern}`)}), ${sqlString(r.genre)}`,
  )
  const l2 = genreKeySql(genreL2)
  const l2Keys = sqlStrings(L2_TABLE.map(([k]) => genreGroupKey(k)))
  const l2Genres = sqlStrings(L2_TABLE.map(([, v]) => v ?? UNLABELED_GENRE_KEY))
  const l1Keys = sqlStrings(L1_TABLE.map(([k]) => genreGroupKey(k)))
  const l1Genres = sqlStrings(L1_TABLE.map(([, v]) => v))
  const unlabeled = sqlString(UNLABELED_GENRE_KEY)
  return `multiIf(${rules.join(', ')}, has(${l2Keys}, ${l2}), transform(${l2}, ${l2Keys}, ${l2Genres}, ${unlabeled}), transform(${genreKeySql(genreL1)}, ${l1Keys}, ${l1Genres}, ${unlabeled}))`
}

/**
 * A WITH entry `current_genres (place_id, genre, genre_l2)`: each place's product genre
 * (`experienceGenreSql`) and sub-genre (its genre_l2 as a genre key), from its latest details row.
 * Places never described are absent; joins map them to 'unlabeled'.
 */
export const CURRENT_GENRES_CTE = `current_genres AS (
  SELECT place_id,
         ${experienceGenreSql({ name: 'tupleElement(g, 3)', genreL1: 'tupleElement(g, 1)', genreL2: 'tupleElement(g, 2)' })} AS genre,
         ${genreKeySql('tupleElement(g, 2)')} AS genre_l2
  FROM (
    SELECT place_id, argMax((genre_l1, genre_l2, name), observed_at) AS g
    FROM ${tables.placeDetails} FINAL
    GROUP BY place_id
  )
)`

/** Columns of place_details to read, as `{ alias: column }`. */
export type DetailColumns = Readonly<Record<string, string>>

/**
 * A subquery of each place's latest value of some place_details columns (argMax by observed_at), to
 * join on place_id. `where` narrows the places (bound parameters only); `found` adds `1 AS found`, which
 * a LEFT JOIN leaves 0 for a place never described.
 */
export function latestDetailsSql(
  columns: DetailColumns,
  options: { where?: string; found?: boolean } = {},
): string {
  const selected = Object.entries(columns).map(
    ([alias, column]) => `argMax(${column}, observed_at) AS ${alias}`,
  )
  if (options.found) selected.unshift('1 AS found')
  return `SELECT place_id, ${selected.join(', ')}
    FROM ${tables.placeDetails}${options.where ? `\n    WHERE ${options.where}` : ''}
    GROUP BY place_id`
}

/**
 * A chart capture's row that ranks its place: a position. A place shown only as a sponsored tile has none;
 * one shown both as an ad and organically keeps its rank (and `sponsored`; the sink's placeListings).
 */
export const RANKED_LISTING_SQL = 'position IS NOT NULL'

/**
 * Chart captures narrowed by `where` (bound parameters only; on the key columns sort_id, slot, place_id
 * or on category_id, which the sort decides), each (sort, slot, place) at its latest observation: the
 * rows `chart_positions FINAL` holds there. The table's key begins with the sort and the slot, so FINAL
 * merges every place's rows before a place filter applies; narrowing first and taking the latest version
 * per key is the same rows for a third of the work (one place's 120 days: 0.9 s of CPU with FINAL, 0.25
 * s this way). Filter position and sponsored outside it: they are a version's, not the key's.
 */
export function latestChartPositionsSql(where: string): string {
  // One argMax of the pair, not one per column: argMax skips NULL arguments, so a later version without
  // a position (sponsored) took the position of an earlier one, a row no capture held (sink.test.ts).
  return `SELECT sort_id, category_id, slot, place_id,
      tupleElement(latest, 1) AS position, tupleElement(latest, 2) AS sponsored
    FROM (
      SELECT sort_id, category_id, slot, place_id, argMax((position, sponsored), observed_at) AS latest
      FROM ${tables.chartPositions}
      WHERE ${where}
      GROUP BY sort_id, category_id, slot, place_id
    )`
}
