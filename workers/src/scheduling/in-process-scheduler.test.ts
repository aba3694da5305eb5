import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createInProcessScheduler } from './in-process-scheduler.ts'
import { nextAlignedAfter } from './scheduler.ts'
import { virtualTimers } from './virtual-timers.ts'

const logger = pino({ level: 'silent' })
const settle = () => new Promise<void>((r) => setImmediate(r))

describe('nextAlignedAfter', () => {
  it('gives the next boundary plus offset, strictly after t', () => {
    expect(nextAlignedAfter(1_000, 600, 0)).toBe(1_200)
    expect(nextAlignedAfter(1_200, 600, 0)).toBe(1_800)
    expect(nextAlignedAfter(1_000, 600, 100)).toBe(1_300)
    expect(nextAlignedAfter(1_299, 600, 100)).toBe(1_300)
    expect(nextAlignedAfter(1_300, 600, 100)).toBe(1_900)
  })
})

describe('in-process scheduler', () => {
  it('runs jobs on their aligned boundaries with their offsets', async () => {
    const time = virtualTimers(1_000_123)
    const scheduler = createInProcessScheduler({ clock: time.clock, logger, setTimer: time.setTimer })
    const a: number[] = []
    const b: number[] = []
    scheduler.register({ name: 'a', everyMs: 1000, run: async (ctx) => void a.push(ctx.scheduledFor) })
    scheduler.register({
      name: 'b',
      everyMs: 1000,
      offsetMs: 250,
      run: async (ctx) => void b.push(ctx.scheduledFor),
    })
    await scheduler.start()
    await time.advanceTo(1_003_100)
    expect(a).toEqual([1_001_000, 1_002_000, 1_003_000])
    expect(b).toEqual([1_000_250, 1_001_250, 1_002_250])
    await scheduler.stop()
    expect(time.pending()).toBe(0)
  })

  it('does not start a run while the previous one is still going, then resumes', async () => {
    const time = virtualTimers(0)
    const scheduler = createInProcessScheduler({ clock: time.clock, logger, setTimer: time.setTimer })
    const started: number[] = []
    let release: () => void = () => {}
    let concurrent = 0
    let maxConcurrent = 0
    scheduler.register({
      name: 'slow',
      everyMs: 100,
      run: async (ctx) => {
        started.push(ctx.scheduledFor)
        concurrent++
        maxConcurrent = Math.max(maxConcurrent, concurrent)
        if (ctx.scheduledFor === 100) await new Promise<void>((r) => (release = r))
        concurrent--
      },
    })
    await scheduler.start()
    await time.advanceTo(450)
    expect(started).toEqual([100])
    release()
    await settle()
    await time.advanceTo(650)
    expect(started).toEqual([100, 500, 600])
    expect(maxConcurrent).toBe(1)
    await scheduler.stop()
  })

  it('logs a failed run and still runs the next boundary', async () => {
    const time = virtualTimers(0)
    const lines: string[] = []
    const capture = pino({ level: 'error' }, { write: (s: string) => void lines.push(s) })
    const scheduler = createInProcessScheduler({
      clock: time.clock,
      logger: capture,
      setTimer: time.setTimer,
    })
    const runs: number[] = []
    scheduler.register({
      name: 'flaky',
      everyMs: 100,
      run: async (ctx) => {
        runs.push(ctx.scheduledFor)
        if (runs.length === 1) throw new Error('upstream down')
      },
    })
    await scheduler.start()
    await time.advanceTo(250)
    expect(runs).toEqual([100, 200])
    expect(lines.join('')).toContain('upstream down')
    await scheduler.stop()
  })

  it('stop() waits for the running job and schedules nothing after', async () => {
    const time = virtualTimers(0)
    const scheduler = createInProcessScheduler({ clock: time.clock, logger, setTimer: time.setTimer })
    const runs: number[] = []
    let finish: () => void = () => {}
    let runFinished = false
    let startedResolve: () => void = () => {}
    const startedRun = new Promise<void>((r) => (startedResolve = r))
    scheduler.register({
      name: 'job',
      everyMs: 20,
      run: async (ctx) => {
        runs.push(ctx.scheduledFor)
        startedResolve()
        await new Promise<void>((r) => (finish = r))
        runFinished = true
      },
    })
    await scheduler.start()
    await time.advanceTo(20)
    await startedRun
    // stop() resolves only after the run it found has finished: the run is let go after stop() began.
    let finishedBeforeStopped = false
    const stopped = scheduler.stop().then(() => {
      finishedBeforeStopped = runFinished
    })
    finish()
    await stopped
    expect(finishedBeforeStopped).toBe(true)
    // Nothing is armed any more: however far time goes, no boundary fires.
    expect(time.pending()).toBe(0)
    await time.advanceTo(10_000)
    expect(runs).toEqual([20])
  })

  it('aborts the signal of a job that outlives the stop grace period', async () => {
    const scheduler = createInProcessScheduler({ clock: { now: () => Date.now() }, logger, stopGraceMs: 30 })
    let sawAbort = false
    let startedResolve: () => void = () => {}
    const startedRun = new Promise<void>((r) => (startedResolve = r))
    scheduler.register({
      name: 'long',
      everyMs: 10,
      run: (ctx) =>
        new Promise<void>((resolve) => {
          startedResolve()
          ctx.signal.addEventListener('abort', () => {
            sawAbort = true
            resolve()
          })
        }),
    })
    await scheduler.start()
    await startedRun
    await scheduler.stop()
    expect(sawAbort).toBe(true)
  })

  it('rejects an offset outside the interval and duplicate names', () => {
    const scheduler = createInProcessScheduler({ clock: { now: () => 0 }, logger })
    expect(() =>
      scheduler.register({ name: 'x', everyMs: 100, offsetMs: 100, run: async () => {} }),
    ).toThrow()
    scheduler.register({ name: 'y', everyMs: 100, run: async () => {} })
    expect(() => scheduler.register({ name: 'y', everyMs: 100, run: async () => {} })).toThrow(/already/)
  })
  it('refuses a plan without its run: timers can only start what this process runs', () => {
    const scheduler = createInProcessScheduler({ clock: { now: () => 0 }, logger })
    expect(() => scheduler.schedule({ name: 'elsewhere', everyMs: 100 })).toThrow(/register the job/)
  })
})
