import { describe, expect, it } from 'vitest'
import { formatGain, formatOldRank, formatRank } from './movement.ts'

describe('movement formatting', () => {
  it('shows the gain with its sign', () => {
    expect(formatGain(44)).toBe('+44')
    expect(formatGain(-3)).toBe('-3')
    expect(formatGain(0)).toBe('0')
    expect(formatGain(1200)).toBe('+1,200')
    expect(formatGain(null)).toBe('-')
  })
  it('shows an absent old rank as New', () => {
    expect(formatOldRank(null)).toBe('New')
    expect(formatOldRank(98)).toBe('#98')
  })
  it('shows ranks with #', () => {
    expect(formatRank(101)).toBe('#101')
    expect(formatRank(null)).toBe('-')
  })
})
