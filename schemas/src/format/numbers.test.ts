import { describe, expect, it } from 'vitest'
import { shortenNumber } from './numbers.ts'

describe('shortenNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [12.34, '12.3'],
    [999.99, '999.9'],
    [1000, '1K'],
    [1050, '1K'],
    [1099, '1K'],
    [1100, '1.1K'],
    [1999, '1.9K'],
    [45_678, '45.6K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [1_250_000, '1.2M'],
    [1_300_000, '1.3M'],
    [1_999_999, '1.9M'],
    [999_999_999, '999.9M'],
    [1_000_000_000, '1B'],
    [2_750_000_000, '2.7B'],
    [1_234_000_000_000, '1234B'],
  ])('%d → %s (truncated, never rounded up)', (n, text) => {
    expect(shortenNumber(n)).toBe(text)
  })

  it('keeps the sign of negative values', () => {
    expect(shortenNumber(-1999)).toBe('-1.9K')
    expect(shortenNumber(-2_500_000)).toBe('-2.5M')
    expect(shortenNumber(-0.04)).toBe('0')
  })

  it('adds a plus from 1,000,000 when asked (visits, favorites)', () => {
    expect(shortenNumber(999_999, { plus: true })).toBe('999.9K')
    expect(shortenNumber(1_000_000, { plus: true })).toBe('1M+')
    expect(shortenNumber(1_250_000, { plus: true })).toBe('1.2M+')
    expect(shortenNumber(3_400_000_000, { plus: true })).toBe('3.4B+')
    expect(shortenNumber(1_250_000)).toBe('1.2M')
  })

  it('shows a dash for values that are not numbers', () => {
    expect(shortenNumber(Number.NaN)).toBe('-')
    expect(shortenNumber(Number.POSITIVE_INFINITY)).toBe('-')
  })

  it('never reads larger than the value across a sweep', () => {
    for (let n = 1000; n < 3_000_000; n += 977) {
      const text = shortenNumber(n)
      const unit = text.endsWith('M') ? 1e6 : 1e3
      const shown = Number(text.slice(0, -1)) * unit
      expect(shown).toBeLessThanOrEqual(n)
      expect(n - shown).toBeLessThan(unit / 10)
    }
  })
})
