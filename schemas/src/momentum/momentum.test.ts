import { describe, expect, it } from 'vitest'
import {
  type DailyCcu,
  MOMENTUM_CHANGE_THRESHOLD,
  MOMENTUM_MIN_CCU,
  MOMENTUM_MIN_DAYS,
  MOMENTUM_WINDOW_DAYS,
  momentumOf,
  momentumWindows,
} from './momentum.ts'

const DAY = 86_400_000
// The last complete day: Tuesday 2026-11-24, 01:00 UTC (the product's day start).
const LAST = Date.parse('2026-11-24T01:00:00Z')

/** 14 days: `previous` for the 7 days before the recent ones, `recent` for the last 7, oldest first. */
function series(previous: readonly number[], recent: readonly number[]): DailyCcu[] {
  const values = [...previous, ...recent]
  const first = LAST - (values.length - 1) * DAY
  return values.map((averageCcu, i) => ({ dayStartMs: first + i * DAY, averageCcu }))
}

const flat = (n: number) => Array.from({ length: 7 }, () => n)

describe('momentumOf (issue 20.3)', () => {
  it('the constants the methodology states', () => {
    expect([MOMENTUM_WINDOW_DAYS, MOMENTUM_MIN_DAYS, MOMENTUM_CHANGE_THRESHOLD, MOMENTUM_MIN_CCU]).toEqual([
      7, 5, 0.1, 10,
    ])
  })

  it('windows: the recent one ends with the last complete day, the earlier one the 7 days before', () => {
    const w = momentumWindows(LAST)
    expect(new Date(w.recentFromMs).toISOString()).toBe('2026-11-18T01:00:00.000Z')
    expect(new Date(w.previousFromMs).toISOString()).toBe('2026-11-11T01:00:00.000Z')
  })

  it('rising: 100 → 150 is +50 %', () => {
    const m = momentumOf(series(flat(100), flat(150)), LAST)
    expect(m).toEqual({
      label: 'rising',
      change: 0.5,
      recentAverage: 150,
      previousAverage: 100,
      reason: null,
    })
  })

  it('declining: mean of 7 daily averages 200 → mean 140 is −30 %', () => {
    // Recent days 100..180 in steps of ... (100+110+120+130+170+180+170)/7 = 980/7 = 140
    const m = momentumOf(series(flat(200), [100, 110, 120, 130, 170, 180, 170]), LAST)
    expect(m.label).toBe('declining')
    expect(m.recentAverage).toBe(140)
    expect(m.change).toBeCloseTo(-0.3, 10)
  })

  it('stable: 1000 → 1050 is +5 %', () => {
    expect(momentumOf(series(flat(1000), flat(1050)), LAST).label).toBe('stable')
  })

  it('boundaries: exactly +10 % rises, exactly −10 % declines, just inside is stable', () => {
    expect(momentumOf(series(flat(200), flat(220)), LAST).label).toBe('rising')
    expect(momentumOf(series(flat(200), flat(180)), LAST).label).toBe('declining')
    expect(momentumOf(series(flat(200), flat(219.9)), LAST).label).toBe('stable')
    expect(momentumOf(series(flat(200), flat(180.1)), LAST).label).toBe('stable')
  })

  it('too little data: fewer than 5 days in a window gives no label', () => {
    const days = series(flat(100), flat(300)).filter((_, i) => i >= 3) // the earlier window keeps 4 days
    const m = momentumOf(days, LAST)
    expect(m.label).toBeNull()
    expect(m.reason).toBe('too_little_data')
    expect(m.previousAverage).toBeNull()
    // Exactly 5 days in each window is enough.
    const five = series(flat(100), flat(300)).filter((_, i) => i !== 0 && i !== 1 && i !== 7 && i !== 8)
    expect(momentumOf(five, LAST).label).toBe('rising')
  })

  it('too few players: both windows under 10 CCU give no label', () => {
    const m = momentumOf(series(flat(2), flat(6)), LAST)
    expect(m).toMatchObject({ label: null, reason: 'too_few_players', recentAverage: 6, previousAverage: 2 })
    // The change is measured against at least 10: 2 → 6 is +40 % of 10, not +200 %.
    expect(m.change).toBeCloseTo(0.4, 10)
  })

  it('a small game that grows past the minimum rises against the minimum, not against 0', () => {
    const m = momentumOf(series(flat(0), flat(12)), LAST)
    expect(m.label).toBe('rising')
    // 0 → 12 is +120 % of the minimum 10, not +∞ %.
    expect(m.change).toBeCloseTo(1.2, 10)
    // 9 → 10: 10 is at the minimum, the change is 1/10 = +10 %: rising by the boundary rule.
    expect(momentumOf(series(flat(9), flat(10)), LAST).label).toBe('rising')
  })

  it('ignores days outside the windows (the day in progress, older days) and repeated days', () => {
    const days = [
      ...series(flat(100), flat(100)),
      { dayStartMs: LAST + DAY, averageCcu: 10_000 }, // the day in progress
      { dayStartMs: LAST - 14 * DAY, averageCcu: 1 }, // before the earlier window
    ]
    expect(momentumOf(days, LAST).label).toBe('stable')
    // A day given twice counts once, with its last value.
    const twice = [...series(flat(100), flat(100)), { dayStartMs: LAST, averageCcu: 800 }]
    expect(momentumOf(twice, LAST).recentAverage).toBe(200)
  })
})
