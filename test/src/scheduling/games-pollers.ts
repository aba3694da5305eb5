import {
  type AddressBudgetOptions,
  type ChangeMemory,
  createEgress,
  createPlatformModel,
  createRedisHostPacer,
  createRobloxClient,
  experienceAt,
  type PlatformModel,
  type PollerName,
  type RegisterPollersOptions,
  type RobloxClient,
  registerPollers,
  restrictedAt,
  type Scheduler,
  type SimulatorServer,
  startSimulatorServer,
  type Tracker,
} from '@ludex/workers'
import { type BullmqSchedulerOptions, createBullmqScheduler } from '@ludex/workers/bullmq'
import { CollectingPublisher } from '@ludex/workers/testing'
import pino from 'pino'
import { afterAll, beforeAll } from 'vitest'
import { type RedisFixture, useRedisServer } from '../harness/redis-fixture.ts'

/*
 * Poller processes sharing the games sweep through BullMQ on a real redis-server, polling the simulator:
 * the set-up of the distributed-pollers and pollers-on-shared-state tests.
 */

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })

/** The slot the sweeps are for; the simulator's clock stands still inside it, so no number changes. */
export const SLOT = Date.UTC(2026, 2, 10, 14, 20)
export const clock = { now: () => SLOT + 37_000 }

/** Every poller but the games sweep: these tests watch the sweep alone. */
const ALL_BUT_GAMES: readonly PollerName[] = [
  'sorts',
  'thumbnails',
  'play-status',
  'age-ratings',
  'creators',
  'tracking-requests',
]

export interface ExperienceRef {
  readonly universeId: number
  readonly placeId: number
}

/** One poller process: its own client, tracker, bus stand-in and BullMQ worker on the shared queue. */
export interface GamesPollerProcess {
  readonly client: RobloxClient
  readonly tracker: Tracker
  readonly publisher: CollectingPublisher
  readonly scheduler: Scheduler
}

export interface GamesPollerProcessOptions {
  /** The deployment's key prefix (SCHEDULER_PREFIX); default: BullMQ's. */
  readonly prefix?: string
  /** The process's tracker, given its client (an in-memory tracker seeds through it). */
  tracker(client: RobloxClient): Promise<Tracker>
  readonly memory: ChangeMemory
  /** How often the games sweep runs (short: the tests wait for a few sweeps). */
  readonly gamesEveryMs: number
  /**
   * The process's own egress: requests leave from this loopback address and draw on its pacing budget
   * in Redis (`hostIntervalMs` apart). Default: the system's address and the client's own pacing, none.
   */
  readonly egress?: { readonly localAddress: string; readonly hostIntervalMs: number }
  /** Wraps the client's fetch (faults injected by the test). */
  readonly fetch?: (inner: typeof globalThis.fetch) => typeof globalThis.fetch
  readonly maxRetries?: number
  readonly sweep?: Pick<RegisterPollersOptions, 'gamesShardSize' | 'onGamesSweep'>
  readonly scheduler?: Pick<BullmqSchedulerOptions, 'attempts' | 'backoffMs' | 'concurrency'>
}

export interface GamesPollerWorld {
  readonly redis: RedisFixture
  readonly model: PlatformModel
  /** The simulator (read inside tests: it starts in beforeAll). */
  readonly simulator: SimulatorServer
  /**
   * The first `count` experiences of the model that exist at SLOT and are open then: a restricted one
   * (the games call's censored item) is no snapshot and not in the platform total.
   */
  existing(count: number): ExperienceRef[]
  /** Starts nothing yet: the test starts the schedulers once every process is wired. */
  process(options: GamesPollerProcessOptions): Promise<GamesPollerProcess>
}

/**
 * A redis-server and the simulator for the calling test file (hooks registered here); the schedulers
 * of the processes it makes are stopped after the file's last test, before Redis.
 */
export function useGamesPollerWorld(
  model: { seed: number; experiences: number },
  options: { addressBudget?: AddressBudgetOptions } = {},
): GamesPollerWorld {
  const redis = useRedisServer()
  const platform = createPlatformModel(model)
  let sim: SimulatorServer | undefined
  const schedulers: Scheduler[] = []
  beforeAll(async () => {
    sim = await startSimulatorServer({
      model: platform,
      port: 0,
      clock: clock.now,
      faultRate: 0,
      logger,
      ...(options.addressBudget && { addressBudget: options.addressBudget }),
    })
  })
  afterAll(async () => {
    await Promise.all(schedulers.map((s) => s.stop()))
    for (const close of closers) close()
    await sim?.close()
  })
  const closers: Array<() => void> = []
  return {
    redis,
    model: platform,
    get simulator() {
      if (!sim) throw new Error('the simulator is read before its beforeAll hook ran')
      return sim
    },
    existing(count) {
      const out: ExperienceRef[] = []
      for (let i = 0; out.length < count; i++) {
        const p = experienceAt(platform, i)
        if (p.createdMs <= SLOT && !restrictedAt(platform, i, SLOT))
          out.push({ universeId: p.universeId, placeId: p.rootPlaceId })
      }
      return out
    },
    async process(options) {
      if (!sim) throw new Error('the simulator is read before its beforeAll hook ran')
      const egress = createEgress({ localAddress: options.egress?.localAddress })
      closers.push(() => egress.close())
      const pacer = options.egress && {
        pacer: createRedisHostPacer({
          redis: await redis.connect(),
          ...(options.prefix !== undefined && { prefix: options.prefix }),
          egress: egress.label,
          intervalMs: options.egress.hostIntervalMs,
          jitter: 0.25,
          logger,
        }),
      }
      const client = createRobloxClient({
        baseTemplate: sim.baseTemplate,
        userAgent: 'ludex-test',
        hostIntervalMs: 0,
        timeoutMs: 5_000,
        maxRetries: options.maxRetries ?? 2,
        logger,
        fetch: options.fetch ? options.fetch(egress.fetch) : egress.fetch,
        ...pacer,
      })
      const tracker = await options.tracker(client)
      const publisher = new CollectingPublisher()
      const scheduler = createBullmqScheduler({
        redisUrl: redis.server.url,
        logger,
        ...(options.prefix !== undefined && { prefix: options.prefix }),
        queueName: 'pollers',
        concurrency: 2,
        ...options.scheduler,
      })
      schedulers.push(scheduler)
      registerPollers(
        scheduler,
        { client, tracker, publisher, clock, logger, memory: options.memory, discovery: false },
        { everyMs: { games: options.gamesEveryMs }, disabled: [...ALL_BUT_GAMES], ...options.sweep },
      )
      return { client, tracker, publisher, scheduler }
    },
  }
}
