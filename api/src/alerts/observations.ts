import {
  averageCcuSql,
  dateTime64Param,
  dateTimeParam,
  RANKED_LISTING_SQL,
  readRows,
  type StoreReader,
  tables,
} from '@ludex/pipelines/store'
import type { CcuPoint, ChartCapture, Observed } from './rules.ts'

/*
 * What the rules read from the analytics store, for many experiences at once. Every read is bounded
 * by the window being evaluated (plus the observation just before it, the baseline a change is
 * measured from) and takes bound parameters only.
 */

/**
 * The newest slot the materialiser has rolled up: alerts are evaluated up to it, so a slot is
 * evaluated once its rollups landed. Without FINAL: a recompute only ever replaces a bucket's
 * last_slot with the same or a later one, so the maximum is the same either way and cheaper.
 */
export async function latestRolledUpSlot(store: StoreReader): Promise<number | null> {
  const rows = await readRows<{ t: number }>(store, {
    what: 'alerts: latest rolled-up slot',
    query: `SELECT toUnixTimestamp(max(last_slot)) AS t FROM ${tables.placeRollups}
     WHERE granularity = 'hour' HAVING count() > 0`,
  })
  const t = rows[0]?.t
  return t ? t * 1000 : null
}

/** The experiences' current names (their latest details). */
export async function placeNames(
  store: StoreReader,
  placeIds: readonly number[],
): Promise<Map<number, string>> {
  if (placeIds.length === 0) return new Map()
  const rows = await readRows<{ place_id: number; name: string }>(store, {
    what: 'alerts: names',
    query: `SELECT place_id, argMax(name, observed_at) AS name FROM ${tables.placeDetails} FINAL
     WHERE place_id IN {ids:Array(UInt64)} GROUP BY place_id`,
    params: { ids: placeIds },
    int64: ['place_id'],
  })
  return new Map(rows.map((r) => [r.place_id, r.name]))
}

/** Each experience's CCU per slot in [fromMs, toMs]. */
export async function ccuPoints(
  store: StoreReader,
  placeIds: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<Map<number, CcuPoint[]>> {
  const out = new Map<number, CcuPoint[]>()
  if (placeIds.length === 0) return out
  const rows = await readRows<{ place_id: number; t: number; ccu: number }>(store, {
    what: 'alerts: ccu points',
    query: `SELECT place_id, toUnixTimestamp(slot) AS t, playing AS ccu FROM ${tables.placeSnapshots} FINAL
     WHERE place_id IN {ids:Array(UInt64)} AND slot >= {from:DateTime('UTC')} AND slot <= {to:DateTime('UTC')}
     ORDER BY place_id, slot`,
    params: { ids: placeIds, from: dateTimeParam(fromMs), to: dateTimeParam(toMs) },
    int64: ['place_id'],
  })
  for (const r of rows) {
    const list = out.get(r.place_id) ?? []
    list.push({ slotMs: r.t * 1000, ccu: r.ccu })
    out.set(r.place_id, list)
  }
  return out
}

/** Each experience's exact average CCU in the given buckets of a granularity ('day' or 'week'). */
export async function bucketAverages(
  store: StoreReader,
  placeIds: readonly number[],
  granularity: 'day' | 'week',
  bucketsMs: readonly number[],
): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>()
  if (placeIds.length === 0) return out
  const rows = await readRows<{ place_id: number; t: number; avg: number }>(store, {
    what: 'alerts: bucket averages',
    query: `SELECT place_id, toUnixTimestamp(bucket) AS t, ${averageCcuSql()} AS avg FROM ${tables.placeRollups} FINAL
     WHERE granularity = {g:String} AND place_id IN {ids:Array(UInt64)}
       AND bucket IN {buckets:Array(DateTime('UTC'))} AND samples > 0`,
    params: { g: granularity, ids: placeIds, buckets: bucketsMs.map(dateTimeParam) },
    int64: ['place_id'],
  })
  for (const r of rows) {
    const m = out.get(r.place_id) ?? new Map<number, number>()
    m.set(r.t * 1000, r.avg)
    out.set(r.place_id, m)
  }
  return out
}

/**
 * The captures of a chart category in [fromMs, toMs], each with the best non-sponsored position of
 * every experience it listed (two upstream sorts of one category in one slot count once, at the
 * better position, as the rankings read them).
 */
