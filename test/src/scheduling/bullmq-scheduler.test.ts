import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { waitFor } from '@ludex/schemas/testing'
import type { Scheduler } from '@ludex/workers'
import { createBullmqScheduler } from '@ludex/workers/bullmq'
import pino, { type Logger } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../harness/redis-server.ts'

const silent = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const STALLING_WORKER = fileURLToPath(new URL('./fixtures/stalling-worker.ts', import.meta.url))

/** A logger whose lines the test can read. */
function capturingLogger(): { logger: Logger; messages: () => string[] } {
  const lines: string[] = []
  const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) })
  return { logger, messages: () => lines.map((l) => (JSON.parse(l) as { msg: string }).msg) }
}

describe('BullMQ scheduler on a real redis-server', () => {
  let redis: RedisServer
  let queues = 0
  const opened: Scheduler[] = []
  const open = (
    o: Omit<Parameters<typeof createBullmqScheduler>[0], 'redisUrl' | 'logger'> & { logger?: Logger },
  ) => {
    const s = createBullmqScheduler({ redisUrl: redis.url, logger: silent, ...o })
    opened.push(s)
    return s
  }
  const nextQueue = () => `sched-${++queues}`

  beforeAll(async () => {
    redis = await startRedisServer()
  })
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.stop()))
  })
  afterAll(async () => {
    await redis?.stop()
  })

  it('retries a failed run with exponential backoff, in the slot it was scheduled for', async () => {
    const backoffMs = 100
    const s = open({ queueName: nextQueue(), attempts: 3, backoffMs })
    const attempts: Array<{ scheduledFor: number; at: number }> = []
    s.register({
      name: 'retry',
      everyMs: 1_000,
      run: async (ctx) => {
        attempts.push({ scheduledFor: ctx.scheduledFor, at: Date.now() })
        const ofSlot = attempts.filter((a) => a.scheduledFor === ctx.scheduledFor).length
        if (ofSlot < 3) throw new Error(`attempt ${ofSlot} fails`)
      },
    })
    await s.start()
    await waitFor('three attempts', () => attempts.length >= 3, { everyMs: 20 })
    const first = attempts.slice(0, 3)
    // All three tries belong to one occurrence and keep its slot, although they start later and later.
    expect(new Set(first.map((a) => a.scheduledFor)).size).toBe(1)
    expect(first[0]!.scheduledFor % 1_000).toBe(0)
    const gap1 = first[1]!.at - first[0]!.at
    const gap2 = first[2]!.at - first[1]!.at
    // Exponential: the second wait is twice the first (lower bounds only: a busy machine is only slower).
    expect(gap1).toBeGreaterThanOrEqual(backoffMs * 0.9)
    expect(gap2).toBeGreaterThanOrEqual(2 * backoffMs * 0.9)
    await s.stop()
    // The third try succeeded: no fourth try of that slot.
    expect(attempts.filter((a) => a.scheduledFor === first[0]!.scheduledFor)).toHaveLength(3)
  })

  it('runs again, on another worker and for the same slot, a job whose worker was killed', async () => {
    const queueName = nextQueue()
    const child = spawn(process.execPath, ['--import', 'tsx', STALLING_WORKER, redis.url, queueName, '400'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8')
    })
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8')
    })
    const exited = new Promise<void>((r) => child.once('exit', () => r()))
    try {
      await waitFor(
        'the stalling worker starting a job',
        () => /started \d+/.test(out) || child.exitCode !== null,
        {
          timeoutMs: 30_000,
          everyMs: 20,
        },
      ).catch((e: unknown) => {
        throw new Error(`stalling worker did not start a job: ${err.slice(-1000)}`, { cause: e })
      })
      expect(child.exitCode).toBeNull()
      const stalledSlot = Number(/started (\d+)/.exec(out)?.[1])
      child.kill('SIGKILL')
      await exited

      const { logger, messages } = capturingLogger()
      const runs: number[] = []
      const s = open({ queueName, logger, lockMs: 1_000, stalledIntervalMs: 300, schedule: false })
      s.register({ name: 'stall', everyMs: 400, run: async (ctx) => void runs.push(ctx.scheduledFor) })
      await s.start()
      await waitFor('the stalled slot run again', () => runs.includes(stalledSlot), { everyMs: 20 })
      expect(messages()).toContain('job stalled (its worker stopped); it runs again')
      expect(runs.filter((r) => r === stalledSlot)).toHaveLength(1)
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL')
        await exited
      }
    }
  })

  it('runs at most `concurrency` jobs at once in one worker, and uses all of them', async () => {
    const s = open({ queueName: nextQueue(), concurrency: 2 })
    let running = 0
    let maxRunning = 0
    const done: number[] = []
    s.registerFanOut<number, number>({
      name: 'parts',
      everyMs: 2_000,
      split: () => [0, 1, 2, 3, 4, 5, 6, 7],
      runPart: async (part) => {
        running++
        maxRunning = Math.max(maxRunning, running)
        await sleep(80)
        running--
        done.push(part)
        return part
      },
      complete: async () => {},
    })
    await s.start()
    await waitFor('eight jobs done', () => done.length >= 8, { everyMs: 20 })
    expect(maxRunning).toBe(2)
  })

  it('runs each occurrence once across two scheduler processes, which share the parts of a fan-out', async () => {
    const queueName = nextQueue()
    const ticks: Array<{ by: string; scheduledFor: number }> = []
    const parts: Array<{ by: string; key: string }> = []
    const completions: number[] = []
    const instances = ['a', 'b'].map((by) => {
      const s = open({ queueName, concurrency: 1 })
      s.register({
        name: 'tick',
        everyMs: 200,
        run: async (ctx) => void ticks.push({ by, scheduledFor: ctx.scheduledFor }),
      })
      s.registerFanOut<number, number>({
        name: 'sweep',
        everyMs: 700,
        split: () => [0, 1, 2, 3, 4, 5],
        runPart: async (part, ctx) => {
          parts.push({ by, key: `${ctx.scheduledFor}/${part}` })
          await sleep(60)
          return part
        },
        complete: async (outcomes, ctx) => {
          expect(outcomes.every((o) => o.ok)).toBe(true)
          completions.push(ctx.scheduledFor)
        },
      })
      return s
    })
    await Promise.all(instances.map((s) => s.start()))
    await waitFor('eight ticks and two completions', () => ticks.length >= 8 && completions.length >= 2, {
      everyMs: 20,
    })
    await Promise.all(instances.map((s) => s.stop()))
    const slots = ticks.map((t) => t.scheduledFor)
    expect(new Set(slots).size).toBe(slots.length)
    expect(slots.every((t) => t % 200 === 0)).toBe(true)
    expect(new Set(completions).size).toBe(completions.length)
    const partKeys = parts.map((p) => p.key)
    expect(new Set(partKeys).size).toBe(partKeys.length)
    // Both processes took parts of the sweeps.
    expect(new Set(parts.map((p) => p.by))).toEqual(new Set(['a', 'b']))
  })

  it('runs what a plan-only process (the scheduler role) plans on a worker-only process (the poller role)', async () => {
    const queueName = nextQueue()
    const planner = open({ queueName, work: false })
    planner.schedule({ name: 'split', everyMs: 200, offsetMs: 30 })
    const runs: number[] = []
    const runner = open({ queueName, schedule: false })
    runner.register({
      name: 'split',
      everyMs: 200,
      offsetMs: 30,
      run: async (ctx) => void runs.push(ctx.scheduledFor),
    })
    await runner.start()
    await planner.start()
    await waitFor('three runs', () => runs.length >= 3, { everyMs: 20 })
    expect(new Set(runs).size).toBe(runs.length)
    expect(runs.every((t) => t % 200 === 30)).toBe(true)
  })

  it('starts a job whose offset changed on its new boundaries', async () => {
    const queueName = nextQueue()
    const runs: Array<{ by: string; scheduledFor: number }> = []
    const first = open({ queueName })
    first.register({
      name: 'shift',
      everyMs: 300,
      run: async (ctx) => void runs.push({ by: 'old', scheduledFor: ctx.scheduledFor }),
    })
    await first.start()
    await waitFor('a run', () => runs.length >= 1, { everyMs: 20 })
    await first.stop()

    const second = open({ queueName })
    second.register({
      name: 'shift',
      everyMs: 300,
      offsetMs: 100,
      run: async (ctx) => void runs.push({ by: 'new', scheduledFor: ctx.scheduledFor }),
    })
    const secondStartedAt = Date.now()
    await second.start()
    await waitFor('two runs of the new scheduler', () => runs.filter((r) => r.by === 'new').length >= 2, {
      everyMs: 20,
    })
    const newer = runs.filter((r) => r.by === 'new').map((r) => r.scheduledFor)
    expect(newer.every((t) => t % 300 === 100)).toBe(true)
    // The occurrence planned on the old grid was dropped with the old scheduler: the first new run is for
    // a boundary of the new grid after the start, not one slipped in before it.
    expect(newer[0]).toBeGreaterThan(secondStartedAt)
  })

  it('removes the job scheduler of a job no longer registered', async () => {
    const queueName = nextQueue()
    const first = open({ queueName })
    const ran: string[] = []
    first.register({ name: 'old', everyMs: 150, run: async () => void ran.push('old') })
    first.register({ name: 'kept', everyMs: 150, run: async () => void ran.push('kept') })
    await first.start()
    await waitFor('a run of the old job', () => ran.includes('old'), { everyMs: 20 })
    await first.stop()

    const second = open({ queueName })
    second.register({ name: 'kept', everyMs: 150, run: async () => void ran.push('kept') })
    await second.start()
    const before = ran.length
    await waitFor(
      'three runs of the kept job',
      () => ran.slice(before).filter((r) => r === 'kept').length >= 3,
      { everyMs: 20 },
    )
    // Jobs of 'old' planned before the prune may still be queued; after them none is made.
    const oldAfter = ran.slice(before).filter((r) => r === 'old').length
    expect(oldAfter).toBeLessThanOrEqual(1)
  })
})

