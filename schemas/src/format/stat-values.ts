import { PLUS_SHORTENED_STAT_KINDS, type StatKind } from '../constants/stats.ts'
import { playtimeAxisLabel } from './duration.ts'
import { shortenNumber } from './numbers.ts'
import { roundTo } from './rounding.ts'

/**
 * One value of a stat series as the page writes it in text (chart summaries, part 1 §9): counts
 * shortened with K, M or B and truncated to one decimal ('273.4K', with '+' on visits and favorites
 * from 1,000,000), the like percentage of rating rows (already ×100) with two decimals and '%', and
 * average playtime as a duration ('1h 5m').
 */
export function formatStatValue(kind: StatKind, value: number): string {
  switch (kind) {
    case 'rating':
      return Number.isFinite(value) ? `${roundTo(value, 2).toFixed(2)}%` : '-'
    case 'playtime':
      return playtimeAxisLabel(value)
    default:
      return shortenNumber(value, { plus: PLUS_SHORTENED_STAT_KINDS.includes(kind) })
  }
}
