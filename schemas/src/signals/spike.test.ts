import { describe, expect, it } from 'vitest'
import { MAD_SCALE, SPIKE_MAD_K, SPIKE_MIN_CCU } from './constants.ts'
import { detectCcuSpikes, type HourCcu, median, spikeScore } from './spike.ts'

const HOUR = 3_600_000
const WEEK = 7 * 24 * HOUR
const T0 = Date.UTC(2026, 9, 5, 14) // a Monday, 14:00 UTC

/** The same hour in each of the weeks before t: values[0] one week back, values[1] two, … */
const baselineOf = (t: number, values: readonly number[]): HourCcu[] =>
  values.map((ccu, i) => ({ time: t - (i + 1) * WEEK, ccu }))

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 10])).toBe(3.5)
  })
})

describe('spikeScore', () => {
  it('measures the distance from the median in scaled MADs', () => {
    // median 200, deviations 20, 0, 10, 30 → MAD 15 → one deviation = 15 × 1.4826
    const s = spikeScore(400, [180, 200, 210, 230])
    expect(s?.median).toBe(205)
    const mad = median([25, 5, 5, 25])
    expect(s?.deviation).toBeCloseTo(MAD_SCALE * mad, 10)
    expect(s?.deviations).toBeCloseTo((400 - 205) / (MAD_SCALE * mad), 10)
    expect(s?.spike).toBe(true)
  })

  it('takes 10 % of the median (at least one player) as the deviation of a flat baseline (MAD = 0)', () => {
    const flat = spikeScore(1000, [500, 500, 500, 500])
    expect(flat?.deviation).toBe(50)
    expect(flat?.deviations).toBe(10)
    expect(flat?.spike).toBe(true)
    // just at k deviations above is not a spike; the rule is strictly above
    expect(spikeScore(500 + SPIKE_MAD_K * 50, [500, 500, 500, 500])?.spike).toBe(false)
    // an all-zero baseline: one player is the deviation
    expect(spikeScore(SPIKE_MIN_CCU, [0, 0, 0])?.deviation).toBe(1)
  })

  it('gives no verdict with fewer than three baseline hours', () => {
    expect(spikeScore(10_000, [10, 10])).toBeNull()
    expect(spikeScore(10_000, [])).toBeNull()
  })

  it('never marks an hour under the minimum CCU', () => {
    const s = spikeScore(SPIKE_MIN_CCU - 1, [1, 1, 1, 1])
    expect(s?.deviations).toBeGreaterThan(SPIKE_MAD_K)
    expect(s?.spike).toBe(false)
  })
})

describe('detectCcuSpikes', () => {
  it('finds nothing in a flat series', () => {
    const hours: HourCcu[] = []
    for (let t = T0 - 5 * WEEK; t <= T0 + 2 * 24 * HOUR; t += HOUR) hours.push({ time: t, ccu: 300 })
    expect(detectCcuSpikes(hours, T0 - WEEK)).toEqual([])
  })

  it('finds nothing without four weeks of history behind the hour', () => {
    // two weeks of history only: every later hour has at most two baseline hours
    const hours: HourCcu[] = [...baselineOf(T0, [100, 100]), { time: T0, ccu: 5000 }]
    expect(detectCcuSpikes(hours, T0)).toEqual([])
  })

  it('joins consecutive spike hours into one marker at the first, told by its peak', () => {
    const hours: HourCcu[] = [
      ...baselineOf(T0, [100, 110, 90, 100]),
      ...baselineOf(T0 + HOUR, [100, 105, 95, 100]),
      ...baselineOf(T0 + 2 * HOUR, [100, 100, 100, 100]),
      { time: T0, ccu: 900 },
      { time: T0 + HOUR, ccu: 1500 },
      { time: T0 + 2 * HOUR, ccu: 101 },
    ]
    const spikes = detectCcuSpikes(hours, T0)
    expect(spikes).toHaveLength(1)
    expect(spikes[0]).toMatchObject({
      time: T0,
      peakTime: T0 + HOUR,
      peakCcu: 1500,
      baselineMedian: 100,
      hours: 2,
    })
  })

  it('judges only hours at or after the start; older ones are baseline', () => {
    const hours: HourCcu[] = [...baselineOf(T0, [100, 100, 100, 9000]), { time: T0, ccu: 100 }]
    // the 9000 four weeks back is before the start: no marker for it, and the median keeps T0 calm
    expect(detectCcuSpikes(hours, T0 - HOUR)).toEqual([])
  })

  it('does not let one wild week of the baseline hide a spike (the median and MAD resist it)', () => {
    const hours: HourCcu[] = [...baselineOf(T0, [200, 10_000, 210, 190]), { time: T0, ccu: 2000 }]
    expect(detectCcuSpikes(hours, T0)).toHaveLength(1)
  })
})
