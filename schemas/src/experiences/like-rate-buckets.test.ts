import { describe, expect, it } from 'vitest'
import { percentBuckets } from './like-rate-buckets.ts'

describe('percentBuckets (5-percent like-rate buckets)', () => {
  it('has 20 buckets covering 0 to 100, all present', () => {
    const b = percentBuckets([])
    expect(b).toHaveLength(20)
    expect(b[0]).toEqual({ from: 0, to: 5, count: 0 })
    expect(b[19]).toEqual({ from: 95, to: 100, count: 0 })
  })

  it('puts a bucket edge in the upper bucket and 100 in the last', () => {
    const b = percentBuckets([0, 4.99, 5, 50, 94.9, 95, 100])
    expect(b[0]?.count).toBe(2)
    expect(b[1]?.count).toBe(1)
    expect(b[10]?.count).toBe(1)
    expect(b[18]?.count).toBe(1)
    expect(b[19]?.count).toBe(2)
    expect(b.reduce((s, x) => s + x.count, 0)).toBe(7)
  })

  it('ignores values outside 0 to 100 and non-numbers', () => {
    const b = percentBuckets([-1, 101, Number.NaN, Number.POSITIVE_INFINITY, 42])
    expect(b.reduce((s, x) => s + x.count, 0)).toBe(1)
    expect(b[8]?.count).toBe(1)
  })

  it('supports other widths', () => {
    expect(percentBuckets([10, 30], 25).map((x) => x.count)).toEqual([1, 1, 0, 0])
  })
})
