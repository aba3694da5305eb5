import { describe, expect, it } from 'vitest'
import { type HistoryChunk, liveSlotsFrom, newestFirstPlan, nextChunk } from './chunks.ts'

const DAY = 86_400_000
const SLOT = 600_000

/** Every chunk of a plan, in the order the backfill takes them. */
function chunksOf(days: number, now: number, chunkDays = 7): HistoryChunk[] {
  const plan = newestFirstPlan(days, now)
  const out: HistoryChunk[] = []
  for (let c = nextChunk(plan, plan.toMs, chunkDays); c; c = nextChunk(plan, c.fromMs, chunkDays)) out.push(c)
  return out
}

describe('the newest-first plan', () => {
  // Wednesday 18 November 2026, 14:03 UTC.
  const now = Date.UTC(2026, 10, 18, 14, 3, 0)

  it('covers the days before now up to and including the slot of now', () => {
    const plan = newestFirstPlan(120, now)
    expect(plan.toMs).toBe(Date.UTC(2026, 10, 18, 14, 10, 0))
    expect(plan.fromMs).toBe(plan.toMs - 120 * DAY)
  })

  it('takes the 7 whole days before the day in progress first, then 7 days at a time back, each a day start', () => {
    const chunks = chunksOf(30, now)
    // The day in progress began at 01:00 UTC today; the first chunk reaches 7 whole days before it.
    expect(chunks[0]).toEqual({
      fromMs: Date.UTC(2026, 10, 11, 1, 0, 0),
      toMs: Date.UTC(2026, 10, 18, 14, 10, 0),
    })
    expect(chunks[1]).toEqual({
      fromMs: Date.UTC(2026, 10, 4, 1, 0, 0),
      toMs: Date.UTC(2026, 10, 11, 1, 0, 0),
    })
    // In minutes: 7 days 13 h 10 min, three weeks, and the 1 day 10 h 50 min left of the 30 days.
    expect(chunks.map((c) => (c.toMs - c.fromMs) / 60_000)).toEqual([
      (7 * 24 + 13) * 60 + 10,
      7 * 24 * 60,
      7 * 24 * 60,
      7 * 24 * 60,
      34 * 60 + 50,
    ])
  })

  it('is contiguous and newest first, with no gap and no overlap, whatever the chunk size', () => {
    for (const [days, chunkDays] of [
      [120, 7],
      [35, 14],
      [1, 7],
      [8, 7],
    ] as const) {
      const plan = newestFirstPlan(days, now)
      const chunks = chunksOf(days, now, chunkDays)
      expect(chunks[0]?.toMs).toBe(plan.toMs)
      expect(chunks.at(-1)?.fromMs).toBe(plan.fromMs)
      for (const [i, c] of chunks.entries()) {
        expect(c.fromMs).toBeLessThan(c.toMs)
        expect(c.fromMs % SLOT).toBe(0)
        if (i > 0) expect(c.toMs).toBe(chunks[i - 1]?.fromMs)
      }
    }
  })

  it('keeps to the range when it is shorter than the first chunk', () => {
    expect(chunksOf(1, now)).toEqual([
      { fromMs: newestFirstPlan(1, now).fromMs, toMs: newestFirstPlan(1, now).toMs },
    ])
  })

  it('resumes with the rest of an interrupted first chunk, else the chunk before what is in', () => {
    const plan = newestFirstPlan(30, now)
    expect(nextChunk(plan, plan.toMs)).toEqual({ fromMs: plan.recentFromMs, toMs: plan.toMs })
    expect(nextChunk(plan, plan.recentFromMs)).toEqual({
      fromMs: plan.recentFromMs - 7 * DAY,
      toMs: plan.recentFromMs,
    })
    expect(nextChunk(plan, plan.fromMs)).toBeNull()
  })

  it('lets live slots begin at the midnight of the last slot’s date (daily picks are keyed there)', () => {
    expect(liveSlotsFrom(newestFirstPlan(30, now))).toBe(Date.UTC(2026, 10, 18))
  })
})
