import { PERIOD_MULTIPLIERS, ROBUX_PER_USD, USD_PER_ROBUX } from '../constants/limits.ts'

export type ConverterPeriod = keyof typeof PERIOD_MULTIPLIERS

export function usdFromRobux(robux: number): number {
  return robux * USD_PER_ROBUX
}

/** Robux for a dollar amount, rounded to a whole Robux. */
export function robuxFromUsd(usd: number): number {
  return Math.round(usd * ROBUX_PER_USD)
}

/** Decimals a USD amount is shown with: 6 below 1, 4 below 20, else 2 (small amounts need digits). */
export function usdDecimals(usd: number): number {
  const abs = Math.abs(usd)
  if (abs < 1) return 6
  if (abs < 20) return 4
  return 2
}

export function formatUsd(usd: number): string {
  return usd.toFixed(usdDecimals(usd))
}

/** A per-day amount for each converter row: day, week (×7), month (×30.5), year (×365). */
export function amountsPerPeriod(perDay: number): Record<ConverterPeriod, number> {
  return {
    day: perDay * PERIOD_MULTIPLIERS.day,
    week: perDay * PERIOD_MULTIPLIERS.week,
    month: perDay * PERIOD_MULTIPLIERS.month,
    year: perDay * PERIOD_MULTIPLIERS.year,
  }
}
