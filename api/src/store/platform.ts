import { dateTimeParam, isoFromClickHouse, readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import {
  type Granularity,
  type genreDistribution,
  type MovementType,
  type movementEntry,
  nextPeriodStart,
  periodStartSql,
  type platformCcuPoint,
} from '@ludex/schemas'
import type { z } from 'zod'

type PlatformCcuPoint = z.input<typeof platformCcuPoint>
type GenreDistribution = z.input<typeof genreDistribution>
type MovementEntry = z.input<typeof movementEntry>

/**
 * Tracked CCU per period: the average of each period's platform_ccu slots, floored, for the periods
 * whose starts lie in [fromMs, toMs]. Each period is read whole (its slots from its start to the next
 * start), so a period the range cuts is never an average of part of it. Periods without a slot are
 * absent (a gap, never a zero).
 */
export async function platformCcu(
  store: StoreReader,
  granularity: Granularity,
  fromMs: number,
  toMs: number,
): Promise<PlatformCcuPoint[]> {
  if (toMs < fromMs) return []
  // periodStartSql is our own fixed text for a validated enum value, never request input.
  const rows = await readRows<{ time: string; ccu: number }>(store, {
    what: 'platform ccu',
    query: `SELECT toString(${periodStartSql(granularity, 'slot')}) AS time, floor(avg(tracked_ccu)) AS ccu
     FROM ${tables.platformCcu} FINAL
     WHERE slot >= {from:DateTime('UTC')} AND slot < {until:DateTime('UTC')}
     GROUP BY time
     ORDER BY time`,
    params: { from: dateTimeParam(fromMs), until: dateTimeParam(nextPeriodStart(toMs, granularity)) },
  })
  return rows.map((r) => ({ time: isoFromClickHouse(r.time), ccu: r.ccu }))
}

/**
 * The first slot of the platform's stored history (epoch ms), or null before the first sweep: where
 * the platform-wide series (tracked CCU, genre averages) begin. Read in the table's order, so it costs
 * one granule, not a scan.
 */
export async function platformHistoryStartMs(store: StoreReader): Promise<number | null> {
  const rows = await readRows<{ ms: number }>(store, {
    what: 'platform history start',
    query: `SELECT toUnixTimestamp(slot) * 1000 AS ms FROM ${tables.platformCcu} ORDER BY slot LIMIT 1`,
    params: {},
    int64: ['ms'],
  })
  return rows[0]?.ms ?? null
}

interface GenreRow {
  slot_text: string
  genre: string
  genre_l2: string
  ccu: number
  share: number
  parent_share: number
}

const byCcuThenName = (a: { ccu: number; name: string }, b: { ccu: number; name: string }) =>
  b.ccu - a.ccu || a.name.localeCompare(b.name)

/** Shares are ratios of integers: keep float noise from stepping past 1. */
const fraction = (v: number) => Math.min(1, Math.max(0, v))

/**
 * The platform's genre distribution at the latest complete slot up to `now` (one with a platform_ccu
 * row, written after a full sweep) that the materialiser has distributed: genre rows with their share
 * of the platform, each with its genre_l2 children and their share of the parent.
 */
export async function currentGenreDistribution(
  store: StoreReader,
  nowMs: number,
): Promise<GenreDistribution> {
  const rows = await readRows<GenreRow>(store, {
    what: 'current genre distribution',
    query: `SELECT toString(slot) AS slot_text, genre, genre_l2, ccu, share, parent_share
     FROM ${tables.genreDistribution} FINAL
     WHERE slot = (
       SELECT max(slot) FROM ${tables.genreDistribution} FINAL
       WHERE slot <= {now:DateTime('UTC')}
         AND slot IN (SELECT slot FROM ${tables.platformCcu} FINAL WHERE slot <= {now:DateTime('UTC')})
     )`,
    params: { now: dateTimeParam(nowMs) },
    int64: ['ccu'],
  })
  const first = rows[0]
  if (!first) return { time: null, genres: [] }
  const genres = new Map<string, GenreDistribution['genres'][number]>()
  for (const r of rows) {
    if (r.genre_l2 !== '') continue
    genres.set(r.genre, { name: r.genre, ccu: r.ccu, share: fraction(r.share), children: [] })
  }
  for (const r of rows) {
    if (r.genre_l2 === '') continue
    genres.get(r.genre)?.children.push({ name: r.genre_l2, ccu: r.ccu, share: fraction(r.parent_share) })
  }
  const list = [...genres.values()].sort(byCcuThenName)
  for (const g of list) g.children.sort(byCcuThenName)
  return { time: isoFromClickHouse(first.slot_text), genres: list }
}

interface MovementRow {
  place_id: number
  rank: number | null
  gain: number | null
  old_rank: number | null
}

/**
 * Top-100 entries (ordered by rank) or exits (ordered by their old rank) of the latest day up to
 * `today` that has movement rows: ranks compared with 7 days earlier (see 022_movement.sql).
 */
export async function top100Movement(
  store: StoreReader,
  type: MovementType,
  today: string,
): Promise<MovementEntry[]> {
  // Two fixed orders, picked by a validated enum value (never request text in SQL).
  const order = type === 'top100entry' ? 'rank ASC, place_id ASC' : 'old_rank ASC, place_id ASC'
  const rows = await readRows<MovementRow>(store, {
    what: 'top-100 movement',
    query: `SELECT place_id, rank, gain, old_rank
     FROM ${tables.top100Movement} FINAL
     WHERE type = {type:String}
       AND day = (SELECT max(day) FROM ${tables.top100Movement} FINAL WHERE day <= {today:Date})
     ORDER BY ${order}`,
    params: { type, today },
    int64: ['place_id', 'gain'],
  })
  return rows.map((r) => ({ place_id: r.place_id, rank: r.rank, gain: r.gain, old_rank: r.old_rank }))
}
