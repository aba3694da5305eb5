import { describe, expect, it } from 'vitest'
import {
  type DailyVotes,
  RECENT_LIKES_MIN_VOTES,
  recentLikePercentage,
  recentLikes,
  voteDeltas,
} from './recent-likes.ts'

const DAY = 86_400_000
const D0 = Date.parse('2026-11-01T01:00:00Z')
const day = (i: number) => D0 + i * DAY

/** Totals from per-day [up, down] increments on top of a starting total. */
function totals(start: [number, number], increments: readonly [number, number][]): DailyVotes[] {
  let [up, down] = start
  const out: DailyVotes[] = [{ dayStartMs: day(0), up, down }]
  increments.forEach(([u, d], i) => {
    up += u
    down += d
    out.push({ dayStartMs: day(i + 1), up, down })
  })
  return out
}

describe('recent like % from vote deltas (issue 20.4)', () => {
  it('the minimum the methodology states', () => {
    expect(RECENT_LIKES_MIN_VOTES).toBe(100)
  })

  it('deltas are the rises of each total since the previous day with totals', () => {
    expect(
      voteDeltas([
        { dayStartMs: day(0), up: 1000, down: 100 },
        { dayStartMs: day(1), up: 1080, down: 120 },
        { dayStartMs: day(3), up: 1100, down: 125 }, // after a missing day: the gap's votes
      ]),
    ).toEqual([
      { dayStartMs: day(1), up: 80, down: 20 },
      { dayStartMs: day(3), up: 20, down: 5 },
    ])
  })

  it('a falling total adds nothing that day; a reset counts again from the new total', () => {
    expect(
      voteDeltas([
        { dayStartMs: day(0), up: 5000, down: 500 },
        { dayStartMs: day(1), up: 4990, down: 530 }, // ten up-votes removed, 30 new down-votes
        { dayStartMs: day(2), up: 0, down: 0 }, // the platform reset the counts
        { dayStartMs: day(3), up: 40, down: 10 },
      ]),
    ).toEqual([
      { dayStartMs: day(1), up: 0, down: 30 },
      { dayStartMs: day(2), up: 0, down: 0 },
      { dayStartMs: day(3), up: 40, down: 10 },
    ])
  })

  it('an old game: 90 % lifetime, but the last 7 days voted 60 %', () => {
    // 1,000,000 up and 111,111 down lifetime; then 7 days of 60 up, 40 down each.
    const days = totals(
      [1_000_000, 111_111],
      Array.from({ length: 7 }, () => [60, 40] as [number, number]),
    )
    const points = recentLikes(days, 7, day(0), day(7))
    // Only day 7's window (days 1..7) has its baseline (day 0) on the day before it starts.
    expect(points).toEqual([{ dayStartMs: day(7), windowDays: 7, up: 420, down: 280, likePercentage: 60 }])
  })

  it('rolls: each day gives the window ending with it', () => {
    const days = totals(
      [0, 0],
      [
        [50, 50],
        [50, 50],
        [50, 50],
        [50, 50],
        [50, 50],
        [50, 50],
        [50, 50],
        [100, 0],
      ],
    )
    const points = recentLikes(days, 7, day(0), day(8))
    expect(points.map((p) => [p.dayStartMs, p.up, p.down, p.likePercentage])).toEqual([
      [day(7), 350, 350, 50],
      [day(8), 400, 300, 57.1],
    ])
  })

  it('not shown below the minimum number of votes, shown at it', () => {
    expect(recentLikePercentage(60, 39)).toBeNull()
    expect(recentLikePercentage(60, 40)).toBe(60)
    const few = totals(
      [100, 10],
      Array.from({ length: 7 }, () => [10, 4] as [number, number]),
    ) // 98 votes
    expect(recentLikes(few, 7, day(0), day(7))).toEqual([
      { dayStartMs: day(7), windowDays: 7, up: 70, down: 28, likePercentage: null },
    ])
  })

  it('a reset inside the window: only the rises count', () => {
    const days: DailyVotes[] = [
      { dayStartMs: day(0), up: 900, down: 100 },
      { dayStartMs: day(1), up: 960, down: 140 }, // +60 +40
      { dayStartMs: day(2), up: 0, down: 0 }, // reset
      { dayStartMs: day(3), up: 30, down: 20 }, // +30 +20
      { dayStartMs: day(4), up: 60, down: 40 },
      { dayStartMs: day(5), up: 90, down: 60 },
      { dayStartMs: day(6), up: 120, down: 80 },
      { dayStartMs: day(7), up: 150, down: 100 },
    ]
    expect(recentLikes(days, 7, day(7), day(7))).toEqual([
      { dayStartMs: day(7), windowDays: 7, up: 210, down: 140, likePercentage: 60 },
    ])
  })

  it('the 30-day window needs totals from the day before its first day', () => {
    const days = totals(
      [0, 0],
      Array.from({ length: 30 }, () => [4, 1] as [number, number]),
    )
    expect(recentLikes(days, 30, day(0), day(30))).toEqual([
      { dayStartMs: day(30), windowDays: 30, up: 120, down: 30, likePercentage: 80 },
    ])
    // Only the days asked for are answered.
    expect(recentLikes(days, 7, day(29), day(30)).map((p) => p.dayStartMs)).toEqual([day(29), day(30)])
  })
})

describe('recentLikes against a day-by-day recount', () => {
  it('agrees on a long series with gaps, falls and a reset', () => {
    // A fixed pseudo-random walk (no Math.random: the same series every run).
    let seed = 7
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    const days: DailyVotes[] = []
    let up = 50_000
    let down = 9_000
    for (let i = 0; i < 120; i++) {
      if (next() < 0.1) continue // a day without totals
      up += Math.floor(next() * 40) - (next() < 0.1 ? 30 : 0)
      down += Math.floor(next() * 15) - (next() < 0.1 ? 10 : 0)
      if (i === 60) [up, down] = [3, 1] // the platform resets the counts
      days.push({ dayStartMs: day(i), up, down })
    }
    for (const w of [7, 30] as const) {
      const got = recentLikes(days, w, day(0), day(119))
      expect(got.length).toBeGreaterThan(50)
      for (const p of got) {
        // Recount: every delta whose day lies in the window ending at p.
        const inWindow = voteDeltas(days).filter(
          (d) => d.dayStartMs > p.dayStartMs - w * DAY && d.dayStartMs <= p.dayStartMs,
        )
        const u = inWindow.reduce((a, d) => a + d.up, 0)
        const dn = inWindow.reduce((a, d) => a + d.down, 0)
        expect([p.up, p.down, p.likePercentage]).toEqual([u, dn, recentLikePercentage(u, dn)])
      }
    }
  })
})
