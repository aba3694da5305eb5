import { describe, expect, it } from 'vitest'
import {
  DEVEX_USD_PER_ROBUX_CURRENT,
  PERIOD_MULTIPLIERS,
  ROBUX_PER_USD,
  USD_PER_ROBUX,
} from '../constants/limits.ts'
import {
  amountsPerPeriod,
  converterTable,
  devexUsdFromRobux,
  formatMoney,
  formatUsd,
  robuxFromUsd,
  usdDecimals,
  usdFromRobux,
} from './robux.ts'

describe('Robux converter', () => {
  it('holds the spec constants (part 2 §9) and the DevEx rate (roblox-api.md §14)', () => {
    expect(USD_PER_ROBUX).toBe(0.0035)
    expect(ROBUX_PER_USD).toBe(285.7142857)
    expect(PERIOD_MULTIPLIERS).toEqual({ day: 1, week: 7, month: 30.5, year: 365 })
    expect(DEVEX_USD_PER_ROBUX_CURRENT).toBe(0.0038)
  })

  it('converts at 0.0035 USD per Robux', () => {
    expect(usdFromRobux(1000)).toBeCloseTo(3.5, 10)
    expect(usdFromRobux(30_000)).toBeCloseTo(105, 10)
    expect(usdFromRobux(0)).toBe(0)
  })

  it('converts back at 285.7142857 Robux per USD, rounded to whole Robux', () => {
    expect(robuxFromUsd(1)).toBe(286)
    expect(robuxFromUsd(105)).toBe(30_000)
    expect(robuxFromUsd(0.01)).toBe(3)
    // 2.5 × 285.7142857 = 714.28571…: rounded down; 0.7 × … = 199.99999…: rounded up.
    expect(robuxFromUsd(2.5)).toBe(714)
    expect(robuxFromUsd(0.7)).toBe(200)
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

  it('pays 0.0038 USD per Robux at the DevEx rate: 30,000 Robux make 114 USD', () => {
    expect(devexUsdFromRobux(30_000)).toBeCloseTo(114, 10)
  })

  it('builds the table of a daily amount, in USD, at the DevEx rate and through the day’s rates', () => {
    const rates = { EUR: 0.9, SEK: 10.5 }
    const rows = converterTable(1000, rates)
    expect(rows.map((r) => r.period)).toEqual(['day', 'week', 'month', 'year'])
    const byPeriod = Object.fromEntries(rows.map((r) => [r.period, r]))
    expect(byPeriod.day!.robux).toBe(1000)
    expect(byPeriod.month!.robux).toBe(30_500)
    expect(byPeriod.year!.robux).toBe(365_000)
    expect(byPeriod.day!.usd).toBeCloseTo(3.5, 10)
    expect(byPeriod.week!.usd).toBeCloseTo(24.5, 10)
    expect(byPeriod.month!.usd).toBeCloseTo(106.75, 10)
    expect(byPeriod.year!.usd).toBeCloseTo(1277.5, 10)
    expect(byPeriod.year!.devexUsd).toBeCloseTo(1387, 10)
    expect(byPeriod.day!.eur).toBeCloseTo(3.15, 10)
    expect(byPeriod.day!.sek).toBeCloseTo(36.75, 10)
  })

  it('leaves EUR and SEK out without rates (the converter then shows USD only)', () => {
    for (const row of converterTable(500, null)) {
      expect(row.eur).toBeNull()
      expect(row.sek).toBeNull()
      expect(row.usd).toBeCloseTo(row.robux * 0.0035, 10)
    }
  })

  it('formats money with the currency and the decimals rule', () => {
    expect(formatMoney(0.0035, 'USD')).toBe('$0.003500')
    expect(formatMoney(3.5, 'USD')).toBe('$3.5000')
    expect(formatMoney(1277.5, 'USD')).toBe('$1,277.50')
    expect(formatMoney(0.00315, 'EUR')).toBe('€0.003150')
    expect(formatMoney(36.75, 'SEK')).toMatch(/^SEK\s36\.75$/)
  })
})
