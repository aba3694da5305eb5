import { describe, expect, it } from 'vitest'
import { normalizeRelease, UNSET_RELEASE } from './place-overlay.ts'

describe('release dates as saved', () => {
  it('keeps valid dates and instants, and saves empty or invalid input as the year 0001', () => {
    expect(normalizeRelease('2024-02-29')).toBe('2024-02-29T00:00:00.000Z')
    expect(normalizeRelease(' 2023-07-01T12:30:00+02:00 ')).toBe('2023-07-01T10:30:00.000Z')
    for (const bad of [
      '',
      '   ',
      'yesterday',
      '2023-02-29',
      '2023-13-01',
      '0001-01-01',
      '12/05/2020',
      '2020-5-1',
    ]) {
      expect(normalizeRelease(bad), bad).toBe(UNSET_RELEASE)
    }
  })
})
