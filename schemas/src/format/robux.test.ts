import { describe, expect, it } from 'vitest'
import { amountsPerPeriod, formatUsd, robuxFromUsd, usdDecimals, usdFromRobux } from './robux.ts'

describe('Robux converter', () => {
  it('converts at 0.0035 USD per Robux', () => {
    expect(usdFromRobux(1000)).toBeCloseTo(3.5, 10)
    expect(usdFromRobux(30_000)).toBeCloseTo(105, 10)
    expect(usdFromRobux(0)).toBe(0)
  })

  it('converts back at 285.7142857 Robux per USD, rounded to whole Robux', () => {
    expect(robuxFromUsd(1)).toBe(286)
    expect(robuxFromUsd(105)).toBe(30_000)
    expect(robuxFromUsd(0.01)).toBe(3)
  })

  it('round-trips whole Robux amounts', () => {
    for (let r = 0; r < 200_000; r += 137) expect(robuxFromUsd(usdFromRobux(r))).toBe(r)
  })

  it('picks USD decimals: 6 below 1, 4 below 20, else 2', () => {
    expect(usdDecimals(0)).toBe(6)
    expect(usdDecimals(0.999999)).toBe(6)
    expect(usdDecimals(1)).toBe(4)
    expect(usdDecimals(19.9999)).toBe(4)
    expect(usdDecimals(20)).toBe(2)
    expect(usdDecimals(1e6)).toBe(2)
    expect(formatUsd(0.0035)).toBe('0.003500')
    expect(formatUsd(3.5)).toBe('3.5000')
    expect(formatUsd(105)).toBe('105.00')
  })

  it('scales a per-day amount by 1, 7, 30.5 and 365', () => {
    expect(amountsPerPeriod(2)).toEqual({ day: 2, week: 14, month: 61, year: 730 })
  })
})