export async function chartCaptures(
  store: StoreReader,
  categoryId: number,
  fromMs: number,
  toMs: number,
): Promise<ChartCapture[]> {
  const rows = await readRows<{ t: number; place_id: number; pos: number }>(store, {
    what: 'alerts: chart captures',
    query: `SELECT toUnixTimestamp(slot) AS t, place_id, min(position) AS pos FROM ${tables.chartPositions} FINAL
     WHERE category_id = {c:UInt8} AND slot >= {from:DateTime('UTC')} AND slot <= {to:DateTime('UTC')}
       AND ${RANKED_LISTING_SQL}
     GROUP BY slot, place_id ORDER BY slot`,
    params: { c: categoryId, from: dateTimeParam(fromMs), to: dateTimeParam(toMs) },
    int64: ['place_id'],
  })
  const bySlot = new Map<number, Map<number, number>>()
  for (const r of rows) {
    const m = bySlot.get(r.t * 1000) ?? new Map<number, number>()
    m.set(r.place_id, r.pos)
    bySlot.set(r.t * 1000, m)
  }
  return [...bySlot].map(([slotMs, positions]) => ({ slotMs, positions }))
}

export interface DetailSeries {
  readonly prices: Observed<number>[]
  readonly updated: Observed<number>[]
}

/**
 * Each experience's detail observations in (fromMs, toMs], after the last one before fromMs (the
 * baseline): price and `updated` time.
 */
export async function detailSeries(
  store: StoreReader,
  placeIds: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<Map<number, DetailSeries>> {
  const out = new Map<number, DetailSeries>()
  if (placeIds.length === 0) return out
  const params = { ids: placeIds, from: dateTime64Param(fromMs), to: dateTime64Param(toMs) }
  const rows = await readRows<{ place_id: number; at: number; price: number; updated: number }>(store, {
    what: 'alerts: detail series',
    query: `SELECT place_id, toUnixTimestamp64Milli(observed_at) AS at, price, toUnixTimestamp64Milli(updated_at) AS updated
     FROM ${tables.placeDetails} FINAL
     WHERE place_id IN {ids:Array(UInt64)} AND observed_at > {from:DateTime64(3)} AND observed_at <= {to:DateTime64(3)}
     UNION ALL
     SELECT place_id, toUnixTimestamp64Milli(max(observed_at)) AS at, argMax(price, observed_at) AS price,
       toUnixTimestamp64Milli(argMax(updated_at, observed_at)) AS updated
     FROM ${tables.placeDetails} FINAL
     WHERE place_id IN {ids:Array(UInt64)} AND observed_at <= {from:DateTime64(3)}
     GROUP BY place_id`,
    params,
    int64: ['place_id', 'at', 'price', 'updated'],
  })
  for (const r of rows) {
    const s = out.get(r.place_id) ?? { prices: [], updated: [] }
    s.prices.push({ atMs: r.at, value: r.price })
    s.updated.push({ atMs: r.at, value: r.updated })
    out.set(r.place_id, s)
  }
  return out
}

/** Each experience's thumbnail observations per image type, in (fromMs, toMs] after a baseline. */
export async function thumbnailSeries(
  store: StoreReader,
  placeIds: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<Map<number, Map<string, Observed<string>[]>>> {
  const out = new Map<number, Map<string, Observed<string>[]>>()
  if (placeIds.length === 0) return out
  const rows = await readRows<{ place_id: number; type: string; at: number; hash: string }>(store, {
    what: 'alerts: thumbnail series',
    query: `SELECT place_id, type, toUnixTimestamp64Milli(observed_at) AS at, hash FROM ${tables.placeThumbnails} FINAL
     WHERE place_id IN {ids:Array(UInt64)} AND observed_at > {from:DateTime64(3)} AND observed_at <= {to:DateTime64(3)}
     UNION ALL
     SELECT place_id, type, toUnixTimestamp64Milli(max(observed_at)) AS at, argMax(hash, observed_at) AS hash
     FROM ${tables.placeThumbnails} FINAL
     WHERE place_id IN {ids:Array(UInt64)} AND observed_at <= {from:DateTime64(3)}
     GROUP BY place_id, type`,
    params: { ids: placeIds, from: dateTime64Param(fromMs), to: dateTime64Param(toMs) },
    int64: ['place_id', 'at'],
  })
  for (const r of rows) {
    const byType = out.get(r.place_id) ?? new Map<string, Observed<string>[]>()
    const list = byType.get(r.type) ?? []
    list.push({ atMs: r.at, value: r.hash })
    byType.set(r.type, list)
    out.set(r.place_id, byType)
  }
  return out
}
