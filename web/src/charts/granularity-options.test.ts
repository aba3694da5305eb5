import { describe, expect, it } from 'vitest'
import { bucketsInView, effectiveGranularity, offeredGranularities } from './granularity-options.ts'

const t = (iso: string) => Date.parse(iso)
const DAY = 86_400_000
const ALL = ['hour', 'day', 'week', 'month'] as const

describe('bucketsInView (the API’s rule: whole periods from the start’s, the one in progress included)', () => {
  it('gives a visitor one month in the middle of a month: the 30 days begin inside the month before', () => {
    const nowMs = t('2026-11-18T14:03:00Z')
    expect(bucketsInView('month', { startMs: nowMs - 30 * DAY, nowMs, visitor: true })).toBe(1)
    // A signed-in user's start snaps down to October: October and November.
    expect(bucketsInView('month', { startMs: nowMs - 30 * DAY, nowMs, visitor: false })).toBe(2)
  })

  it('counts month starts inside a visitor’s window at 01:00 on the 1st and just before', () => {
    // The window opens 2 May 01:00: only June starts inside it (in progress, no slot yet).
    expect(bucketsInView('month', { startMs: 0, nowMs: t('2026-06-01T01:00:00Z'), visitor: true })).toBe(1)
    // A second earlier May is in progress and began before the window: no month at all.
    expect(bucketsInView('month', { startMs: 0, nowMs: t('2026-06-01T00:59:59Z'), visitor: true })).toBe(0)
    // On 2 March the window opens 31 January: February and March.
    expect(bucketsInView('month', { startMs: 0, nowMs: t('2026-03-02T12:00:00Z'), visitor: true })).toBe(2)
  })

  it('counts weeks and days over a one-day range', () => {
    // Wednesday noon: the day before is the same week.
    const nowMs = t('2026-11-18T12:00:00Z')
    const view = { startMs: nowMs - DAY, nowMs, visitor: false }
    expect(bucketsInView('week', view)).toBe(1)
    expect(bucketsInView('day', view)).toBe(2)
  })
})

describe('offeredGranularities', () => {
  const nowMs = t('2026-11-18T14:03:00Z')
  it('leaves Month out of a visitor’s 30 days and keeps it for a user', () => {
    expect(offeredGranularities(ALL, { startMs: nowMs - 30 * DAY, nowMs, visitor: true })).toEqual([
      'hour',
      'day',
      'week',
    ])
    expect(offeredGranularities(ALL, { startMs: nowMs - 30 * DAY, nowMs, visitor: false })).toEqual(ALL)
    // The whole history (All): everything.
    expect(offeredGranularities(ALL, { startMs: undefined, nowMs, visitor: false })).toEqual(ALL)
  })

  it('keeps only what two points fit over a short range, and never nothing', () => {
    expect(offeredGranularities(ALL, { startMs: nowMs - DAY, nowMs, visitor: false })).toEqual([
      'hour',
      'day',
    ])
    expect(
      offeredGranularities(['week', 'month'], { startMs: nowMs - 60_000, nowMs, visitor: false }),
    ).toEqual(['week'])
  })
})

describe('effectiveGranularity', () => {
  it('keeps an offered choice and otherwise takes the coarsest finer one', () => {
    expect(effectiveGranularity('month', ['hour', 'day', 'week', 'month'])).toBe('month')
    expect(effectiveGranularity('month', ['hour', 'day', 'week'])).toBe('week')
    expect(effectiveGranularity('week', ['hour', 'day'])).toBe('day')
    expect(effectiveGranularity('hour', ['day', 'week'])).toBe('day')
  })
})
