import { describe, expect, it } from 'vitest'
import { formatStatValue } from './stat-values.ts'

describe('formatStatValue', () => {
  it('shortens counts as the page does, truncating', () => {
    expect(formatStatValue('ccus', 273_464.8)).toBe('273.4K')
    expect(formatStatValue('ccus', 999.9)).toBe('999.9')
    expect(formatStatValue('likes', 12_345_678)).toBe('12.3M')
  })

  it('adds the plus to visits and favorites from one million only', () => {
    expect(formatStatValue('visits', 2_500_000)).toBe('2.5M+')
    expect(formatStatValue('favorites', 1_000_000)).toBe('1M+')
    expect(formatStatValue('visits', 999_999)).toBe('999.9K')
    expect(formatStatValue('ccus', 2_500_000)).toBe('2.5M')
  })

  it('writes rating rows (×100) as a percentage with two decimals', () => {
    expect(formatStatValue('rating', 87.654)).toBe('87.65%')
    expect(formatStatValue('rating', 90)).toBe('90.00%')
    expect(formatStatValue('rating', Number.NaN)).toBe('-')
  })

  it('writes playtime as a duration', () => {
    expect(formatStatValue('playtime', 3_900)).toBe('1h 5m')
    expect(formatStatValue('playtime', 65)).toBe('1m 5s')
  })
})
