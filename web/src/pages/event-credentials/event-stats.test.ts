import type { EventStat } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { dayStartMs, placeSummary, totalsPerDay } from './event-stats.ts'

const rows: EventStat[] = [
  { place_id: 1, num_events: 10, date: '2026-10-01' },
  { place_id: 2, num_events: 5, date: '2026-10-01' },
  { place_id: 1, num_events: 7, date: '2026-11-16' },
  { place_id: 2, num_events: 1, date: '2026-11-17' },
  { place_id: 1, num_events: 3, date: '2026-11-18' },
]
// The day of 2026-11-18 is in progress (it started at 01:00 UTC).
const partialFrom = Date.UTC(2026, 10, 18, 1)
const now = Date.UTC(2026, 10, 18, 14, 3)

describe('the Total Events chart', () => {
  it('sums the shown experiences per day, days at their 01:00 UTC start', () => {
    expect(totalsPerDay(rows, new Set([1, 2]))).toEqual([
      [Date.UTC(2026, 9, 1, 1), 15],
      [Date.UTC(2026, 10, 16, 1), 7],
      [Date.UTC(2026, 10, 17, 1), 1],
      [Date.UTC(2026, 10, 18, 1), 3],
    ])
    expect(totalsPerDay(rows, new Set([2]))).toEqual([
      [Date.UTC(2026, 9, 1, 1), 5],
      [Date.UTC(2026, 10, 17, 1), 1],
    ])
    expect(dayStartMs('2026-11-18')).toBe(partialFrom)
  })
})

describe("a card's figures", () => {
  it('keeps the day in progress apart from whole days', () => {
    expect(placeSummary(rows, 1, partialFrom, now)).toEqual({
      today: 3,
      lastWholeDay: { date: '2026-11-16', events: 7 },
      // Oct 1 is more than 30 days before the day in progress.
      last30Days: 7,
      total: 20,
    })
    expect(placeSummary(rows, 2, partialFrom, now)).toEqual({
      today: 0,
      lastWholeDay: { date: '2026-11-17', events: 1 },
      last30Days: 1,
      total: 6,
    })
    expect(placeSummary(rows, 3, partialFrom, now)).toEqual({
      today: 0,
      lastWholeDay: null,
      last30Days: 0,
      total: 0,
    })
  })

  it('counts every day as whole when no day is in progress in the answer', () => {
    expect(placeSummary(rows, 1, null, now).today).toBe(0)
    expect(placeSummary(rows, 1, null, now).lastWholeDay).toEqual({ date: '2026-11-18', events: 3 })
  })
})
