import type { Granularity } from '../constants/stats.ts'
import { snapUpToSlot } from './slots.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
const WEEK_MS = 7 * DAY_MS

/**
 * Period starts of the spec (part 1 §9), in epoch ms UTC:
 * - hour: HH:01. An instant at HH:00 still belongs to the hour that started at (HH-1):01.
 * - day: 01:00. The bucket is the UTC date of (ts − 1 h), starting that date at 01:00.
 * - week: Monday 01:00 of the week of (ts − 1 h); Monday, never the Sunday default.
 * - month: day 1 at 01:00 of the month of (ts − 1 h).
 * Each is the hour/date bucket of the instant shifted back by the offset, then shifted forward again,
 * which is also how `periodStartSql` writes it, so the store and the API bucket alike.
 */
export function periodStart(ts: number, g: Granularity): number {
  switch (g) {
    case 'hour':
      return floorTo(ts - MINUTE_MS, HOUR_MS) + MINUTE_MS
    case 'day':
      return floorTo(ts - HOUR_MS, DAY_MS) + HOUR_MS
    case 'week': {
      const day = Math.floor((ts - HOUR_MS) / DAY_MS)
      // 1970-01-01 was a Thursday: (day + 3) mod 7 counts days since Monday.
      return (day - mod(day + 3, 7)) * DAY_MS + HOUR_MS
    }
    case 'month': {
      const d = new Date(ts - HOUR_MS)
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1, 1)
    }
  }
}

/** Start of the period after the one holding ts. */
export function nextPeriodStart(ts: number, g: Granularity): number {
  const start = periodStart(ts, g)
  switch (g) {
    case 'hour':
      return start + HOUR_MS
    case 'day':
      return start + DAY_MS
    case 'week':
      return start + WEEK_MS
    case 'month': {
      const d = new Date(start)
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 1)
    }
  }
}

/**
 * Start of the last completed period at `nowMs`: the one before the period in progress (part 2 §2.5,
 * the compare table's 'last completed day/week/month'). A period completes at the next one's start, so
 * at 01:00 UTC exactly the day before is complete, and at 00:59 it is still the day before that.
 */
export function lastCompletedPeriodStart(nowMs: number, g: Granularity): number {
  return periodStart(periodStart(nowMs, g) - 1, g)
}

/** The first period start at or after ms: ms itself when a period starts there, else the next start. */
export function periodStartAtOrAfter(ms: number, g: Granularity): number {
  return periodStart(ms, g) === ms ? ms : nextPeriodStart(ms, g)
}

/**
 * The first period that history starting at `historyStartMs` (the first stored 10-minute slot) covers
 * whole: the period holding that slot when the slot is the period's first one, else the next period.
 * A period's first slot is its start rounded up to a slot: 01:00 for a day, HH:10 for the hour that
 * starts at HH:01 (the slot at HH:00 closes the hour before). A period that began before the history
 * did holds only part of its slots, so its average or last value describes part of it (issue 13).
 */
export function firstWholePeriodStart(historyStartMs: number, g: Granularity): number {
  const start = periodStart(historyStartMs, g)
  return snapUpToSlot(start) >= historyStartMs ? start : nextPeriodStart(start, g)
}

/**
 * The same rule as a ClickHouse condition on one period, for reads that join each series' history
 * start into the statement: true when the period starting at `periodStartColumn` is whole for a history
 * whose first slot is `historyStartColumn` (both DateTime('UTC'), ours, never user input), i.e. when
 * that period starts at or after `firstWholePeriodStart`: the history began by the period's first slot
 * (its start rounded up to a 10-minute slot).
 */
export function wholePeriodSql(periodStartColumn: string, historyStartColumn: string): string {
  return `toStartOfTenMinutes(${periodStartColumn} + INTERVAL 599 SECOND) >= ${historyStartColumn}`
}

/**
 * Starts of every period that overlaps the half-open range [from, to), in order: the first is the
 * start of the period holding `from` (which may lie before `from`). Empty when to ≤ from.
 */
export function periodStartsBetween(from: number, to: number, g: Granularity): number[] {
  const out: number[] = []
  if (to <= from) return out
  for (let p = periodStart(from, g); p < to; p = nextPeriodStart(p, g)) out.push(p)
  return out
}

/**
 * The same rule as a ClickHouse expression, for materialisers and read queries:
 * `periodStartSql('day', 'slot')`. The argument must be a DateTime('UTC') column or expression (toDate
 * and toMonday use its time zone). It is inlined as SQL, so it is ours, never user input; anything but a
 * plain column name is parenthesised.
 */
export function periodStartSql(g: Granularity, column: string): string {
  const c = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(column) ? column : `(${column})`
  switch (g) {
    case 'hour':
      return `toStartOfHour(${c} - INTERVAL 1 MINUTE) + INTERVAL 1 MINUTE`
    case 'day':
      return `toDateTime(toDate(${c} - INTERVAL 1 HOUR), 'UTC') + INTERVAL 1 HOUR`
    case 'week':
      return `toDateTime(toMonday(${c} - INTERVAL 1 HOUR), 'UTC') + INTERVAL 1 HOUR`
    case 'month':
      return `toDateTime(toStartOfMonth(${c} - INTERVAL 1 HOUR), 'UTC') + INTERVAL 1 HOUR`
  }
}

function floorTo(v: number, step: number): number {
  return Math.floor(v / step) * step
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n
}
