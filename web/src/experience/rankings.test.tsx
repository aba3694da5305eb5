import { describe, expect, it } from 'vitest'
import { minLabelledBarMs, rankingMilestones } from './rankings.ts'

const H = 3_600_000
const at = (h: number) => new Date(Date.UTC(2026, 0, 1) + h * H).toISOString()

describe('rankingMilestones', () => {
  it('finds the peak rank, its count, total and the latest stay per category', () => {
    const m = rankingMilestones([
      { start: at(0), end: at(2), name: '#3', y: 8 },
      { start: at(5), end: at(6), name: '#1', y: 8 },
      { start: at(10), end: at(14), name: '#1', y: 8 },
      { start: at(0), end: at(1), name: '#7', y: 9 },
    ])
    expect(m).toEqual([
      {
        categoryId: 8,
        category: 'Most Popular',
        peakRank: 1,
        lastPeakStart: Date.parse(at(10)),
        lastPeakMs: 4 * H,
        timesAtPeak: 2,
        totalAtPeakMs: 5 * H,
      },
      {
        categoryId: 9,
        category: 'Top Earning',
        peakRank: 7,
        lastPeakStart: Date.parse(at(0)),
        lastPeakMs: H,
        timesAtPeak: 1,
        totalAtPeakMs: H,
      },
    ])
  })
})

describe('minLabelledBarMs', () => {
  it('uses the 1 hour, 3 hours and 1 day thresholds as the view zooms out', () => {
    expect(minLabelledBarMs(24 * H)).toBe(H)
    expect(minLabelledBarMs(7 * 24 * H)).toBe(3 * H)
    expect(minLabelledBarMs(60 * 24 * H)).toBe(24 * H)
  })
})
