import {
  dateTimeParam,
  latestDetailsSql,
  type ReadOptions,
  ROLLUP_VALUE_SQL,
  readRows,
  type StoreReader,
  tables,
} from '@ludex/pipelines/store'
import { type Granularity, type StatKind, wholePeriodSql } from '@ludex/schemas'
import { type HistoryStarts, readHistoryStarts } from './history-starts.ts'
import { averageOfPlaces, type PlaceValue } from './places-average.ts'

/*
 * Reads of /api/stats/{kind}: per-place rows of place_rollups, and the average over a set of places
 * computed in one grouped query. Each statement leaves out, per place, a period that began before the
 * place's stored history (issue 13), from the history starts bound as parameters (history-starts.ts:
 * kept for a slot, so a tag's average reads only its members' rollup rows). Values come back raw
 * (unrounded); the route applies the spec's rounding.
 * Every value is bound as a parameter; the SQL text is chosen from the store's fixed per-kind values
 * (ROLLUP_VALUE_SQL, the formulas the materialisers use too).
 */

/**
 * FINAL stays within one partition here (a rollup key never spans two months), so skip the merge. No JIT
 * of expressions: these statements are short, and compiling theirs again on every call was a quarter
 * of a tag average's engine time (4 of 18 ms, chDB's ProfileEvents).
 */
const READ_SETTINGS = { do_not_merge_across_partitions_select_final: 1, compile_expressions: 0 } as const

function read<T extends object>(store: StoreReader, options: ReadOptions<T>): Promise<T[]> {
  return readRows<T>(store, { ...options, settings: READ_SETTINGS })
}

/** A tracked place's name, creation instant (null when unknown) and players online now. */
export interface PlaceInfo {
  readonly placeId: number
  readonly name: string
  readonly createdMs: number | null
  readonly playersOnline: number
}

interface PlaceInfoRow {
  place_id: number
  name: string
  created_ms: number
  playing: number
}

/**
 * The tracked places among `ids` (those with a latest snapshot), with their latest name, creation
 * date and players online; ids Ludex does not track are absent from the map.
 */
export async function trackedPlaces(
  store: StoreReader,
  ids: readonly number[],
): Promise<Map<number, PlaceInfo>> {
  if (ids.length === 0) return new Map()
  const rows = await read<PlaceInfoRow>(store, {
    what: 'tracked places',
    query: `SELECT l.place_id AS place_id, l.playing AS playing, d.name AS name,
       toUnixTimestamp64Milli(d.created) AS created_ms
FROM (
    SELECT place_id, max(playing) AS playing FROM ${tables.placeLatest} FINAL
    WHERE place_id IN {ids:Array(UInt64)} GROUP BY place_id
) AS l
LEFT JOIN
(
    ${latestDetailsSql({ name: 'name', created: 'created_at' }, { where: 'place_id IN {ids:Array(UInt64)}' })}
) AS d USING (place_id)`,
    params: { ids },
    int64: ['place_id', 'created_ms'],
  })
  const out = new Map<number, PlaceInfo>()
  for (const r of rows) {
    const placeId = r.place_id
    const created = r.created_ms
    // A place never described joins as '' and the epoch: no name yet, creation unknown.
    out.set(placeId, {
      placeId,
      name: r.name || String(placeId),
      createdMs: created > 0 ? created : null,
      playersOnline: r.playing,
    })
  }
  return out
}

/** The rollup rows (FINAL: one row per key). */
const ROLLUP_FROM = `${tables.placeRollups} AS r FINAL`

/**
 * A row's place's history start, from the bound history starts (HistoryStarts); a place without one
 * gets the epoch, so none of its rows is left out (as `wholeFrom` does with no history).
 */
const SINCE_SQL = `toDateTime(transform(r.place_id, {hist_ids:Array(UInt64)}, {hist_since:Array(UInt32)}, toUInt32(0)), 'UTC')`

/**
 * The rows of one granularity, for some places, with bucket in [from, to] (both bucket starts) and
 * whole for their place: a period that began before the place's history is left out (issue 13), but
 * the period in progress, which the answer names anyway (X-Ludex-Partial-From), is kept.
 */
const ROLLUP_WHERE = `r.granularity = {g:String}
  AND r.place_id IN {ids:Array(UInt64)}
  AND r.bucket >= {from:DateTime('UTC')}
  AND r.bucket <= {to:DateTime('UTC')}
  AND (r.bucket >= {in_progress:DateTime('UTC')} OR ${wholePeriodSql('r.bucket', SINCE_SQL)})`

export interface RangeQuery {
  readonly granularity: Granularity
  readonly placeIds: readonly number[]
  /** First bucket start to include (epoch ms). */
  readonly fromMs: number
  /** Last instant whose bucket is included (epoch ms): a bucket starting at or before it is read. */
  readonly toMs: number
  /**
   * Start of the period in progress (epoch ms): its bucket is read even for a place whose history
   * began inside it; an earlier period that began before a place's history is left out for that place.
   */
  readonly inProgressMs: number
}

