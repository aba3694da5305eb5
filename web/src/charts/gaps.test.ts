import { describe, expect, it } from 'vitest'
import { toXY, withGaps } from './gaps.ts'

const H = 3_600_000
const D = 24 * H
const t0 = Date.UTC(2025, 0, 1, 1)

describe('withGaps', () => {
  it('keeps evenly spaced points as they are', () => {
    const pts = [0, 1, 2, 3].map((i) => [t0 + i * D, i * 10] as const)
    expect(withGaps(pts, 'day')).toEqual(pts.map(([t, v]) => [t, v]))
  })

  it('joins points within the spacing plus half a step (1.5 days for day)', () => {
    const pts = [[t0, 1] as const, [t0 + 1.5 * D, 2] as const]
    expect(withGaps(pts, 'day')).toEqual([
      [t0, 1],
      [t0 + 1.5 * D, 2],
    ])
  })

  it('inserts an explicit null, never a zero, where a day is missing', () => {
    const pts = [[t0, 5] as const, [t0 + D, 6] as const, [t0 + 3 * D, 7] as const]
    const out = withGaps(pts, 'day')
    expect(out).toEqual([
      [t0, 5],
      [t0 + D, 6],
      [t0 + 2 * D, null],
      [t0 + 3 * D, 7],
    ])
    expect(out.some(([, v]) => v === 0)).toBe(false)
  })

  it('uses the granularity: two hours apart is a gap for hour, not for day', () => {
    const pts = [[t0, 1] as const, [t0 + 2 * H, 2] as const]
    expect(withGaps(pts, 'hour')).toHaveLength(3)
    expect(withGaps(pts, 'day')).toHaveLength(2)
  })

  it('connects 31-day months but breaks where a month is missing', () => {
    const jan = Date.UTC(2025, 0, 1, 1)
    const feb = Date.UTC(2025, 1, 1, 1)
    const apr = Date.UTC(2025, 3, 1, 1)
    expect(withGaps([[jan, 1] as const, [feb, 2] as const], 'month')).toHaveLength(2)
    const out = withGaps([[feb, 2] as const, [apr, 3] as const], 'month')
    expect(out).toHaveLength(3)
    expect(out[1]?.[1]).toBeNull()
    expect(out[1]?.[0]).toBeGreaterThan(feb)
    expect(out[1]?.[0]).toBeLessThan(apr)
  })

  it('handles empty and single-point series', () => {
    expect(withGaps([], 'day')).toEqual([])
    expect(withGaps([[t0, 3] as const], 'week')).toEqual([[t0, 3]])
  })
})

describe('toXY', () => {
  it('splits points into dates and values, keeping nulls', () => {
    const { x, y } = toXY([
      [t0, 1],
      [t0 + D, null],
    ])
    expect(x.map((d) => d.getTime())).toEqual([t0, t0 + D])
    expect(y).toEqual([1, null])
  })
})
