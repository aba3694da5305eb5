import { EventEmitter } from 'node:events'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createLifecycle, type SetTimer, ShutdownStartedError } from './lifecycle.ts'
import { EXIT_CODES, exitThroughLifecycle, type ProcessEvents } from './process-exit.ts'

/** A logger whose lines the test reads. */
function capture() {
  const lines: Array<Record<string, unknown> & { msg: string; level: number }> = []
  const logger = pino({ level: 'debug' }, { write: (s: string) => void lines.push(JSON.parse(s)) })
  return { logger, lines, messages: () => lines.map((l) => l.msg) }
}

/** A deadline timer the test fires itself. */
function manualTimer() {
  const armed: Array<{ fire: () => void; delayMs: number; cancelled: boolean }> = []
  const setTimer: SetTimer = (fire, delayMs) => {
    const t = { fire, delayMs, cancelled: false }
    armed.push(t)
    return () => {
      t.cancelled = true
    }
  }
  return { setTimer, armed }
}

/** A component that records its stop into `order`. */
const component = (name: string, order: string[]) => async () => ({
  stop: async () => void order.push(name),
})

/** A promise and its resolver, to wait on an event instead of a delay. */
function gate<T = void>() {
  let open: (v: T) => void = () => {}
  const opened = new Promise<T>((r) => {
    open = r
  })
  return { open, opened }
}

describe('the lifecycle stack', () => {
  it('stops components in reverse order of their start, with a log line per step', async () => {
    const { logger, lines } = capture()
    const lifecycle = createLifecycle({ logger, deadlineMs: 10_000 })
    const order: string[] = []
    for (const name of ['store', 'sink', 'scheduler']) await lifecycle.start(name, component(name, order))
    lifecycle.add('health server', async () => void order.push('health server'))
    const report = await lifecycle.stop('SIGTERM')
    expect(order).toEqual(['health server', 'scheduler', 'sink', 'store'])
    expect(report.timedOut).toBe(false)
    expect(report.steps.map((s) => [s.name, s.outcome])).toEqual([
      ['health server', 'stopped'],
      ['scheduler', 'stopped'],
      ['sink', 'stopped'],
      ['store', 'stopped'],
    ])
    const stepLines = lines.filter((l) => typeof l.step === 'string').map((l) => l.step)
    expect(stepLines).toEqual(['health server', 'scheduler', 'sink', 'store'])
    expect(lifecycle.signal.aborted).toBe(true)
    // Idempotent: a second stop (a fatal error during shutdown) returns the same report.
    expect(await lifecycle.stop('again')).toBe(report)
  })

  it('logs a failed step and goes on with the next', async () => {
    const { logger, lines } = capture()
    const lifecycle = createLifecycle({ logger, deadlineMs: 10_000 })
    const order: string[] = []
    await lifecycle.start('store', component('store', order))
    lifecycle.add('bus', async () => {
      throw new Error('broker gone')
    })
    const report = await lifecycle.stop('SIGTERM')
    expect(report.steps.map((s) => s.outcome)).toEqual(['failed', 'stopped'])
    expect(order).toEqual(['store'])
    const failed = lines.find((l) => l.msg === 'shutdown step failed')
    expect(failed?.step).toBe('bus')
    expect(JSON.stringify(failed?.err)).toContain('broker gone')
  })

  it('abandons a stop that never resolves at the deadline and skips the rest', async () => {
    const { logger, messages } = capture()
    const timer = manualTimer()
    const lifecycle = createLifecycle({ logger, deadlineMs: 5_000, setTimer: timer.setTimer })
    const order: string[] = []
    await lifecycle.start('store', component('store', order))
    const stuck = gate()
    lifecycle.add('sink', () => {
      stuck.open()
      return new Promise<void>(() => {}) // a Kafka drain that never ends
    })
    await lifecycle.start('scheduler', component('scheduler', order))
    const stopping = lifecycle.stop('SIGTERM')
    await stuck.opened
    expect(timer.armed.map((t) => t.delayMs)).toEqual([5_000])
    timer.armed[0]!.fire()
    const report = await stopping
    expect(report.timedOut).toBe(true)
    expect(report.steps.map((s) => [s.name, s.outcome])).toEqual([
      ['scheduler', 'stopped'],
      ['sink', 'abandoned'],
      ['store', 'skipped'],
    ])
    expect(order).toEqual(['scheduler'])
    expect(messages()).toContain('shutdown step abandoned at the deadline')
    expect(messages()).toContain('shutdown deadline passed')
  })

  it('cancels the deadline once every step stopped in time', async () => {
    const timer = manualTimer()
    const lifecycle = createLifecycle({ logger: pino({ level: 'silent' }), deadlineMs: 5_000, ...timer })
    await lifecycle.start('store', component('store', []))
    await lifecycle.stop('SIGTERM')
    expect(timer.armed.map((t) => t.cancelled)).toEqual([true])
  })

  it('unwinds the components already started when a later one fails to start', async () => {
    const lifecycle = createLifecycle({ logger: pino({ level: 'silent' }), deadlineMs: 10_000 })
    const order: string[] = []
    const failure = new Error('ClickHouse refused the connection')
    await expect(
      lifecycle.boot(async () => {
        await lifecycle.start('health server', component('health server', order))
        await lifecycle.start('bus', component('bus', order))
        await lifecycle.start('store', async () => {
          throw failure
        })
        await lifecycle.start('never', component('never', order))
      }),
    ).rejects.toBe(failure)
    expect(order).toEqual(['bus', 'health server'])
  })

  it('stops a component that finished starting during shutdown, and ends start-up there', async () => {
    const lifecycle = createLifecycle({ logger: pino({ level: 'silent' }), deadlineMs: 10_000 })
    const order: string[] = []
    await lifecycle.start('store', component('store', order))
    const backfillStarted = gate()
    const release = gate()
    const booting = lifecycle.boot(async () => {
      await lifecycle.start('api', async () => {
        backfillStarted.open()
        await release.opened
        return { stop: async () => void order.push('api') }
      })
      await lifecycle.start('pollers', component('pollers', order))
    })
    await backfillStarted.opened
    const stopping = lifecycle.stop('SIGTERM')
    expect(lifecycle.signal.aborted).toBe(true)
    release.open()
    await expect(booting).rejects.toBeInstanceOf(ShutdownStartedError)
    await stopping
    // The late component stopped too, pollers never started.
    expect(order.sort()).toEqual(['api', 'store'])
  })
})

