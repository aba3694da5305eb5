import { describe, expect, it } from 'vitest'
import { minLabelledBarMs, periodsInRange, rankingMilestones, rankingsSummary } from './rankings.ts'

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

describe('the rankings summary', () => {
  // Most Popular: #1 long before the visible range, #4 inside it; Top Earning only before it.
  const history = [
    { start: at(0), end: at(5), name: '#1', y: 8 },
    { start: at(0), end: at(3), name: '#2', y: 9 },
    { start: at(100), end: at(110), name: '#4', y: 8 },
    // Straddles the range's start: its bar is drawn, in part.
    { start: at(95), end: at(101), name: '#6', y: 8 },
  ]
  const range = { min: Date.parse(at(98)), max: Date.parse(at(120)) }

  it('counts the bars the chart draws in its range, including one cut by the edge', () => {
    expect(periodsInRange(history, range).map((p) => p.name)).toEqual(['#4', '#6'])
    expect(periodsInRange(history, null)).toHaveLength(4)
  })

  it('gives the peak of the bars drawn, not of the history out of view', () => {
    expect(rankingsSummary('Neon Quest', history, range)).toBe(
      'Neon Quest appeared in 1 chart category from Jan 5, 2026 to Jan 6, 2026: Most Popular peak #4.',
    )
  })

  it('covers the whole history when the chart shows all of it', () => {
    expect(rankingsSummary('Neon Quest', history, null)).toBe(
      'Neon Quest appeared in 2 chart categories: Most Popular peak #1, Top Earning peak #2.',
    )
  })

  it('says so when no bar is in the range', () => {
    const empty = { min: Date.parse(at(200)), max: Date.parse(at(300)) }
    expect(rankingsSummary('Neon Quest', history, empty)).toBe(
      'Neon Quest was in no chart category from Jan 9, 2026 to Jan 13, 2026.',
    )
  })
})
