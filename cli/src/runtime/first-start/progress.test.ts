import { describe, expect, it } from 'vitest'
import { newestFirstPlan } from './chunks.ts'
import { createFillProgress, fillReadiness } from './progress.ts'
import type { FillingRecord } from './state.ts'

const DAY = 86_400_000
const plan = newestFirstPlan(28, Date.UTC(2026, 10, 18, 12, 0, 0))
/** Nothing in yet. */
const fresh: FillingRecord = { ...plan, doneFromMs: plan.toMs, snapshots: 0 }

function wall() {
  let t = 0
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

describe('the backfill progress', () => {
  it('counts days in newest first, the chunk under way included, with the time left at the pace so far', () => {
    const clock = wall()
    const progress = createFillProgress(fresh, clock.now)
    expect(progress.view()).toMatchObject({ phase: 'recent', daysIn: 0, etaMs: null, recentVisible: false })
    progress.chunkStarted({ fromMs: plan.recentFromMs, toMs: plan.toMs })
    // Half the first chunk (7 days) published in 10 s: 3.5 of 28 days, 24.5 to go at 0.35 days/s.
    progress.published(plan.recentFromMs + 3.5 * DAY)
    clock.advance(10_000)
    const view = progress.view()
    expect(view.daysIn).toBeCloseTo(3.5)
    expect(view.etaMs).toBeCloseTo(70_000)
    expect(view.visibleDays).toBe(0)
  })

  it('is not ready until the newest days are visible; then ready, or not until the end when so configured', () => {
    const progress = createFillProgress(fresh, wall().now)
    expect(fillReadiness(progress.view(), 'recent')).toMatchObject({ ok: false })
    progress.visible({ ...fresh, doneFromMs: plan.recentFromMs, snapshots: 1000 })
    const recent = fillReadiness(progress.view(), 'recent')
    expect(recent.ok).toBe(true)
    expect(recent.detail).toMatch(
      /^serving the newest 7 days; older history filling in: 7 of 28 days in \(newest first\)/,
    )
    expect(recent.progress).toMatchObject({ done: 7.5, total: 28, unit: 'days' })
    expect(fillReadiness(progress.view(), 'complete').ok).toBe(false)
    progress.finished(4000)
    expect(fillReadiness(progress.view(), 'complete')).toEqual({
      ok: true,
      detail: '4000 snapshots over 28 days',
      progress: { done: 28, total: 28, unit: 'days', etaSeconds: 0 },
    })
  })

  it('says a failure and stays ready only if the newest days were in', () => {
    const early = createFillProgress(fresh, wall().now)
    early.failed(new Error('store down'))
    expect(fillReadiness(early.view(), 'recent')).toMatchObject({ ok: false })
    const late = createFillProgress({ ...fresh, doneFromMs: plan.recentFromMs }, wall().now)
    late.failed(new Error('store down'))
    const check = fillReadiness(late.view(), 'recent')
    expect(check.ok).toBe(true)
    expect(check.detail).toMatch(/store down.*a restart resumes it/)
  })
})
