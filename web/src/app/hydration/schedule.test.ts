import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHydrationSchedule } from './schedule.ts'

/** A task queue the test runs by hand: each `runTask()` is one task of the browser. */
function tasks() {
  const queue: (() => void)[] = []
  return {
    nextTask: (run: () => void) => queue.push(run),
    get waiting() {
      return queue.length
    },
    runTask() {
      const run = queue.shift()
      if (!run) throw new Error('no task is waiting')
      run()
    },
  }
}

function staged() {
  const t = tasks()
  const events: string[] = []
  const schedule = createHydrationSchedule({
    staged: true,
    nextTask: t.nextTask,
    onReady: () => events.push('ready'),
    trace: (event, id) => events.push(`${event} ${id}`),
  })
  return { schedule, tasks: t, events }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('a staged schedule (a hydrating page)', () => {
  it('opens nothing before the tree outside the boundaries has committed', () => {
    const { schedule, tasks } = staged()
    schedule.register('a')
    schedule.register('b')
    expect(schedule.isOpen('a')).toBe(false)
    expect(tasks.waiting).toBe(0)
  })

  it('gives one boundary its turn per task, in the order they appeared, each after the one before hydrated', async () => {
    const { schedule, tasks, events } = staged()
    for (const id of ['a', 'b', 'c']) schedule.register(id)
    schedule.rootCommitted()
    expect(schedule.isOpen('a')).toBe(false)

    tasks.runTask()
    expect(events).toEqual(['turn a'])
    expect(schedule.isOpen('a')).toBe(true)
    expect(schedule.isOpen('b')).toBe(false)
    await expect(schedule.turn('a')).resolves.toBeUndefined()
    // While a's turn lasts, nothing else is queued.
    expect(tasks.waiting).toBe(0)

    schedule.hydrated('a')
    expect(schedule.isOpen('b')).toBe(false)
    tasks.runTask()
    expect(schedule.isOpen('b')).toBe(true)
    schedule.hydrated('b')
    tasks.runTask()
    schedule.hydrated('c')
    expect(events).toEqual(['turn a', 'hydrated a', 'turn b', 'hydrated b', 'turn c', 'hydrated c', 'ready'])
  })

  it('is ready only once every boundary has hydrated, those that appear inside others included', () => {
    const { schedule, tasks, events } = staged()
    schedule.register('outer')
    schedule.register('sibling')
    schedule.rootCommitted()
    tasks.runTask()
    // The outer boundary's content commits with two boundaries in it (their frames' layout effects run
    // before the outer one reports, in a passive effect).
    schedule.register('inner-1')
    schedule.register('inner-2')
    schedule.hydrated('outer')
    for (const id of ['sibling', 'inner-1']) {
      tasks.runTask()
      schedule.hydrated(id)
      expect(schedule.ready).toBe(false)
    }
    tasks.runTask()
    schedule.hydrated('inner-2')
    expect(schedule.ready).toBe(true)
    expect(events.at(-1)).toBe('ready')
    expect(events.filter((e) => e === 'ready')).toHaveLength(1)
  })

  it('is not ready before the root has committed, even with no boundary', () => {
    const { schedule, events } = staged()
    expect(schedule.ready).toBe(false)
    schedule.rootCommitted()
    expect(schedule.ready).toBe(true)
    expect(events).toEqual(['ready'])
  })

  it('stops waiting for a boundary that left the page before it hydrated', () => {
    const { schedule, tasks } = staged()
    schedule.register('a')
    schedule.register('gone')
    schedule.rootCommitted()
    tasks.runTask()
    // An error page replaced the part: its frame unmounted while waiting.
    schedule.unregister('gone')
    schedule.hydrated('a')
    expect(schedule.ready).toBe(true)
    expect(tasks.waiting).toBe(0)
  })

  it('lets the next boundary start when a turn outlasts its timeout, and still waits for both', () => {
    vi.useFakeTimers()
    const t = tasks()
    const schedule = createHydrationSchedule({ staged: true, nextTask: t.nextTask, turnTimeoutMs: 100 })
    schedule.register('slow')
    schedule.register('next')
    schedule.rootCommitted()
    t.runTask()
    expect(t.waiting).toBe(0)
    vi.advanceTimersByTime(100)
    t.runTask()
    expect(schedule.isOpen('next')).toBe(true)
    schedule.hydrated('next')
    expect(schedule.ready).toBe(false)
    schedule.hydrated('slow')
    expect(schedule.ready).toBe(true)
  })

  it('opens boundaries that appear after the page is ready at once, and stays ready', () => {
    const { schedule, tasks } = staged()
    schedule.rootCommitted()
    expect(schedule.ready).toBe(true)
    schedule.register('later')
    expect(schedule.isOpen('later')).toBe(true)
    expect(tasks.waiting).toBe(0)
    expect(schedule.ready).toBe(true)
  })

  it('counts a boundary once however often it reports', () => {
    const { schedule, tasks, events } = staged()
    schedule.register('a')
    schedule.register('a')
    schedule.rootCommitted()
    tasks.runTask()
    schedule.hydrated('a')
    schedule.hydrated('a')
    expect(events).toEqual(['turn a', 'hydrated a', 'ready'])
  })
})

describe('an unstaged schedule (a page drawn in the browser)', () => {
  it('opens every boundary at once and is ready once the root and every boundary have committed', () => {
    const t = tasks()
    const schedule = createHydrationSchedule({ staged: false, nextTask: t.nextTask })
    schedule.register('a')
    expect(schedule.isOpen('a')).toBe(true)
    expect(schedule.isOpen('never-registered')).toBe(true)
    schedule.rootCommitted()
    expect(schedule.ready).toBe(false)
    schedule.hydrated('a')
    expect(schedule.ready).toBe(true)
    expect(t.waiting).toBe(0)
  })
})
