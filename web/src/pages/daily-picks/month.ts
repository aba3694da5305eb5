import {
  DAILY_PICKS_FLOOR_MONTH,
  type DailyPicksEvent,
  dailyPicksEventOn,
  UNSIGNED_DAILY_PICKS_DAYS,
} from '@ludex/schemas'

/** A calendar month (month 1 to 12). Days are UTC dates, the dates the platform's picks are kept by. */
export interface Month {
  readonly year: number
  readonly month: number
}

const DAY_MS = 86_400_000
const pad = (n: number) => String(n).padStart(2, '0')

/** 'YYYY-MM', the month's form in the page address (?month=2025-01). */
export function monthKey(m: Month): string {
  return `${m.year}-${pad(m.month)}`
}

export function parseMonthKey(value: string | null | undefined): Month | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '')
  if (!match) return null
  const month = Number(match[2])
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null
}

/** The month of a 'YYYY-MM-DD' date. */
export function monthOf(day: string): Month {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) }
}

export function compareMonths(a: Month, b: Month): number {
  return a.year - b.year || a.month - b.month
}

export function addMonths(m: Month, n: number): Month {
  const index = m.year * 12 + (m.month - 1) + n
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

/** The UTC date ('YYYY-MM-DD') of an instant. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** Every date of the month, in order. */
export function daysOf(m: Month): string[] {
  const count = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate()
  return Array.from({ length: count }, (_, i) => `${monthKey(m)}-${pad(i + 1)}`)
}

/** Weekday of a date, Monday 1 … Sunday 7 (the calendar's columns). */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1
}

/** Previous Month is disabled at or before September 2024, the month the picks start (part 2 §4). */
export function hasPreviousMonth(m: Month): boolean {
  return compareMonths(m, DAILY_PICKS_FLOOR_MONTH) > 0
}

/** Next Month is disabled for the current month or later (part 2 §4). */
export function hasNextMonth(m: Month, today: string): boolean {
  return compareMonths(m, monthOf(today)) < 0
}

/**
 * The month an address asks for, kept between the first month of picks and the current one; none or
 * an unreadable one is the current month.
 */
export function monthToShow(requested: string | null, today: string): Month {
  const current = monthOf(today)
  const m = parseMonthKey(requested)
  if (!m || compareMonths(m, current) > 0) return current
  return compareMonths(m, DAILY_PICKS_FLOOR_MONTH) < 0 ? DAILY_PICKS_FLOOR_MONTH : m
}

/**
 * The first date a visitor may browse: about 28 days back (part 2 §9; the prompt speaks of 30, the
 * server's window of every dated answer, which this stays inside).
 */
export function visitorFirstDay(today: string): string {
  return isoDay(Date.parse(`${today}T00:00:00Z`) - UNSIGNED_DAILY_PICKS_DAYS * DAY_MS)
}

/** Whether any date of the month is out of a visitor's reach. */
export function reachesBeyondVisitor(m: Month, today: string): boolean {
  return (daysOf(m)[0] ?? '') < visitorFirstDay(today)
}

/** Whether a visitor may open the month at all (any of its dates is in reach). */
export function visitorMayOpen(m: Month, today: string): boolean {
  return (daysOf(m).at(-1) ?? '') >= visitorFirstDay(today)
}

/**
 * What a day of the month view shows (part 2 §4, §8): its picks; for a visitor, a date beyond reach is
 * locked; an empty date is 'future' from today on (the day's picks may still come), an event's when
 * inside one of the platform's events, otherwise none.
 */
export type DayView<P> =
  | { readonly kind: 'picks'; readonly places: readonly P[] }
  | { readonly kind: 'locked' }
  | { readonly kind: 'future' }
  | { readonly kind: 'event'; readonly event: DailyPicksEvent }
  | { readonly kind: 'none' }

export function dayView<P>(
  day: string,
  today: string,
  places: readonly P[] | undefined,
  visitorFrom: string | null,
): DayView<P> {
  if (visitorFrom !== null && day < visitorFrom) return { kind: 'locked' }
  if (places && places.length > 0) return { kind: 'picks', places }
  if (day >= today) return { kind: 'future' }
  const event = dailyPicksEventOn(day)
  return event ? { kind: 'event', event } : { kind: 'none' }
}

/**
 * The dates the month view asks the server for: the month up to today, for a visitor from the first
 * date in reach; null when nothing of the month can be shown (a visitor's month wholly beyond reach).
 */
export function picksRequest(m: Month, today: string, visitor: boolean): { from: string; to: string } | null {
  const days = daysOf(m)
  let from = days[0] ?? today
  const last = days.at(-1) ?? today
  const to = last < today ? last : today
  if (visitor) {
    const first = visitorFirstDay(today)
    if (first > from) from = first
  }
  return from <= to ? { from, to } : null
}
