import {
  dateTimeParam,
  isoFromClickHouse,
  latestChartPositionsSql,
  RANKED_LISTING_SQL,
  readRows,
  type StoreReader,
  tables,
} from '@ludex/pipelines/store'
import { RANKING_GANTT_MERGE_GAP_MS, type rankingPeriod, type rankingSnapshot, SLOT_MS } from '@ludex/schemas'
import type { z } from 'zod'

type RankingPeriod = z.input<typeof rankingPeriod>
type RankingSnapshot = z.input<typeof rankingSnapshot>

/** Whether Ludex tracks the place (it has at least one snapshot). */
export async function isTrackedPlace(store: StoreReader, placeId: number): Promise<boolean> {
  const rows = await readRows<{ n: number }>(store, {
    what: 'is tracked',
    query: `SELECT count() AS n FROM ${tables.placeLatest} WHERE place_id = {placeId:UInt64}`,
    params: { placeId },
    int64: ['n'],
  })
  return (rows[0]?.n ?? 0) > 0
}

/** One capture of a place in a category: its best ranked position in that slot. */
export interface ChartObservation {
  readonly categoryId: number
  readonly slotMs: number
  readonly position: number
}

/**
 * Observations → gantt periods. An observation stands for its 10-minute slot; a category's
 * observations join one period while the gap between the period's end and the next slot is under
 * RANKING_GANTT_MERGE_GAP_MS (1 h), which merges hourly captures (backfill) as well as 10-minute ones
 * (live) and splits at a real absence. name is the peak (best) position of the period, y the category.
 * Input ordered by category then slot; output in the same order.
 */
export function mergeRankingPeriods(observations: readonly ChartObservation[]): RankingPeriod[] {
  const out: RankingPeriod[] = []
  let open: { categoryId: number; start: number; end: number; peak: number } | null = null
  const close = () => {
    if (!open) return
    out.push({
      start: new Date(open.start).toISOString(),
      end: new Date(open.end).toISOString(),
      name: `#${open.peak}`,
      y: open.categoryId,
    })
  }
  for (const o of observations) {
    if (open && open.categoryId === o.categoryId && o.slotMs - open.end < RANKING_GANTT_MERGE_GAP_MS) {
      open.end = Math.max(open.end, o.slotMs + SLOT_MS)
      open.peak = Math.min(open.peak, o.position)
      continue
    }
    close()
    open = { categoryId: o.categoryId, start: o.slotMs, end: o.slotMs + SLOT_MS, peak: o.position }
  }
  close()
  return out
}

/**
 * A place's positions in Ludex's chart categories (category 0 = a sort with no category is left out,
 * as are captures that showed it only as a sponsored tile, without a position) over [from, to]. Two
 * upstream sorts feeding one category in one slot count as one observation at the better position.
 */
export async function chartObservations(
  store: StoreReader,
  placeId: number,
  fromMs: number,
  toMs: number,
): Promise<ChartObservation[]> {
  const rows = await readRows<{ category_id: number; t: number; pos: number }>(store, {
    what: 'chart observations',
    query: `SELECT category_id, toUnixTimestamp(slot) AS t, min(position) AS pos
     FROM (${latestChartPositionsSql(
       `place_id = {placeId:UInt64} AND category_id != 0
       AND slot >= {from:DateTime('UTC')} AND slot <= {to:DateTime('UTC')}`,
     )})
     WHERE ${RANKED_LISTING_SQL}
     GROUP BY category_id, slot
     ORDER BY category_id, slot`,
    params: { placeId, from: dateTimeParam(fromMs), to: dateTimeParam(toMs) },
  })
  return rows.map((r) => ({ categoryId: r.category_id, slotMs: r.t * 1000, position: r.pos }))
}

/**
 * The positions of one category at the latest slot in [from, at] that captured it, ordered by
 * position; null when no slot in that range did.
 */
export async function rankingPositionsAt(
  store: StoreReader,
  categoryId: number,
  fromMs: number,
  atMs: number,
): Promise<RankingSnapshot | null> {
  const rows = await readRows<{ slot_text: string; place_id: number; pos: number }>(store, {
    what: 'ranking positions',
    query: `WITH (
       SELECT max(slot) FROM ${tables.chartPositions} FINAL
       WHERE category_id = {category:UInt8}
         AND slot >= {from:DateTime('UTC')} AND slot <= {at:DateTime('UTC')}
         AND ${RANKED_LISTING_SQL}
     ) AS latest
     SELECT toString(slot) AS slot_text, place_id, min(position) AS pos
     FROM ${tables.chartPositions} FINAL
     WHERE category_id = {category:UInt8} AND slot = latest
       AND slot >= {from:DateTime('UTC')}
       AND ${RANKED_LISTING_SQL}
     GROUP BY slot_text, place_id
     ORDER BY pos, place_id`,
    params: { category: categoryId, from: dateTimeParam(fromMs), at: dateTimeParam(atMs) },
    int64: ['place_id'],
  })
  const first = rows[0]
  if (!first) return null
  return {
    time: isoFromClickHouse(first.slot_text),
    positions: rows.map((r) => ({ place_id: r.place_id, pos: r.pos })),
  }
}

/** The first slot in [from, to] that captured the category (a visitor's clamped start), or null. */
export async function firstRankingSlot(
  store: StoreReader,
  categoryId: number,
  fromMs: number,
  toMs: number,
): Promise<number | null> {
  const rows = await readRows<{ t: number; n: number }>(store, {
    what: 'first ranking slot',
    query: `SELECT toUnixTimestamp(min(slot)) AS t, count() AS n
     FROM ${tables.chartPositions} FINAL
     WHERE category_id = {category:UInt8}
       AND slot >= {from:DateTime('UTC')} AND slot <= {to:DateTime('UTC')}
       AND ${RANKED_LISTING_SQL}`,
    params: { category: categoryId, from: dateTimeParam(fromMs), to: dateTimeParam(toMs) },
    int64: ['n'],
  })
  const row = rows[0]
  return row && row.n > 0 ? row.t * 1000 : null
}
