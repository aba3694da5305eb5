import { describe, expect, it } from 'vitest'
import { dailyPicksEventOn } from './daily-picks-events.ts'

describe('dailyPicksEventOn', () => {
  it.each([
    ['2024-10-23', null],
    ['2024-10-24', 'The Haunt'],
    ['2024-11-02', 'The Haunt'],
    ['2024-11-03', null],
    ['2024-12-31', 'Winter Spotlight'],
    ['2025-01-02', 'Winter Spotlight'],
    ['2025-03-14', 'The Hunt'],
    ['2025-03-25', null],
  ])('%s → %s', (day, name) => {
    expect(dailyPicksEventOn(day)?.name ?? null).toBe(name)
  })
})
