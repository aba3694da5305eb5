import { describe, expect, it } from 'vitest'
import { GRANULARITIES } from '../constants/stats.ts'
import {
  firstWholePeriodStart,
  lastCompletedPeriodStart,
  nextPeriodStart,
  periodStart,
  periodStartAtOrAfter,
  periodStartSql,
  periodStartsBetween,
  wholePeriodSql,
} from './periods.ts'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()

describe('periodStart hour', () => {
  it.each([
    ['2024-05-10T10:00:00.000Z', '2024-05-10T09:01:00.000Z'],
    ['2024-05-10T10:00:59.999Z', '2024-05-10T09:01:00.000Z'],
    ['2024-05-10T10:01:00.000Z', '2024-05-10T10:01:00.000Z'],
    ['2024-05-10T10:30:00.000Z', '2024-05-10T10:01:00.000Z'],
    ['2024-05-10T11:00:00.000Z', '2024-05-10T10:01:00.000Z'],
    ['2024-01-01T00:00:00.000Z', '2023-12-31T23:01:00.000Z'],
    ['2024-01-01T00:01:00.000Z', '2024-01-01T00:01:00.000Z'],
  ])('%s → %s', (ts, start) => {
    expect(iso(periodStart(at(ts), 'hour'))).toBe(start)
  })
})

describe('periodStart day', () => {
  it.each([
    ['2024-03-10T00:59:59.999Z', '2024-03-09T01:00:00.000Z'],
    ['2024-03-10T01:00:00.000Z', '2024-03-10T01:00:00.000Z'],
    ['2024-03-10T23:59:59.999Z', '2024-03-10T01:00:00.000Z'],
    ['2024-03-11T00:00:00.000Z', '2024-03-10T01:00:00.000Z'],
    ['2024-03-01T00:30:00.000Z', '2024-02-29T01:00:00.000Z'],
    ['2025-01-01T00:00:00.000Z', '2024-12-31T01:00:00.000Z'],
  ])('%s → %s', (ts, start) => {
    expect(iso(periodStart(at(ts), 'day'))).toBe(start)
  })
})

describe('periodStart week (Monday 01:00, never Sunday)', () => {
  // 2024-01-01 is a Monday.
  it.each([
    ['2024-01-01T00:59:59.999Z', '2023-12-25T01:00:00.000Z'],
    ['2024-01-01T01:00:00.000Z', '2024-01-01T01:00:00.000Z'],
    ['2024-01-03T12:00:00.000Z', '2024-01-01T01:00:00.000Z'],
    ['2024-01-07T00:00:00.000Z', '2024-01-01T01:00:00.000Z'],
    ['2024-01-07T23:59:59.999Z', '2024-01-01T01:00:00.000Z'],
    ['2024-01-08T00:30:00.000Z', '2024-01-01T01:00:00.000Z'],
    ['2024-01-08T01:00:00.000Z', '2024-01-08T01:00:00.000Z'],
    ['2024-03-01T00:30:00.000Z', '2024-02-26T01:00:00.000Z'],
    // Before the epoch: 1969-12-29 was a Monday.
    ['1969-12-31T12:00:00.000Z', '1969-12-29T01:00:00.000Z'],
  ])('%s → %s', (ts, start) => {
    expect(iso(periodStart(at(ts), 'week'))).toBe(start)
  })

  it('always lands on a Monday at 01:00', () => {
    for (let ts = at('2023-12-20T00:00:00Z'); ts < at('2024-02-10T00:00:00Z'); ts += 37 * 60_000) {
      const d = new Date(periodStart(ts, 'week'))
      expect(d.getUTCDay()).toBe(1)
      expect(d.getUTCHours()).toBe(1)
      expect(d.getUTCMinutes()).toBe(0)
    }
  })
})

describe('periodStart month', () => {
  it.each([
    ['2024-03-01T00:59:59.999Z', '2024-02-01T01:00:00.000Z'],
    ['2024-03-01T01:00:00.000Z', '2024-03-01T01:00:00.000Z'],
    ['2024-02-29T12:00:00.000Z', '2024-02-01T01:00:00.000Z'],
    ['2024-02-29T23:59:59.999Z', '2024-02-01T01:00:00.000Z'],
    ['2024-01-31T23:00:00.000Z', '2024-01-01T01:00:00.000Z'],
    ['2024-01-01T00:30:00.000Z', '2023-12-01T01:00:00.000Z'],
    ['2023-03-01T00:30:00.000Z', '2023-02-01T01:00:00.000Z'],
  ])('%s → %s', (ts, start) => {
    expect(iso(periodStart(at(ts), 'month'))).toBe(start)
  })
})

