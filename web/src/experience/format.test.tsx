import { describe, expect, it } from 'vitest'
import { formatAgeLimit, formatDate, formatPlayStatus, formatPrice, isSetDate } from './format.ts'

describe('experience formatting', () => {
  it('shows a price of 0 as Free, others in Robux', () => {
    expect(formatPrice(0)).toBe('Free')
    expect(formatPrice(25)).toBe('25 Robux')
    expect(formatPrice(1500)).toBe('1,500 Robux')
  })

  it('shows age 0 as All Ages and none as Not Rated', () => {
    expect(formatAgeLimit(0)).toBe('All Ages')
    expect(formatAgeLimit(null)).toBe('Not Rated')
    expect(formatAgeLimit(13)).toBe('13+')
  })

  it('names the play statuses, guest prohibited as Private', () => {
    expect([0, 1, 2, 3, 5, 9].map(formatPlayStatus)).toEqual([
      'Unknown',
      'Playable',
      'Private',
      'Unapproved',
      'Private',
      'Under Review',
    ])
    expect(formatPlayStatus(7)).toBe('Unknown')
  })

  it('treats a year below 2 as an unset date', () => {
    expect(isSetDate('0001-01-01T00:00:00.000Z')).toBe(false)
    expect(formatDate('0001-01-01T00:00:00.000Z')).toBe('-')
    expect(isSetDate('2024-03-05T12:00:00.000Z')).toBe(true)
    expect(formatDate('2024-03-05T12:00:00.000Z')).toBe('Mar 5, 2024')
  })
})
