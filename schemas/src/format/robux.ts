import {
  DEVEX_USD_PER_ROBUX_CURRENT,
  PERIOD_MULTIPLIERS,
  ROBUX_PER_USD,
  USD_PER_ROBUX,
} from '../constants/limits.ts'

export type ConverterPeriod = keyof typeof PERIOD_MULTIPLIERS

/** The converter's rows, in order: 1 day, 1 week, 1 month, 1 year (part 2 §9). */
export const CONVERTER_PERIODS: readonly ConverterPeriod[] = ['day', 'week', 'month', 'year']

export const CONVERTER_PERIOD_LABELS: Readonly<Record<ConverterPeriod, string>> = {
  day: '1 Day',
  week: '1 Week',
  month: '1 Month',
  year: '1 Year',
}

export function usdFromRobux(robux: number): number {
  return robux * USD_PER_ROBUX
}

/** Robux for a dollar amount, rounded to a whole Robux. */
export function robuxFromUsd(usd: number): number {
  return Math.round(usd * ROBUX_PER_USD)
}

/** Dollars the Developer Exchange pays today for Robux earned since its current rate took effect. */
export function devexUsdFromRobux(robux: number): number {
  return robux * DEVEX_USD_PER_ROBUX_CURRENT
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

/** Units of EUR and SEK per 1 USD (the daily rates), or null when they could not be had. */
export type ConverterRates = { readonly EUR: number; readonly SEK: number } | null

/** One row of the converter's table. */
export interface ConverterRow {
  readonly period: ConverterPeriod
  readonly robux: number
  /** At the spec's 0.0035 USD per Robux. */
  readonly usd: number
  /** At the Developer Exchange's current rate (for Robux earned since it took effect). */
  readonly devexUsd: number
  /** null without rates: the converter shows USD only. */
  readonly eur: number | null
  readonly sek: number | null
}

/**
 * The converter's table for an amount of Robux per day: each period's Robux (×1, ×7, ×30.5, ×365), its
 * USD at 0.0035, at the DevEx rate, and in EUR and SEK through the day's USD rates.
 */
export function converterTable(robuxPerDay: number, rates: ConverterRates): ConverterRow[] {
  const robux = amountsPerPeriod(robuxPerDay)
  return CONVERTER_PERIODS.map((period) => {
    const usd = usdFromRobux(robux[period])
    return {
      period,
      robux: robux[period],
      usd,
      devexUsd: devexUsdFromRobux(robux[period]),
      eur: rates ? usd * rates.EUR : null,
      sek: rates ? usd * rates.SEK : null,
    }
  })
}

export type MoneyCurrency = 'USD' | 'EUR' | 'SEK'

// Created once (DESIGN §6): one formatter per currency and number of decimals the rule can ask for.
const MONEY_FORMATS: Readonly<Record<MoneyCurrency, Readonly<Record<number, Intl.NumberFormat>>>> =
  Object.fromEntries(
    (['USD', 'EUR', 'SEK'] as const).map((currency) => [
      currency,
      Object.fromEntries(
        [2, 4, 6].map((d) => [
          d,
          new Intl.NumberFormat('en-US', {
            style: 'currency',
            currency,
            minimumFractionDigits: d,
            maximumFractionDigits: d,
          }),
        ]),
      ),
    ]),
  ) as Record<MoneyCurrency, Record<number, Intl.NumberFormat>>

/**
 * An amount of money with its currency ('$3.5000', '€0.003220', 'SEK 37.10'), its decimals by the
 * converter's rule (6 below 1, 4 below 20, else 2; part 2 §9 says so for USD, and EUR and SEK keep
 * the same rule so that one Robux never reads as 0.00 in any of them).
 */
export function formatMoney(amount: number, currency: MoneyCurrency): string {
  return MONEY_FORMATS[currency][usdDecimals(amount)]!.format(amount)
}