describe('period invariants', () => {
  const samples: number[] = []
  for (let i = 0; i < 3000; i++) samples.push(at('2019-06-15T00:00:00Z') + i * 7_919_333)

  it.each(GRANULARITIES)('%s: start ≤ ts < next, and the start is its own start', (g) => {
    for (const ts of samples) {
      const start = periodStart(ts, g)
      const next = nextPeriodStart(ts, g)
      expect(start).toBeLessThanOrEqual(ts)
      expect(ts).toBeLessThan(next)
      expect(periodStart(start, g)).toBe(start)
      expect(periodStart(next - 1, g)).toBe(start)
      expect(periodStart(next, g)).toBe(next)
    }
  })
})

describe('nextPeriodStart', () => {
  it.each([
    ['2024-01-31T12:00:00Z', 'month', '2024-02-01T01:00:00.000Z'],
    ['2024-02-15T12:00:00Z', 'month', '2024-03-01T01:00:00.000Z'],
    ['2024-12-31T23:00:00Z', 'month', '2025-01-01T01:00:00.000Z'],
    ['2025-01-01T00:30:00Z', 'month', '2025-01-01T01:00:00.000Z'],
    ['2024-01-07T23:00:00Z', 'week', '2024-01-08T01:00:00.000Z'],
    ['2024-02-28T05:00:00Z', 'day', '2024-02-29T01:00:00.000Z'],
    ['2024-05-10T10:00:00Z', 'hour', '2024-05-10T10:01:00.000Z'],
  ] as const)('%s %s → %s', (ts, g, next) => {
    expect(iso(nextPeriodStart(at(ts), g))).toBe(next)
  })
})

describe('periodStartsBetween', () => {
  it('lists the periods overlapping [from, to), the first one starting before from', () => {
    const starts = periodStartsBetween(at('2024-03-01T00:30:00Z'), at('2024-03-03T01:00:00Z'), 'day')
    expect(starts.map(iso)).toEqual([
      '2024-02-29T01:00:00.000Z',
      '2024-03-01T01:00:00.000Z',
      '2024-03-02T01:00:00.000Z',
    ])
  })

  it('crosses a year in months', () => {
    const starts = periodStartsBetween(at('2024-11-10T00:00:00Z'), at('2025-02-01T01:00:01Z'), 'month')
    expect(starts.map(iso)).toEqual([
      '2024-11-01T01:00:00.000Z',
      '2024-12-01T01:00:00.000Z',
      '2025-01-01T01:00:00.000Z',
      '2025-02-01T01:00:00.000Z',
    ])
  })

  it('is empty when to ≤ from', () => {
    expect(periodStartsBetween(at('2024-03-02T00:00:00Z'), at('2024-03-02T00:00:00Z'), 'hour')).toEqual([])
    expect(periodStartsBetween(at('2024-03-02T00:00:00Z'), at('2024-03-01T00:00:00Z'), 'day')).toEqual([])
  })

  it('counts 168 hours in a week and each start follows the previous one', () => {
    const starts = periodStartsBetween(at('2024-01-01T01:01:00Z'), at('2024-01-08T01:01:00Z'), 'hour')
    expect(starts).toHaveLength(168)
    for (let i = 1; i < starts.length; i++) expect(starts[i]).toBe(nextPeriodStart(starts[i - 1]!, 'hour'))
  })
})

describe('periodStartSql', () => {
  it('writes the rule for a column', () => {
    expect(periodStartSql('hour', 'slot')).toBe('toStartOfHour(slot - INTERVAL 1 MINUTE) + INTERVAL 1 MINUTE')
    expect(periodStartSql('day', 'slot')).toBe(
      "toDateTime(toDate(slot - INTERVAL 1 HOUR), 'UTC') + INTERVAL 1 HOUR",
    )
    expect(periodStartSql('week', 'slot')).toBe(
      "toDateTime(toMonday(slot - INTERVAL 1 HOUR), 'UTC') + INTERVAL 1 HOUR",
    )
    expect(periodStartSql('month', 's.ts')).toBe(
      "toDateTime(toStartOfMonth(s.ts - INTERVAL 1 HOUR), 'UTC') + INTERVAL 1 HOUR",
    )
  })

  it('parenthesises an expression so the interval applies to all of it', () => {
    expect(periodStartSql('hour', "toDateTime(ts, 'UTC')")).toBe(
      "toStartOfHour((toDateTime(ts, 'UTC')) - INTERVAL 1 MINUTE) + INTERVAL 1 MINUTE",
    )
  })
})

describe('periodStartAtOrAfter', () => {
  it.each([
    // A period start is its own answer; any later instant moves to the next start.
    ['day', '2026-06-01T01:00:00.000Z', '2026-06-01T01:00:00.000Z'],
    ['day', '2026-06-01T00:59:59.999Z', '2026-06-01T01:00:00.000Z'],
    ['day', '2026-06-01T01:00:00.001Z', '2026-06-02T01:00:00.000Z'],
    ['hour', '2026-06-01T01:00:00.000Z', '2026-06-01T01:01:00.000Z'],
    ['week', '2026-06-01T01:10:00.000Z', '2026-06-08T01:00:00.000Z'],
    ['month', '2026-05-02T01:00:00.000Z', '2026-06-01T01:00:00.000Z'],
    ['month', '2026-06-01T01:00:00.000Z', '2026-06-01T01:00:00.000Z'],
  ] as const)('%s from %s is %s', (g, from, expected) => {
    expect(iso(periodStartAtOrAfter(at(from), g))).toBe(expected)
  })
})

