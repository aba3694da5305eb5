import { loadConfig } from '@ludex/schemas'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { buildProgram } from '../../program.ts'
import { selectBus, selectedKinds, selectScheduler } from '../adapters.ts'
import { parseRoleList, planRoles, ROLES, RoleCombinationError, UnknownRoleError } from './plan.ts'

const logger = pino({ level: 'silent' })
const embedded = { bus: 'in-process', scheduler: 'in-process' } as const
const distributed = { bus: 'kafka', scheduler: 'bullmq' } as const

function problemsOf(fn: () => unknown): readonly string[] {
  try {
    fn()
  } catch (err) {
    if (err instanceof RoleCombinationError) return err.problems
    throw err
  }
  return []
}

describe('planRoles', () => {
  it('lets the API, the materialiser and the alerts run alone, whatever the adapters', () => {
    for (const wiring of [embedded, distributed]) {
      expect(planRoles(['api'], wiring).roles).toEqual(['api'])
      expect(planRoles(['materialiser'], wiring).roles).toEqual(['materialiser'])
      expect(planRoles(['alerts'], wiring).roles).toEqual(['alerts'])
      expect(planRoles(['alerts', 'api'], wiring).roles).toEqual(['api', 'alerts'])
    }
  })

  it('refuses a sink, a poller or a scheduler alone on the in-process adapters, saying what would work', () => {
    const sink = problemsOf(() => planRoles(['sink'], embedded))
    expect(sink).toHaveLength(1)
    expect(sink[0]).toMatch(/--with poller/)
    expect(sink[0]).toMatch(/KAFKA_BROKERS/)
    const poller = problemsOf(() => planRoles(['poller'], embedded))
    expect(poller.join('\n')).toMatch(/--with sink/)
    expect(poller.join('\n')).toMatch(/--with scheduler/)
    const scheduler = problemsOf(() => planRoles(['scheduler'], embedded))
    expect(scheduler).toHaveLength(1)
    expect(scheduler[0]).toMatch(/REDIS_URL/)
  })

  it('accepts the in-process roles together, and each alone once its adapter is shared', () => {
    const together = planRoles(['poller', 'sink', 'scheduler'], embedded)
    expect(together.roles).toEqual(['poller', 'scheduler', 'sink'])
    expect(together.materialiseInProcess).toBe(false)
    expect(planRoles(['sink', 'poller', 'scheduler', 'materialiser'], embedded).materialiseInProcess).toBe(
      true,
    )
    for (const role of ['poller', 'scheduler', 'sink'] as const) {
      expect(planRoles([role], distributed).roles).toEqual([role])
    }
    // On Kafka too: the sink always logs its ranges (durable across a crash) and nudges its neighbour.
    expect(planRoles(['sink', 'materialiser'], distributed).materialiseInProcess).toBe(true)
    // A shared bus but in-process timers: the poller still needs its scheduler, the sink does not.
    const kafkaOnly = { bus: 'kafka', scheduler: 'in-process' } as const
    expect(planRoles(['sink'], kafkaOnly).roles).toEqual(['sink'])
    expect(problemsOf(() => planRoles(['poller'], kafkaOnly))).toHaveLength(1)
    expect(planRoles(['poller', 'scheduler'], kafkaOnly).has('sink')).toBe(false)
  })

  it('lets a sink run without pollers on the in-process bus when the process publishes itself (a backfill)', () => {
    expect(problemsOf(() => planRoles(['sink', 'materialiser'], embedded))).toHaveLength(1)
    const backfill = planRoles(['sink', 'materialiser'], embedded, { publishesHere: true })
    expect(backfill.roles).toEqual(['sink', 'materialiser'])
    expect(backfill.materialiseInProcess).toBe(true)
  })

  it('accepts every role together on any adapters (`ludex run`), the alerts among them', () => {
    expect(ROLES).toContain('alerts')
    for (const wiring of [embedded, distributed, { bus: 'kafka', scheduler: 'in-process' } as const]) {
      expect(planRoles(ROLES, wiring).roles).toEqual(ROLES)
    }
    expect(planRoles(ROLES, embedded).materialiseInProcess).toBe(true)
    expect(planRoles(ROLES, distributed).materialiseInProcess).toBe(true)
  })

  it('names the roles in the error and keeps them in one canonical order', () => {
    const err = (() => {
      try {
        planRoles(['sink', 'api'], embedded)
      } catch (e) {
        return e
      }
    })()
    expect(err).toBeInstanceOf(RoleCombinationError)
    expect((err as RoleCombinationError).roles).toEqual(['api', 'sink'])
    expect((err as Error).message).toMatch(/^Cannot run api \+ sink together:/)
  })

  it('parses --with lists and refuses an unknown role by name', () => {
    expect(parseRoleList('poller, sink,')).toEqual(['poller', 'sink'])
    expect(() => parseRoleList('sink,pollers')).toThrow(UnknownRoleError)
    expect(() => parseRoleList('sink,pollers')).toThrow(/'pollers'/)
    expect(parseRoleList('api,alerts')).toEqual(['api', 'alerts'])
  })
})

describe('adapter selection', () => {
  it('selects from the configuration what it names', () => {
    expect(selectedKinds(loadConfig({}))).toEqual({ bus: 'in-process', scheduler: 'in-process' })
    expect(selectedKinds(loadConfig({ KAFKA_BROKERS: 'k:9092', REDIS_URL: 'redis://r:6379' }))).toEqual({
      bus: 'kafka',
      scheduler: 'bullmq',
    })
  })

  it('gives the in-process bus and scheduler when nothing is configured', async () => {
    const config = loadConfig({})
    const bus = await selectBus(config, logger)
    expect(bus.kind).toBe('in-process')
    expect(bus.shared).toBe(false)
    await bus.bus.close()
    const scheduler = await selectScheduler(config, logger, {
      clock: { now: Date.now },
      duties: { schedule: true, run: true },
    })
    expect(scheduler.kind).toBe('in-process')
    await scheduler.scheduler.stop()
    await expect(
      selectScheduler(config, logger, { clock: { now: Date.now }, duties: { schedule: true, run: false } }),
    ).rejects.toThrow(RoleCombinationError)
  })

  it('selects Kafka for KAFKA_BROKERS and BullMQ for REDIS_URL', async () => {
    // KAFKA_BROKERS selects Kafka, which only connects when used.
    const kafka = await selectBus(loadConfig({ KAFKA_BROKERS: '127.0.0.1:9' }), logger)
    expect(kafka.kind).toBe('kafka')
    expect(kafka.shared).toBe(true)
    await kafka.bus.close()
    // REDIS_URL selects BullMQ, which only connects when started.
    const bullmq = await selectScheduler(loadConfig({ REDIS_URL: 'redis://r:6379' }), logger, {
      clock: { now: Date.now },
      duties: { schedule: true, run: false },
    })
    expect(bullmq.kind).toBe('bullmq')
    expect(bullmq.shared).toBe(true)
  })
})

describe('the ludex program', () => {
  it('has a command per role, each taking --with', () => {
    const program = buildProgram()
    for (const role of ROLES) {
      const command = program.commands.find((c) => c.name() === role)
      expect(command, role).toBeDefined()
      expect(command!.options.map((o) => o.long)).toContain('--with')
    }
  })
})
