import { describe, expect, it } from 'vitest'
import { STANDING_MIN_PLACES } from './constants.ts'
import { percentileOf, quantileInclusive } from './percentile.ts'

describe('percentileOf', () => {
  it('places a value by the share of peers below it, ties counted half', () => {
    const peers = [10, 20, 30, 40, 50]
    expect(percentileOf(10, peers)).toBe(10)
    expect(percentileOf(30, peers)).toBe(50)
    expect(percentileOf(50, peers)).toBe(90)
    expect(percentileOf(20, [10, 20, 20, 50, 60])).toBe(40)
    expect(percentileOf(7, [7, 7, 7, 7, 7])).toBe(50)
  })

  it('gives none below the minimum number of places', () => {
    expect(
      percentileOf(
        1,
        Array.from({ length: STANDING_MIN_PLACES - 1 }, (_, i) => i),
      ),
    ).toBeNull()
  })
})

describe('quantileInclusive', () => {
  it('interpolates linearly between order statistics (PERCENTILE.INC)', () => {
    expect(quantileInclusive([40, 10, 30, 20], 0.25)).toBe(17.5)
    expect(quantileInclusive([10, 20, 30, 40], 0.5)).toBe(25)
    expect(quantileInclusive([10, 20, 30, 40], 0.9)).toBeCloseTo(37, 10)
    expect(quantileInclusive([5], 0.75)).toBe(5)
    expect(quantileInclusive([], 0.5)).toBeNull()
  })
})
