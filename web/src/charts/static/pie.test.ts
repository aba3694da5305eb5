import { describe, expect, it } from 'vitest'
import { formatPiePercent, pieSlices } from './pie.ts'

describe('pie slices', () => {
  it("starts at 12 o'clock and goes clockwise, a slice per positive value", () => {
    const slices = pieSlices([1, 0, 1, 2], { cx: 500, cy: 500, radius: 400 })
    expect(slices.map((s) => s.index)).toEqual([0, 2, 3])
    expect(slices.map((s) => s.share)).toEqual([0.25, 0.25, 0.5])
    // The first quarter runs from the top (500,100) to the right (900,500).
    expect(slices[0]?.d).toBe('M500,100A400,400 0 0 1 900,500L500,500Z')
    // Its label sits halfway along the radius at 45 degrees.
    expect(slices[0]?.labelX).toBeCloseTo(500 + 200 * Math.SQRT1_2, 2)
    expect(slices[0]?.labelY).toBeCloseTo(500 - 200 * Math.SQRT1_2, 2)
    // A slice over half the pie takes the large arc.
    expect(pieSlices([1, 3], { cx: 500, cy: 500, radius: 400 })[1]?.d).toContain('A400,400 0 1 1')
  })

  it('cuts the hole out of each slice and centres labels in the ring', () => {
    const [a] = pieSlices([1, 1], { cx: 500, cy: 500, radius: 400, hole: 0.5 })
    expect(a?.d).toBe('M500,100A400,400 0 0 1 500,900L500,700A200,200 0 0 0 500,300Z')
    expect(a?.labelX).toBeCloseTo(800, 2)
    expect(a?.labelY).toBeCloseTo(500, 2)
  })

  it('draws a single value as a full ring', () => {
    const [only] = pieSlices([5], { cx: 500, cy: 500, radius: 100, hole: 0.5 })
    expect(only?.share).toBe(1)
    expect(only?.d.match(/A/g)?.length).toBe(4)
  })

  it('prints percentages with three significant digits', () => {
    expect(formatPiePercent(0.2349)).toBe('23.5%')
    expect(formatPiePercent(0.05123)).toBe('5.12%')
    expect(formatPiePercent(1)).toBe('100%')
    expect(formatPiePercent(0.5)).toBe('50%')
  })
})
