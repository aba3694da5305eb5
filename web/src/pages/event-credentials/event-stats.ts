import type { EventStat } from '@ludex/schemas'

/** Epoch ms of the day period a stat row is labelled with (the day starts at 01:00 UTC on its date). */
export function dayStartMs(date: string): number {
  return Date.parse(`${date}T01:00:00Z`)
}

/** Events per day summed over the given experiences, in date order: the Total Events chart's bars. */
export function totalsPerDay(rows: readonly EventStat[], placeIds: ReadonlySet<number>): [number, number][] {
  const byDay = new Map<number, number>()
  for (const r of rows) {
    if (!placeIds.has(r.place_id)) continue
    const t = dayStartMs(r.date)
    byDay.set(t, (byDay.get(t) ?? 0) + r.num_events)
  }
  return [...byDay.entries()].sort((a, b) => a[0] - b[0])
}

export interface PlaceEventSummary {
  /** Events of the day in progress so far (0 when none). */
  readonly today: number
  /** The last whole day with its events (null when the experience has none before today). */
  readonly lastWholeDay: { readonly date: string; readonly events: number } | null
  /** Events of the last 30 whole days (the day in progress left out). */
  readonly last30Days: number
  readonly total: number
}

const DAY_MS = 86_400_000

/**
 * One experience's figures for its card. `partialFrom` is the start of the day in progress
 * (X-Ludex-Partial-From), whose count is so far only: it is never a whole day's figure.
 */
export function placeSummary(
  rows: readonly EventStat[],
  placeId: number,
  partialFrom: number | null,
  nowMs: number,
): PlaceEventSummary {
  const mine = rows.filter((r) => r.place_id === placeId)
  const currentStart = partialFrom ?? Number.POSITIVE_INFINITY
  const whole = mine.filter((r) => dayStartMs(r.date) < currentStart)
  const last = whole.reduce<EventStat | null>((m, r) => (!m || r.date > m.date ? r : m), null)
  const windowStart = Math.min(currentStart, nowMs) - 30 * DAY_MS
  return {
    today: mine.filter((r) => dayStartMs(r.date) >= currentStart).reduce((n, r) => n + r.num_events, 0),
    lastWholeDay: last ? { date: last.date, events: last.num_events } : null,
    last30Days: whole.filter((r) => dayStartMs(r.date) >= windowStart).reduce((n, r) => n + r.num_events, 0),
    total: mine.reduce((n, r) => n + r.num_events, 0),
  }
}