describe('BullMQ scheduler across a Redis restart', () => {
  let redis: RedisServer
  let scheduler: Scheduler | null = null

  beforeAll(async () => {
    redis = await startRedisServer({ persistent: true })
  })
  afterAll(async () => {
    await scheduler?.stop()
    await redis?.stop()
  })

  it('resumes the schedules, running the occurrence that fell due during the outage in its own slot', async () => {
    const everyMs = 300
    const runs: Array<{ scheduledFor: number; at: number }> = []
    scheduler = createBullmqScheduler({
      redisUrl: redis.url,
      logger: silent,
      queueName: 'restart',
      lockMs: 2_000,
    })
    scheduler.register({
      name: 'tick',
      everyMs,
      run: async (ctx) => void runs.push({ scheduledFor: ctx.scheduledFor, at: Date.now() }),
    })
    await scheduler.start()
    await waitFor('two runs', () => runs.length >= 2, { everyMs: 20 })
    const downAt = Date.now()
    await redis.shutdown()
    // Down for more than two intervals: at least two boundaries pass without Redis.
    await sleep(2.5 * everyMs)
    const upAt = Date.now()
    await redis.start()
    await waitFor('a run after the restart', () => runs.some((r) => r.scheduledFor > upAt), {
      timeoutMs: 20_000,
      everyMs: 20,
    })
    const afterRestart = runs.filter((r) => r.at >= upAt)
    // The occurrence planned before the outage survived in Redis and ran late, for its own slot…
    const late = afterRestart.filter((r) => r.scheduledFor > downAt && r.scheduledFor < upAt)
    expect(late.length).toBeGreaterThanOrEqual(1)
    // …then the schedule went on from the next boundary, without replaying every missed one.
    expect(late.length).toBeLessThanOrEqual(2)
    expect(runs.every((r) => r.scheduledFor % everyMs === 0)).toBe(true)
  })
})