/** The store, and the process's kept history starts when it has them (else read per call). */
export type StatsReader = StoreReader & { readonly historyStarts?: HistoryStarts }

async function rangeParams(store: StatsReader, q: RangeQuery): Promise<Record<string, unknown>> {
  const starts = await (store.historyStarts?.of(q.placeIds) ?? readHistoryStarts(store, q.placeIds))
  return {
    g: q.granularity,
    ids: q.placeIds,
    hist_ids: [...starts.keys()],
    hist_since: [...starts.values()].map((ms) => Math.floor(ms / 1000)),
    from: dateTimeParam(q.fromMs),
    to: dateTimeParam(q.toMs),
    in_progress: dateTimeParam(q.inProgressMs),
  }
}

/** One place's row: bucket start (epoch ms) and the raw value(s). Likes carry up and down votes. */
export interface PlaceStatRow {
  readonly placeId: number
  readonly time: number
  readonly value: number
  /** Likes only: the down votes. */
  readonly second?: number
}

interface RawPlaceRow {
  place_id: number
  t: number
  v: number
  v2?: number
}

/** Per-place rows of a kind, in (place, time) order; buckets without a value are absent (gaps). */
export async function placeStatRows(
  store: StatsReader,
  kind: StatKind,
  q: RangeQuery,
): Promise<PlaceStatRow[]> {
  if (q.placeIds.length === 0) return []
  const select =
    kind === 'likes'
      ? `SELECT place_id, toUnixTimestamp(bucket) * 1000 AS t, up_votes_last AS v, down_votes_last AS v2
FROM ${ROLLUP_FROM}
WHERE ${ROLLUP_WHERE} AND up_votes_last IS NOT NULL AND down_votes_last IS NOT NULL`
      : // The inner value is named apart: a SELECT alias is visible in WHERE, so reusing 'v' there
        // would test the assumeNotNull() result and let NULLs through as 0.
        `SELECT place_id, t, assumeNotNull(nv) AS v FROM (
    SELECT place_id, toUnixTimestamp(bucket) * 1000 AS t, ${ROLLUP_VALUE_SQL[kind]} AS nv
    FROM ${ROLLUP_FROM}
    WHERE ${ROLLUP_WHERE}
) WHERE nv IS NOT NULL`
  const rows = await read<RawPlaceRow>(store, {
    what: `place stats ${kind}`,
    query: `${select}\nORDER BY place_id, t`,
    params: await rangeParams(store, q),
    // Likes are vote counts (UInt64); every other kind's value is a Float64.
    int64: kind === 'likes' ? ['place_id', 't', 'v', 'v2'] : ['place_id', 't'],
  })
  return rows.map((r) => ({
    placeId: r.place_id,
    time: r.t,
    value: r.v,
    ...(r.v2 !== undefined && { second: r.v2 }),
  }))
}

export interface AverageQuery extends RangeQuery {
  /**
   * true: every tracked place counts in every bucket that has data, a missing or zero value as 0, and
   * so does a place whose history began inside the bucket's period (the divisor is the number of
   * tracked places among placeIds); false: only places with a non-zero value of a whole period count.
   * Untracked ids have no rows either way, so they may be given (a tag's members).
   */
  readonly includeZeros: boolean
  readonly withPercentiles: boolean
}

/** One bucket of an average: the mean, and for likes the mean down votes, or the quartiles. */
export interface AverageRow {
  readonly time: number
  readonly value: number
  readonly second?: number
  readonly lower?: number
  readonly upper?: number
}

interface RawLikesAverageRow {
  t: number
  value: number
  v2?: number
}

/**
 * How many of the ids are tracked (have a latest snapshot): the divisor with zeros. A scalar subquery,
 * so the likes' average needs no read of it first; it is Nullable, and a count never NULL.
 */
const TRACKED_COUNT_SQL = `assumeNotNull((SELECT toUInt32(uniqExact(place_id)) FROM ${tables.placeLatest} FINAL
    WHERE place_id IN {ids:Array(UInt64)}))`

/**
 * Each place's rows of a kind (placeStatRows), by place: what an average is computed from. Given to
 * averageStatRows by a route that keeps them per place (a tag's members, `keptMemberRows` with hot
 * reads); read in one statement otherwise.
 */
export type MemberRows = (
  kind: Exclude<StatKind, 'likes'>,
  q: RangeQuery,
) => Promise<ReadonlyMap<number, readonly PlaceValue[]>>

/** The places' rows in one statement, by place. */
export async function readMemberRows(
  store: StatsReader,
  kind: Exclude<StatKind, 'likes'>,
  q: RangeQuery,
): Promise<Map<number, PlaceValue[]>> {
  const byPlace = new Map<number, PlaceValue[]>(q.placeIds.map((id) => [id, []]))
  for (const r of await placeStatRows(store, kind, q))
    byPlace.get(r.placeId)?.push({ time: r.time, value: r.value })
  return byPlace
}

