import { describe, expect, it } from 'vitest'
import { genreGranularity, genreGranularityView } from './genre-granularity.ts'

describe('genreGranularity', () => {
  it('keeps day, week and month', () => {
    expect(genreGranularity('day')).toBe('day')
    expect(genreGranularity('week')).toBe('week')
    expect(genreGranularity('month')).toBe('month')
  })
  it('falls back to day for hour, unknown and missing values', () => {
    expect(genreGranularity('hour')).toBe('day')
    expect(genreGranularity('year')).toBe('day')
    expect(genreGranularity(undefined)).toBe('day')
  })
})

describe('genreGranularityView (issue 13, point 6)', () => {
  const nowMs = Date.parse('2026-11-18T14:03:00Z')
  it('offers a visitor day and week only: 30 days hold one month start, one point', () => {
    const v = genreGranularityView('month', { visitor: true, nowMs })
    expect(v.options.map((o) => o.value)).toEqual(['day', 'week'])
    expect(v.granularity).toBe('week')
    expect(genreGranularityView(undefined, { visitor: true, nowMs }).granularity).toBe('day')
  })
  it('offers a signed-in user all three (their genre series run from 2022)', () => {
    const v = genreGranularityView('month', { visitor: false, nowMs })
    expect(v.options.map((o) => o.label)).toEqual(['Day', 'Week', 'Month'])
    expect(v.granularity).toBe('month')
  })
})
