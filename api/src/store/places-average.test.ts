import { describe, expect, it } from 'vitest'
import { averageOfPlaces, quantileExactInclusive } from './places-average.ts'

// Hand-worked: three places over two buckets (t=1000 and t=2000), one of them zero in the first.
const a = [
  { time: 1000, value: 10 },
  { time: 2000, value: 40 },
]
const b = [
  { time: 1000, value: 0 },
  { time: 2000, value: 20 },
]
const c = [{ time: 2000, value: 30 }]

describe('quantileExactInclusive', () => {
  it('interpolates between the order statistics around level × (n − 1)', () => {
    // [10, 20, 30, 40]: 0.25 → position 0.75 → 10 + 0.75 × 10; 0.75 → position 2.25 → 30 + 0.25 × 10.
    expect(quantileExactInclusive([10, 20, 30, 40], 0.25)).toBe(17.5)
    expect(quantileExactInclusive([10, 20, 30, 40], 0.75)).toBe(32.5)
    expect(quantileExactInclusive([7], 0.25)).toBe(7)
    expect(quantileExactInclusive([1, 3], 1)).toBe(3)
    expect(quantileExactInclusive([1, 3], 0)).toBe(1)
    expect(quantileExactInclusive([], 0.5)).toBeNaN()
  })
})

describe('averageOfPlaces', () => {
  it('leaves zeros out without includeZeros, and a bucket with no non-zero value is absent', () => {
    const rows = averageOfPlaces([a, b, c], { includeZeros: false, withPercentiles: true, tracked: 3 })
    // t=1000: only a's 10 counts. t=2000: 40, 20, 30 → mean 30, quartiles at positions 0.5 and 1.5.
    expect(rows).toEqual([
      { time: 1000, value: 10, lower: 10, upper: 10 },
      { time: 2000, value: 30, lower: 25, upper: 35 },
    ])
    expect(averageOfPlaces([b], { includeZeros: false, withPercentiles: false, tracked: 1 })).toEqual([
      { time: 2000, value: 20 },
    ])
  })

  it('counts every tracked place with zeros, a missing value as 0', () => {
    // Four tracked places (one with no rows at all). t=1000: 10, 0 and two missing → 10 / 4.
    // t=2000: 40, 20, 30 and one missing → [0, 20, 30, 40]: mean 22.5, quartiles 15 and 32.5.
    const rows = averageOfPlaces([c, a, b], { includeZeros: true, withPercentiles: true, tracked: 4 })
    expect(rows).toEqual([
      { time: 1000, value: 2.5, lower: 0, upper: 2.5 },
      { time: 2000, value: 22.5, lower: 15, upper: 32.5 },
    ])
  })

  it('gives the mean alone without percentiles, in time order whatever the rows order', () => {
    const late = [
      { time: 3000, value: 6 },
      { time: 1000, value: 2 },
    ]
    expect(averageOfPlaces([late, a], { includeZeros: false, withPercentiles: false, tracked: 2 })).toEqual([
      { time: 1000, value: 6 },
      { time: 2000, value: 40 },
      { time: 3000, value: 6 },
    ])
  })
})