/** Stands in for `process`: the test emits signals and errors and reads the exit code. */
class FakeProcess extends EventEmitter implements ProcessEvents {
  readonly exits: number[] = []
  readonly exited = gate<number>()
  exit(code: number): void {
    this.exits.push(code)
    this.exited.open(code)
  }
}

describe('exitThroughLifecycle', () => {
  it('stops on the first SIGTERM and exits 0', async () => {
    const proc = new FakeProcess()
    const lifecycle = createLifecycle({ logger: pino({ level: 'silent' }), deadlineMs: 10_000 })
    const order: string[] = []
    await lifecycle.start('store', component('store', order))
    const guard = exitThroughLifecycle(lifecycle, pino({ level: 'silent' }), proc)
    proc.emit('SIGTERM', 'SIGTERM')
    expect(await guard.exited).toBe(EXIT_CODES.stopped)
    expect(proc.exits).toEqual([0])
    expect(order).toEqual(['store'])
  })

  it('exits at once with 130 on a second signal while a stop hangs', async () => {
    const proc = new FakeProcess()
    const lifecycle = createLifecycle({ logger: pino({ level: 'silent' }), deadlineMs: 60_000 })
    const stuck = gate()
    lifecycle.add('sink', () => {
      stuck.open()
      return new Promise<void>(() => {})
    })
    exitThroughLifecycle(lifecycle, pino({ level: 'silent' }), proc)
    proc.emit('SIGINT', 'SIGINT')
    await stuck.opened
    proc.emit('SIGINT', 'SIGINT')
    expect(await proc.exited.opened).toBe(EXIT_CODES.interrupted)
    expect(proc.exits).toEqual([130])
  })

  it('logs an unhandled rejection, stops cleanly and exits 1', async () => {
    const proc = new FakeProcess()
    const { logger, lines } = capture()
    const lifecycle = createLifecycle({ logger, deadlineMs: 10_000 })
    const order: string[] = []
    await lifecycle.start('store', component('store', order))
    const guard = exitThroughLifecycle(lifecycle, logger, proc)
    proc.emit('unhandledRejection', new Error('a promise nobody awaited'))
    expect(await guard.exited).toBe(EXIT_CODES.failed)
    expect(order).toEqual(['store'])
    const fatal = lines.find((l) => l.level === 60)
    expect(fatal?.msg).toBe('unhandled rejection: stopping')
    expect(JSON.stringify(fatal?.err)).toContain('a promise nobody awaited')
  })

  it('exits 1 when shutdown passes its deadline', async () => {
    const proc = new FakeProcess()
    const timer = manualTimer()
    const lifecycle = createLifecycle({ logger: pino({ level: 'silent' }), deadlineMs: 1_000, ...timer })
    const stuck = gate()
    lifecycle.add('bus', () => {
      stuck.open()
      return new Promise<void>(() => {})
    })
    const guard = exitThroughLifecycle(lifecycle, pino({ level: 'silent' }), proc)
    proc.emit('uncaughtException', new Error('boom'))
    await stuck.opened
    timer.armed[0]!.fire()
    expect(await guard.exited).toBe(EXIT_CODES.failed)
    expect(proc.exits).toEqual([1])
  })
})
