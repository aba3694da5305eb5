import { truncateTo } from './rounding.ts'

const UNITS = [
  { at: 1e9, suffix: 'B' },
  { at: 1e6, suffix: 'M' },
  { at: 1e3, suffix: 'K' },
] as const

export interface ShortenOptions {
  /** Append '+' at 1,000,000 or more (visits and favorites, part 1 §9). */
  plus?: boolean
}

/**
 * Shortens a number with K (1e3), M (1e6) or B (1e9), truncated (never rounded up) to one decimal with
 * a trailing '.0' dropped: 1999 → '1.9K', 1000 → '1K', 999 → '999', 999_999 → '999.9K'. Values below
 * 1000 keep up to one truncated decimal. Not-finite values show as '-'.
 */
export function shortenNumber(n: number, options: ShortenOptions = {}): string {
  if (!Number.isFinite(n)) return '-'
  const abs = Math.abs(n)
  const unit = UNITS.find((u) => abs >= u.at)
  const scaled = unit ? abs / unit.at : abs
  // Truncate through the decimal shift so that 1.3e6 / 1e6 never reads as 1.29999….
  const body = `${truncateTo(scaled, 1)}${unit?.suffix ?? ''}`
  const sign = n < 0 && body !== '0' ? '-' : ''
  const plus = options.plus && n >= 1e6 ? '+' : ''
  return sign + body + plus
}
