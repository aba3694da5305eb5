import { describe, expect, it } from 'vitest'
import { formatDuration, playtimeAxisLabel } from './duration.ts'

describe('formatDuration', () => {
  it.each([
    [0, '0 sec'],
    [59, '59 sec'],
    [60, '1 min'],
    [61, '1 min 1 sec'],
    [3600, '1 hour'],
    [7260, '2 hours 1 min'],
    [86_400, '1 day'],
    [93_784, '1 day 2 hours 3 min 4 sec'],
    [2 * 86_400 + 5, '2 days 5 sec'],
    [59.9, '59 sec'],
    [-5, '0 sec'],
    [Number.NaN, '0 sec'],
  ])('%d s → %s', (s, text) => {
    expect(formatDuration(s)).toBe(text)
  })
})

describe('playtimeAxisLabel', () => {
  it.each([
    [0, '0s'],
    [42, '42s'],
    [59.9, '59s'],
    [60, '1m 0s'],
    [65, '1m 5s'],
    [3599, '59m 59s'],
    [3600, '1h 0m'],
    [3900, '1h 5m'],
    [90_061, '25h 1m'],
  ])('%d s → %s', (s, text) => {
    expect(playtimeAxisLabel(s)).toBe(text)
  })
})