describe('firstWholePeriodStart (issue 13: a history that begins inside a period)', () => {
  it.each([
    // History from a period's first slot: that period is whole.
    ['day', '2026-06-01T01:00:00.000Z', '2026-06-01T01:00:00.000Z'],
    ['week', '2026-06-01T01:00:00.000Z', '2026-06-01T01:00:00.000Z'],
    ['month', '2026-06-01T01:00:00.000Z', '2026-06-01T01:00:00.000Z'],
    // From the slot after 01:00 (01:10), or the last slot of the day before (00:50): the day that
    // holds it lacks slots, so the next one is the first whole day.
    ['day', '2026-06-01T01:10:00.000Z', '2026-06-02T01:00:00.000Z'],
    ['day', '2026-06-01T00:50:00.000Z', '2026-06-01T01:00:00.000Z'],
    ['week', '2026-06-01T01:10:00.000Z', '2026-06-08T01:00:00.000Z'],
    ['week', '2026-06-01T00:50:00.000Z', '2026-06-01T01:00:00.000Z'],
    ['month', '2026-06-01T01:10:00.000Z', '2026-07-01T01:00:00.000Z'],
    ['month', '2026-06-01T00:50:00.000Z', '2026-06-01T01:00:00.000Z'],
    // Hours start at HH:01 and their first slot is HH:10 (HH:00 closes the hour before).
    ['hour', '2026-06-01T01:10:00.000Z', '2026-06-01T01:01:00.000Z'],
    ['hour', '2026-06-01T01:00:00.000Z', '2026-06-01T01:01:00.000Z'],
    ['hour', '2026-06-01T01:20:00.000Z', '2026-06-01T02:01:00.000Z'],
    // A backfill that began mid-day (the 30-day history): the next day is the first whole one.
    ['day', '2026-04-29T13:20:00.000Z', '2026-04-30T01:00:00.000Z'],
  ] as const)('%s with history from %s: %s', (g, historyStart, expected) => {
    expect(iso(firstWholePeriodStart(at(historyStart), g))).toBe(expected)
  })
})

describe('wholePeriodSql', () => {
  // Its agreement with firstWholePeriodStart is checked on chDB in pipelines' store fragment tests.
  it('compares the period’s first slot with the history start', () => {
    expect(wholePeriodSql('r.bucket', 'h.since')).toBe(
      'toStartOfTenMinutes(r.bucket + INTERVAL 599 SECOND) >= h.since',
    )
  })
})

describe('lastCompletedPeriodStart (the compare table, part 2 §2.5)', () => {
  // Around 01:00 UTC, where days, weeks (Monday) and months (day 1) turn.
  it.each([
    // 2025-03-03 is a Monday; 2025-03-01 a Saturday.
    ['day', '2025-03-03T00:59:59.999Z', '2025-03-01T01:00:00.000Z'],
    ['day', '2025-03-03T01:00:00.000Z', '2025-03-02T01:00:00.000Z'],
    ['day', '2025-03-03T01:00:00.001Z', '2025-03-02T01:00:00.000Z'],
    ['week', '2025-03-03T00:59:59.999Z', '2025-02-17T01:00:00.000Z'],
    ['week', '2025-03-03T01:00:00.000Z', '2025-02-24T01:00:00.000Z'],
    ['week', '2025-03-09T23:00:00.000Z', '2025-02-24T01:00:00.000Z'],
    ['month', '2025-03-01T00:59:59.999Z', '2025-01-01T01:00:00.000Z'],
    ['month', '2025-03-01T01:00:00.000Z', '2025-02-01T01:00:00.000Z'],
    // Across a year, and a leap February.
    ['month', '2025-01-01T00:30:00.000Z', '2024-11-01T01:00:00.000Z'],
    ['month', '2025-01-01T01:00:00.000Z', '2024-12-01T01:00:00.000Z'],
    ['day', '2024-03-01T00:59:00.000Z', '2024-02-28T01:00:00.000Z'],
    ['day', '2024-03-01T01:00:00.000Z', '2024-02-29T01:00:00.000Z'],
    ['week', '2025-01-06T01:00:00.000Z', '2024-12-30T01:00:00.000Z'],
  ] as const)('%s at %s → %s', (g, now, start) => {
    expect(iso(lastCompletedPeriodStart(at(now), g))).toBe(start)
    // It is a whole period that has ended by now, and the next one is the one in progress.
    expect(nextPeriodStart(lastCompletedPeriodStart(at(now), g), g)).toBe(periodStart(at(now), g))
  })
})
