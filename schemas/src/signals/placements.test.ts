import { describe, expect, it } from 'vitest'
import { dayChanges, type PlacementDay, placementSummary } from './placements.ts'

const D = 86_400_000
const day = (n: number) => Date.UTC(2026, 10, 1) + n * D
const ranked = (n: number, rank: number, slotsAtBest = 1): PlacementDay => ({
  day: day(n),
  bestRank: rank,
  slotsAtBest,
  sponsored: false,
})
const captured = (...ns: number[]) => ns.map(day)

describe('placementSummary', () => {
  it('detects an entry and an exit against the previous captured day', () => {
    const s = placementSummary([ranked(2, 7), ranked(3, 4)], captured(0, 1, 2, 3, 4, 5))
    expect(s.changes).toEqual([
      { kind: 'entry', day: day(2), rank: 7 },
      { kind: 'exit', day: day(4), rank: 4 },
    ])
    expect(s.daysInCategory).toBe(2)
    expect(s.current).toBe(false)
  })

  it('does not count being there when the record starts as an entry', () => {
    const s = placementSummary([ranked(0, 3), ranked(1, 3)], captured(0, 1))
    expect(s.changes).toEqual([])
    expect(s.current).toBe(true)
  })

  it('does not read a day the category was not captured as an exit', () => {
    // day 2 missing from the captures: days 1 and 3 are consecutive captured days
    const s = placementSummary([ranked(1, 5), ranked(3, 6)], captured(0, 1, 3))
    expect(s.changes).toEqual([{ kind: 'entry', day: day(1), rank: 5 }])
  })

  it('keeps the best rank, its first day and the captures at it across days', () => {
    const s = placementSummary(
      [ranked(0, 5, 9), ranked(1, 2, 3), ranked(2, 4, 6), ranked(3, 2, 5)],
      captured(0, 1, 2, 3),
    )
    expect(s).toMatchObject({ bestRank: 2, bestRankFirstDay: day(1), slotsAtBestRank: 8 })
  })

  it('flags sponsored days without counting them as days in the category or entries', () => {
    const sponsoredOnly: PlacementDay = { day: day(1), bestRank: null, slotsAtBest: 0, sponsored: true }
    const both: PlacementDay = { ...ranked(2, 9), sponsored: true }
    const s = placementSummary([sponsoredOnly, both], captured(0, 1, 2))
    expect(s.sponsoredDays).toBe(2)
    expect(s.daysInCategory).toBe(1)
    expect(s.changes).toEqual([{ kind: 'entry', day: day(2), rank: 9 }])
  })

  it('has no best rank without a ranked day', () => {
    expect(placementSummary([], captured(0, 1))).toMatchObject({
      bestRank: null,
      bestRankFirstDay: null,
      changes: [],
    })
  })
})

describe('dayChanges', () => {
  it('lists who entered and who left', () => {
    expect(dayChanges([1, 2, 3], [2, 3, 4])).toEqual({ entered: [1], left: [4] })
    expect(dayChanges([1], [1])).toEqual({ entered: [], left: [] })
  })
})
