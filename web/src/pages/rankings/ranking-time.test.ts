import { describe, expect, it } from 'vitest'
import { atHour, beforeVisitorWindow, nextDay, previousDay, utcDayStart, utcHour } from './ranking-time.ts'

const H = 3_600_000
const D = 24 * H
const NOW = Date.UTC(2026, 10, 18, 14, 37)

describe('the rankings page’s time', () => {
  it('works in UTC days and hours', () => {
    expect(utcDayStart(NOW)).toBe(Date.UTC(2026, 10, 18))
    expect(utcHour(NOW)).toBe(14)
    expect(atHour(NOW, 0)).toBe(Date.UTC(2026, 10, 18, 0))
    expect(atHour(NOW, 23)).toBe(Date.UTC(2026, 10, 18, 23))
  })

  it('steps a day back at the same time, down to 3 years back', () => {
    expect(previousDay(NOW, NOW, false)).toEqual({ kind: 'go', time: NOW - D })
    const threeYears = Date.UTC(2023, 10, 18, 14, 37)
    expect(previousDay(threeYears + D, NOW, false)).toEqual({ kind: 'go', time: threeYears })
    expect(previousDay(threeYears + D - 1, NOW, false)).toEqual({ kind: 'disabled' })
  })

  it('locks a visitor’s step past the last 30 days (the sign-up prompt) instead of taking it', () => {
    expect(previousDay(NOW - 29 * D, NOW, true)).toEqual({ kind: 'go', time: NOW - 30 * D })
    expect(previousDay(NOW - 29 * D - 1, NOW, true)).toEqual({ kind: 'locked' })
    expect(previousDay(NOW - 29 * D - 1, NOW, false).kind).toBe('go')
  })

  it('steps a day forward until today; a step past now goes to the latest capture', () => {
    expect(nextDay(NOW, NOW)).toEqual({ kind: 'disabled' })
    expect(nextDay(Date.UTC(2026, 10, 18, 3), NOW)).toEqual({ kind: 'disabled' })
    expect(nextDay(NOW - 2 * D, NOW)).toEqual({ kind: 'go', time: NOW - D })
    expect(nextDay(NOW - D + H, NOW)).toEqual({ kind: 'go', time: null })
    // Back from the latest and forward again, a few seconds later: the latest again.
    expect(nextDay(NOW - D, NOW + 5000)).toEqual({ kind: 'go', time: null })
    expect(nextDay(NOW - D - 600_000, NOW)).toEqual({ kind: 'go', time: NOW - 600_000 })
  })

  it('tells when a visitor’s address reaches before the window', () => {
    expect(beforeVisitorWindow(null, NOW)).toBe(false)
    expect(beforeVisitorWindow(NOW - 30 * D, NOW)).toBe(false)
    expect(beforeVisitorWindow(NOW - 30 * D - 1, NOW)).toBe(true)
  })
})
