import { describe, expect, it } from 'vitest'
import { expectedSpacingMs, isGap } from './gaps.ts'

const H = 3_600_000
const D = 24 * H
const at = (iso: string) => Date.parse(iso)

describe('expectedSpacingMs', () => {
  it('is an hour, a day, 7 days and 30 days', () => {
    expect(expectedSpacingMs('hour')).toBe(H)
    expect(expectedSpacingMs('day')).toBe(D)
    expect(expectedSpacingMs('week')).toBe(7 * D)
    expect(expectedSpacingMs('month')).toBe(30 * D)
  })
})

describe('isGap (spacing plus a half-step margin)', () => {
  it.each([
    ['hour', 0, false],
    ['hour', H, false],
    ['hour', 1.5 * H, false],
    ['hour', 1.5 * H + 1, true],
    ['hour', 2 * H, true],
    ['day', 1.5 * D, false],
    ['day', 2 * D, true],
    ['week', 10.5 * D, false],
    ['week', 10.5 * D + 1, true],
    ['week', 14 * D, true],
    ['month', 45 * D, false],
    ['month', 45 * D + 1, true],
  ] as const)('%s after %d ms → %s', (g, dt, gap) => {
    expect(isGap(1_000_000_000_000, 1_000_000_000_000 + dt, g)).toBe(gap)
  })

  it('connects consecutive calendar months of any length and breaks on a missing month', () => {
    expect(isGap(at('2024-01-01T01:00:00Z'), at('2024-02-01T01:00:00Z'), 'month')).toBe(false)
    expect(isGap(at('2024-02-01T01:00:00Z'), at('2024-03-01T01:00:00Z'), 'month')).toBe(false)
    expect(isGap(at('2024-07-01T01:00:00Z'), at('2024-08-01T01:00:00Z'), 'month')).toBe(false)
    expect(isGap(at('2024-01-01T01:00:00Z'), at('2024-03-01T01:00:00Z'), 'month')).toBe(true)
  })
})
