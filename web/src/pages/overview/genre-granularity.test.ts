import { describe, expect, it } from 'vitest'
import { genreGranularity } from './genre-granularity.ts'

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
