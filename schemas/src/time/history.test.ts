import { describe, expect, it } from 'vitest'
import { anchorNeedsSignIn, rankingHistoryStartMs, statsStartMs, visitorHistoryStartMs } from './history.ts'

const D = 86_400_000
const now = Date.parse('2025-06-15T12:00:00Z')

describe('statsStartMs', () => {
  it('is the creation date when known', () => {
    const created = Date.parse('2019-02-03T04:05:06Z')
    expect(statsStartMs(created, now)).toBe(created)
  })

  it('falls back to about 5000 days back when unknown or in the future', () => {
    expect(statsStartMs(null, now)).toBe(now - 5000 * D)
    expect(statsStartMs(undefined, now)).toBe(now - 5000 * D)
    expect(statsStartMs(Number.NaN, now)).toBe(now - 5000 * D)
    expect(statsStartMs(now + 1, now)).toBe(now - 5000 * D)
  })
})

describe('rankingHistoryStartMs', () => {
  it('is three calendar years back', () => {
    expect(new Date(rankingHistoryStartMs(now)).toISOString()).toBe('2022-06-15T12:00:00.000Z')
  })
})

describe('visitor window', () => {
  it('starts 30 days back', () => {
    expect(visitorHistoryStartMs(now)).toBe(now - 30 * D)
  })

  it('asks for sign-in on anchors starting more than 29 days back', () => {
    expect(anchorNeedsSignIn(now - 29 * D, now)).toBe(false)
    expect(anchorNeedsSignIn(now - 29 * D - 1, now)).toBe(true)
    expect(anchorNeedsSignIn(now - 30 * D, now)).toBe(true)
    expect(anchorNeedsSignIn(now - 5 * D, now)).toBe(false)
    expect(anchorNeedsSignIn(null, now)).toBe(false)
  })
})
