import { describe, expect, it } from 'vitest'
import {
  addMonths,
  daysOf,
  dayView,
  hasNextMonth,
  hasPreviousMonth,
  isoWeekday,
  monthToShow,
  picksRequest,
  reachesBeyondVisitor,
  visitorFirstDay,
  visitorMayOpen,
} from './month.ts'

const TODAY = '2026-11-18'

describe('the month view’s months', () => {
  it('has no Previous Month at or before September 2024, the month the picks start', () => {
    expect(hasPreviousMonth({ year: 2024, month: 9 })).toBe(false)
    expect(hasPreviousMonth({ year: 2024, month: 8 })).toBe(false)
    expect(hasPreviousMonth({ year: 2024, month: 10 })).toBe(true)
    expect(hasPreviousMonth({ year: 2025, month: 1 })).toBe(true)
  })

  it('has no Next Month for the current month or later', () => {
    expect(hasNextMonth({ year: 2026, month: 11 }, TODAY)).toBe(false)
    expect(hasNextMonth({ year: 2026, month: 12 }, TODAY)).toBe(false)
    expect(hasNextMonth({ year: 2026, month: 10 }, TODAY)).toBe(true)
    expect(hasNextMonth({ year: 2025, month: 12 }, '2026-01-01')).toBe(true)
  })

  it('shows the address’s month, kept between September 2024 and the current month', () => {
    expect(monthToShow(null, TODAY)).toEqual({ year: 2026, month: 11 })
    expect(monthToShow('2025-03', TODAY)).toEqual({ year: 2025, month: 3 })
    expect(monthToShow('2024-01', TODAY)).toEqual({ year: 2024, month: 9 })
    expect(monthToShow('2027-01', TODAY)).toEqual({ year: 2026, month: 11 })
    for (const bad of ['2025-13', '2025-00', '2025-3', 'march', '']) {
      expect(monthToShow(bad, TODAY)).toEqual({ year: 2026, month: 11 })
    }
  })

  it('steps across years and lists every date, leap days included', () => {
    expect(addMonths({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 })
    expect(addMonths({ year: 2024, month: 12 }, 1)).toEqual({ year: 2025, month: 1 })
    expect(daysOf({ year: 2028, month: 2 })).toHaveLength(29)
    expect(daysOf({ year: 2026, month: 2 }).at(-1)).toBe('2026-02-28')
    expect(daysOf({ year: 2024, month: 9 })[0]).toBe('2024-09-01')
    // 2024-09-01 was a Sunday, 2026-11-16 a Monday.
    expect(isoWeekday('2024-09-01')).toBe(7)
    expect(isoWeekday('2026-11-16')).toBe(1)
  })
})

describe('a visitor’s reach', () => {
  it('goes 28 days back', () => {
    expect(visitorFirstDay(TODAY)).toBe('2026-10-21')
    expect(visitorFirstDay('2025-03-01')).toBe('2025-02-01')
  })

  it('decides which months show the prompt and which cannot be opened', () => {
    expect(reachesBeyondVisitor({ year: 2026, month: 11 }, TODAY)).toBe(false)
    expect(reachesBeyondVisitor({ year: 2026, month: 10 }, TODAY)).toBe(true)
    expect(visitorMayOpen({ year: 2026, month: 10 }, TODAY)).toBe(true)
    expect(visitorMayOpen({ year: 2026, month: 9 }, TODAY)).toBe(false)
    // Late in a month the window starts inside it: the current month itself reaches beyond.
    expect(reachesBeyondVisitor({ year: 2026, month: 11 }, '2026-11-30')).toBe(true)
  })

  it('sets the dates asked for: the month up to today, for a visitor from the first date in reach', () => {
    expect(picksRequest({ year: 2026, month: 11 }, TODAY, false)).toEqual({ from: '2026-11-01', to: TODAY })
    expect(picksRequest({ year: 2026, month: 10 }, TODAY, false)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    })
    expect(picksRequest({ year: 2026, month: 10 }, TODAY, true)).toEqual({
      from: '2026-10-21',
      to: '2026-10-31',
    })
    expect(picksRequest({ year: 2026, month: 9 }, TODAY, true)).toBeNull()
  })
})

describe('dayView', () => {
  const picks = [{ name: 'A', place_id: 1 }]
  it('shows a day’s picks, whatever the day', () => {
    expect(dayView('2024-10-30', TODAY, picks, null)).toEqual({ kind: 'picks', places: picks })
  })

  it('calls an empty day from today on future: its picks may still come', () => {
    expect(dayView(TODAY, TODAY, [], null).kind).toBe('future')
    expect(dayView('2026-11-30', TODAY, undefined, null).kind).toBe('future')
    expect(dayView('2026-11-17', TODAY, undefined, null).kind).toBe('none')
  })

  it('names the event an empty past day falls in, first and last days included', () => {
    const event = (day: string) => {
      const v = dayView(day, TODAY, undefined, null)
      return v.kind === 'event' ? v.event.name : v.kind
    }
    expect(event('2024-10-23')).toBe('none')
    expect(event('2024-10-24')).toBe('The Haunt')
    expect(event('2024-11-02')).toBe('The Haunt')
    expect(event('2024-11-03')).toBe('none')
    expect(event('2024-12-17')).toBe('Winter Spotlight')
    expect(event('2025-01-02')).toBe('Winter Spotlight')
    expect(event('2025-03-14')).toBe('The Hunt')
    expect(event('2025-03-24')).toBe('The Hunt')
    expect(event('2025-03-25')).toBe('none')
  })

  it('locks a visitor’s day beyond reach, picks or not', () => {
    const from = visitorFirstDay(TODAY)
    expect(dayView('2026-10-20', TODAY, picks, from).kind).toBe('locked')
    expect(dayView('2026-10-21', TODAY, picks, from).kind).toBe('picks')
  })
})