/** TRACKED_COUNT_SQL read alone: the divisor of an average with zeros. */
async function trackedCount(store: StoreReader, ids: readonly number[]): Promise<number> {
  const rows = await read<{ n: number }>(store, {
    what: 'tracked count',
    query: `SELECT ${TRACKED_COUNT_SQL} AS n`,
    params: { ids },
  })
  return rows[0]?.n ?? 0
}

/**
 * The average of a kind over places, per bucket: the mean of the places' values and, with percentiles,
 * their exact quartiles (linear between order statistics), zeros included when includeZeros is set.
 * Buckets where no place has a value are absent. Given `memberRows` (the members' rows kept per member),
 * it is computed from those (places-average.ts); otherwise in one statement grouped by bucket, which
 * reads the places' rows in the engine and answers one row per bucket. Likes average up and down votes
 * apart, always in the statement.
 */
export async function averageStatRows(
  store: StatsReader,
  kind: StatKind,
  q: AverageQuery,
  memberRows?: MemberRows,
): Promise<AverageRow[]> {
  if (q.placeIds.length === 0) return []
  if (kind !== 'likes' && memberRows) {
    const [rows, tracked] = await Promise.all([
      memberRows(kind, q),
      q.includeZeros ? trackedCount(store, q.placeIds) : Promise.resolve(0),
    ])
    return averageOfPlaces(rows.values(), { ...q, tracked })
  }
  const range = await rangeParams(store, q)
  if (kind !== 'likes') return groupedAverageRows(store, kind, q, range)
  // Likes and dislikes are averaged apart: a place with likes but no dislikes counts in one only.
  const rows = await read<RawLikesAverageRow>(store, {
    what: 'average stats likes',
    query: `SELECT toUnixTimestamp(bucket) * 1000 AS t,
     if({zeros:UInt8} = 1, sum(up) / ${TRACKED_COUNT_SQL}, ifNotFinite(avgIf(up, up > 0), 0)) AS value,
     if({zeros:UInt8} = 1, sum(down) / ${TRACKED_COUNT_SQL}, ifNotFinite(avgIf(down, down > 0), 0)) AS v2
FROM (
  SELECT bucket, assumeNotNull(up_votes_last) AS up, assumeNotNull(down_votes_last) AS down
  FROM ${ROLLUP_FROM}
  WHERE ${ROLLUP_WHERE} AND up_votes_last IS NOT NULL AND down_votes_last IS NOT NULL
)
GROUP BY bucket
ORDER BY bucket`,
    params: { ...range, zeros: q.includeZeros ? 1 : 0 },
    int64: ['t'],
  })
  return rows.map((r) => ({ time: r.t, value: r.value, second: r.v2 ?? 0 }))
}

interface RawAverageRow {
  t: number
  value: number
  q?: number[]
}

/** The average in one statement grouped by bucket (averageStatRows without kept member rows). */
async function groupedAverageRows(
  store: StatsReader,
  kind: Exclude<StatKind, 'likes'>,
  q: AverageQuery,
  range: Record<string, unknown>,
): Promise<AverageRow[]> {
  // The per-place values of a bucket, whole for their place; with zeros, a missing or zero value counts.
  const values = `SELECT bucket, assumeNotNull(nv) AS v FROM (
            SELECT bucket, ${ROLLUP_VALUE_SQL[kind]} AS nv
            FROM ${ROLLUP_FROM}
            WHERE ${ROLLUP_WHERE}
        ) WHERE nv IS NOT NULL`
  const rows = await read<RawAverageRow>(store, {
    what: `average stats ${kind}`,
    query: q.includeZeros
      ? // Padded with 0 up to every tracked place, so the mean and quartiles count the missing ones.
        `SELECT t, arrayAvg(vals) AS value${q.withPercentiles ? ",\n       arrayReduce('quantilesExactInclusive(0.25, 0.75)', vals) AS q" : ''}
FROM (
    SELECT toUnixTimestamp(bucket) * 1000 AS t, arrayResize(groupArray(v), ${TRACKED_COUNT_SQL}, 0) AS vals
    FROM (${values})
    GROUP BY bucket
)
ORDER BY t`
      : // The non-zero values only: plain aggregates, and no count of the tracked places (a scalar
        // subquery is run whatever the branch; 15 % of the statement for a 200-place tag).
        `SELECT toUnixTimestamp(bucket) * 1000 AS t, avg(v) AS value${q.withPercentiles ? ',\n       quantilesExactInclusive(0.25, 0.75)(v) AS q' : ''}
FROM (${values} AND nv > 0)
GROUP BY bucket
ORDER BY t`,
    params: range,
    int64: ['t'],
  })
  return rows.map((r) => ({
    time: r.t,
    value: r.value,
    ...(r.q && { lower: r.q[0] ?? 0, upper: r.q[1] ?? 0 }),
  }))
}
