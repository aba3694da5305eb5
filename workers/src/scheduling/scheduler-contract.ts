import { waitFor } from '@ludex/schemas/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PartOutcome, Scheduler } from './scheduler.ts'

export interface SchedulerFactoryOptions {
  /** How long stop() lets running jobs finish before aborting their signal. */
  readonly stopGraceMs: number
}

/** Each call must give a scheduler of its own (its own queue, for a shared engine). */
export type SchedulerFactory = (options: SchedulerFactoryOptions) => Promise<Scheduler> | Scheduler

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** The jobs run every few hundred ms: checked often, bounded only so a broken scheduler cannot hang. */
const SOON = { timeoutMs: 15_000, everyMs: 20 } as const

const aligned = (t: number, every: number, offset: number) => (t - offset) % every === 0

/**
 * What every Scheduler adapter must do, on real time with short intervals. The in-process adapter runs
 * it in the workers project; the BullMQ adapter runs the same cases against a real redis-server.
 */
export function schedulerContract(name: string, factory: SchedulerFactory): void {
  describe(`Scheduler contract: ${name}`, () => {
    const opened: Scheduler[] = []
    const make = async (o: Partial<SchedulerFactoryOptions> = {}) => {
      const s = await factory({ stopGraceMs: 5_000, ...o })
      opened.push(s)
      return s
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.stop()))
    })

    it('runs each job on its interval boundaries plus its offset, handing the run its slot', async () => {
      const s = await make()
      const a: number[] = []
      const b: number[] = []
      const startedAt = Date.now()
      s.register({ name: 'contract:a', everyMs: 200, run: async (ctx) => void a.push(ctx.scheduledFor) })
      s.register({
        name: 'contract:b',
        everyMs: 300,
        offsetMs: 70,
        run: async (ctx) => void b.push(ctx.scheduledFor),
      })
      await s.start()
      await waitFor('runs of both jobs', () => a.length >= 3 && b.length >= 2, SOON)
      await s.stop()
      for (const t of a) expect(aligned(t, 200, 0)).toBe(true)
      for (const t of b) expect(aligned(t, 300, 70)).toBe(true)
      // Every run is for a boundary after the start, each once, in order.
      expect(a[0]).toBeGreaterThan(startedAt)
      expect(b[0]).toBeGreaterThan(startedAt)
      expect([...a].sort((x, y) => x - y)).toEqual(a)
      expect(new Set(a).size).toBe(a.length)
      expect(new Set(b).size).toBe(b.length)
    })

    it('keeps the schedule going after a failed run', async () => {
      const s = await make()
      const runs: number[] = []
      s.register({
        name: 'contract:flaky',
        everyMs: 150,
        run: async (ctx) => {
          runs.push(ctx.scheduledFor)
          // Every run of the first slot fails (retries included, where the adapter has them).
          if (ctx.scheduledFor === runs[0]) throw new Error('upstream down')
        },
      })
      await s.start()
      await waitFor('three slots run', () => new Set(runs).size >= 3, SOON)
      const slots = [...new Set(runs)]
      expect(slots[1]).toBeGreaterThan(slots[0] ?? Number.POSITIVE_INFINITY)
    })

    it('splits a fan-out occurrence into parts and completes it once with every outcome in order', async () => {
      const s = await make()
      const parts: Array<{ scheduledFor: number; part: number[] }> = []
      const completions: Array<{ scheduledFor: number; outcomes: readonly PartOutcome<number>[] }> = []
      s.registerFanOut<number[], number>({
        name: 'contract:fan',
        everyMs: 400,
        offsetMs: 10,
        split: () => [[1, 2], [3], [4, 5, 6], [7]],
        runPart: async (part, ctx) => {
          parts.push({ scheduledFor: ctx.scheduledFor, part })
          if (part.includes(7)) throw new Error('part 7 is down')
          return part.reduce((x, y) => x + y, 0)
        },
        complete: async (outcomes, ctx) =>
          void completions.push({ scheduledFor: ctx.scheduledFor, outcomes }),
      })
      await s.start()
      await waitFor('a completion', () => completions.length >= 1, SOON)
      await s.stop()
      const first = completions[0]!
      expect(aligned(first.scheduledFor, 400, 10)).toBe(true)
      expect(first.outcomes.map((o) => o.index)).toEqual([0, 1, 2, 3])
      expect(first.outcomes.slice(0, 3).map((o) => (o.ok ? o.result : null))).toEqual([3, 3, 15])
      const failed = first.outcomes[3]!
      expect(failed.ok).toBe(false)
      expect(failed.ok ? '' : failed.error).toContain('part 7 is down')
      // A failed part carries its data, and did not overrun: it failed in its own time.
      expect(failed).toMatchObject({ overran: false, part: [7] })
      // Every part of that occurrence ran for its slot.
      const ofFirst = parts.filter((p) => p.scheduledFor === first.scheduledFor).map((p) => p.part.join(','))
      expect(new Set(ofFirst)).toEqual(new Set(['1,2', '3', '4,5,6', '7']))
      // One completion per occurrence.
      const slots = completions.map((c) => c.scheduledFor)
      expect(new Set(slots).size).toBe(slots.length)
    })

    it("runs the next occurrence's parts on time while a part of the previous one is still running", async () => {
      const s = await make()
      let first: number | null = null
      let release: () => void = () => {}
      const released = new Promise<void>((r) => (release = r))
      const completions: Array<{ scheduledFor: number; outcomes: readonly PartOutcome<number, number>[] }> =
        []
      s.registerFanOut<number, number>({
        name: 'contract:straggler',
        everyMs: 400,
        split: () => [1, 2],
        runPart: async (part, ctx) => {
          first ??= ctx.scheduledFor
          // The first occurrence's part 1 ends only once the next occurrence has completed.
          if (part === 1 && ctx.scheduledFor === first) await released
          return part * 10
        },
        complete: async (outcomes, ctx) => {
          completions.push({ scheduledFor: ctx.scheduledFor, outcomes })
          if (ctx.scheduledFor === first! + 400) release()
        },
      })
      await s.start()
      await waitFor(
        'the straggling occurrence completed',
        () => completions.find((c) => c.scheduledFor === first),
        SOON,
      )
      // The next occurrence completed first, then the straggler finished and was reported whole.
      expect(completions.map((c) => c.scheduledFor).slice(0, 2)).toEqual([first! + 400, first])
      for (const c of completions.slice(0, 2))
        expect(c.outcomes.map((o) => (o.ok ? o.result : null))).toEqual([10, 20])
    })

    it('completes an occurrence with no parts', async () => {
      const s = await make()
      const completions: number[] = []
      s.registerFanOut<number, number>({
        name: 'contract:empty',
        everyMs: 150,
        split: () => [],
        runPart: async () => 0,
        complete: async (outcomes, ctx) => {
          expect(outcomes).toEqual([])
          completions.push(ctx.scheduledFor)
        },
      })
      await s.start()
      await waitFor('two completions', () => completions.length >= 2, SOON)
    })

    it('stop() waits for a running job, and nothing runs after it', async () => {
      const s = await make()
      let runs = 0
      let finished = false
      let startedRun: () => void = () => {}
      const running = new Promise<void>((r) => (startedRun = r))
      s.register({
        name: 'contract:slow',
        everyMs: 100,
        run: async () => {
          runs++
          startedRun()
          await sleep(300)
          finished = true
        },
      })
      await s.start()
      await running
      await s.stop()
      const stoppedAt = Date.now()
      expect(finished).toBe(true)
      const atStop = runs
      // Nothing runs after it: a second scheduler on the same interval witnesses two boundaries after
      // the stop go by (by then the stopped one's next boundary would have run), and the count stands.
      const witness = await make()
      const witnessed: number[] = []
      witness.register({
        name: 'contract:witness',
        everyMs: 100,
        run: async (ctx) => void witnessed.push(ctx.scheduledFor),
      })
      await witness.start()
      await waitFor('the witness past the stop', () => witnessed.some((t) => t >= stoppedAt + 200), SOON)
      expect(runs).toBe(atStop)
    })

    it('aborts the signal of a job that outlives the stop grace period', async () => {
      const s = await make({ stopGraceMs: 100 })
      let sawAbort = false
      let startedRun: () => void = () => {}
      const running = new Promise<void>((r) => (startedRun = r))
      s.register({
        name: 'contract:long',
        everyMs: 100,
        run: (ctx) =>
          new Promise<void>((resolve) => {
            startedRun()
            ctx.signal.addEventListener('abort', () => {
              sawAbort = true
              resolve()
            })
          }),
      })
      await s.start()
      await running
      await s.stop()
      expect(sawAbort).toBe(true)
    })

    it('hands a run a signal that takes any number of abort listeners (one per concurrent wait)', async () => {
      const s = await make()
      // Node's warning, past its default of ten listeners, comes through process.emitWarning at once.
      const warn = vi.spyOn(process, 'emitWarning')
      let listened = 0
      s.register({
        name: 'contract:listeners',
        everyMs: 100,
        run: async (ctx) => {
          const waits = Array.from({ length: 40 }, () => () => {})
          for (const w of waits) ctx.signal.addEventListener('abort', w)
          listened += 1
          for (const w of waits) ctx.signal.removeEventListener('abort', w)
        },
      })
      await s.start()
      await waitFor('a run', () => listened >= 1, SOON)
      await s.stop()
      const warned = warn.mock.calls.filter(([w]) => String(w).includes('MaxListenersExceeded'))
      warn.mockRestore()
      expect(warned).toEqual([])
    })

    it('adds nothing when a job registered here is also planned with schedule(), and refuses another timing', async () => {
      const s = await make()
      const runs: number[] = []
      s.register({
        name: 'contract:both',
        everyMs: 150,
        offsetMs: 20,
        run: async (ctx) => void runs.push(ctx.scheduledFor),
      })
      // The scheduler role plans what the poller role registered in the same process.
      s.schedule({ name: 'contract:both', everyMs: 150, offsetMs: 20 })
      expect(() => s.schedule({ name: 'contract:both', everyMs: 300 })).toThrow(/another interval/)
      await s.start()
      await waitFor('three runs', () => runs.length >= 3, SOON)
      await s.stop()
      // Planned once: each boundary ran once, on the registered grid.
      expect(new Set(runs).size).toBe(runs.length)
      for (const t of runs) expect(aligned(t, 150, 20)).toBe(true)
    })

    it('rejects an offset outside the interval and a duplicate name', async () => {
      const s = await make()
      expect(() => s.register({ name: 'x', everyMs: 100, offsetMs: 100, run: async () => {} })).toThrow()
      expect(() => s.register({ name: 'x', everyMs: 0, run: async () => {} })).toThrow()
      s.register({ name: 'y', everyMs: 100, run: async () => {} })
      expect(() => s.register({ name: 'y', everyMs: 100, run: async () => {} })).toThrow(/already/)
      expect(() =>
        s.registerFanOut({
          name: 'y',
          everyMs: 100,
          split: () => [],
          runPart: async () => 0,
          complete: async () => {},
        }),
      ).toThrow(/already/)
    })
  })
}
