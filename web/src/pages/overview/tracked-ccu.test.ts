import { describe, expect, it } from 'vitest'
import { ccuStats, toCcuPoints, trackedCcuAxes, widenedZoom } from './tracked-ccu.ts'

const D = 86_400_000
const t0 = Date.UTC(2025, 0, 1, 1)
const days = (values: number[]) => values.map((ccu, i) => ({ time: t0 + i * D, ccu }))

describe('toCcuPoints', () => {
  it('parses times and sorts', () => {
    const pts = toCcuPoints([
      { time: new Date(t0 + D).toISOString(), ccu: 2 },
      { time: new Date(t0).toISOString(), ccu: 1 },
    ])
    expect(pts).toEqual([
      { time: t0, ccu: 1 },
      { time: t0 + D, ccu: 2 },
    ])
  })
})

describe('ccuStats', () => {
  it('averages the last 30 days and takes the highest of all', () => {
    const values = [...new Array<number>(10).fill(1000), ...new Array<number>(30).fill(10)]
    values[3] = 5000
    const s = ccuStats(days(values))
    expect(s.averageLastMonth).toBe(10)
    expect(s.highest).toBe(5000)
  })
  it('is null without data', () => {
    expect(ccuStats([])).toEqual({ averageLastMonth: null, highest: null })
  })
  it('leaves the day in progress out of the record and the average (issue 13)', () => {
    // The spike: a part of a day read at peak hours; here the day in progress, at 1.77M.
    const values = [...new Array<number>(30).fill(1_000_000), 1_770_988]
    const points = days(values)
    const partialFrom = points.at(-1)!.time
    expect(ccuStats(points).highest).toBe(1_770_988)
    const s = ccuStats(points, partialFrom)
    expect(s.highest).toBe(1_000_000)
    expect(s.averageLastMonth).toBe(1_000_000)
    // Only a day in progress: no whole day, no figure.
    expect(ccuStats(days([5]), t0)).toEqual({ averageLastMonth: null, highest: null })
  })
})

describe('trackedCcuAxes', () => {
  it('spans at least 30 days ending at the latest point', () => {
    const a = trackedCcuAxes(days([1, 2, 3]))
    const range = a.xaxis?.range as string[]
    expect(Date.parse(range[1] ?? '') - Date.parse(range[0] ?? '')).toBe(30 * D)
    expect(Date.parse(range[1] ?? '')).toBe(t0 + 2 * D)
  })
  it('keeps a longer range as it is', () => {
    const range = trackedCcuAxes(days(new Array<number>(60).fill(1))).xaxis?.range as string[]
    expect(Date.parse(range[0] ?? '')).toBe(t0)
  })
  it('keeps the 8M soft max with 2M ticks for a small platform (part 1 §9)', () => {
    const a = trackedCcuAxes(days([400_000, 1_440_000]))
    expect(a.yaxis?.range).toEqual([0, 8_000_000])
    expect(a.yaxis?.dtick).toBe(2_000_000)
  })
  it('reaches the 8M soft max with 2M ticks when the data approaches it', () => {
    const a = trackedCcuAxes(days([4_500_000, 6_000_000]))
    expect(a.yaxis?.range).toEqual([0, 8_000_000])
    expect(a.yaxis?.dtick).toBe(2_000_000)
  })
  it('grows past the soft max when the data does, still in 2M ticks', () => {
    const a = trackedCcuAxes(days([9_000_000]))
    expect((a.yaxis?.range as number[] | undefined)?.[1]).toBeCloseTo(9_450_000)
    expect(a.yaxis?.dtick).toBe(2_000_000)
  })
  it('steps by a multiple of 2M when 2M steps would pass ten ticks', () => {
    const a = trackedCcuAxes(days([30_000_000]))
    expect((a.yaxis?.range as number[] | undefined)?.[1]).toBeCloseTo(31_500_000)
    expect(a.yaxis?.dtick).toBe(4_000_000)
  })
})

describe('widenedZoom (minimum range 30 days)', () => {
  it('widens a narrower zoom about its middle and leaves a wide one', () => {
    expect(widenedZoom({ min: 10 * D, max: 20 * D })).toEqual({ min: 0, max: 30 * D })
    expect(widenedZoom({ min: 0, max: 30 * D })).toBeNull()
    expect(widenedZoom(null)).toBeNull()
  })
})
