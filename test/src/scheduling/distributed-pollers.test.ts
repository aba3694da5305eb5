import {
  type PlaceSnapshotV1,
  type PlatformTotalsV1,
  type Publisher,
  TEN_MINUTES_MS,
  type Topic,
  topics,
} from '@ludex/schemas'
import {
  createInMemoryChangeMemory,
  createInMemoryTracker,
  createPlatformModel,
  createRobloxClient,
  experienceAt,
  type PollerName,
  registerPollers,
  type Scheduler,
  type SimulatorServer,
  startSimulatorServer,
  trackSeedPlaces,
} from '@ludex/workers'
import { createBullmqScheduler } from '@ludex/workers/bullmq'
import { eventually } from '@ludex/workers/testing'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../harness/redis-server.ts'

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
const SLOT = Date.UTC(2026, 2, 10, 14, 20)
const clock = { now: () => SLOT + 37_000 }
const TRACKED = 180

/** Stands in for the bus of one process: keeps what it was given, per topic. */
class CollectingPublisher implements Publisher {
  readonly byTopic = new Map<string, unknown[]>()
  async publish<T>(topic: Topic<T>, messages: readonly T[]): Promise<void> {
    const list = this.byTopic.get(topic.name) ?? []
    list.push(...messages.map((m) => topic.schema.parse(m)))
    this.byTopic.set(topic.name, list)
  }
  of<T>(topic: Topic<T>): T[] {
    return (this.byTopic.get(topic.name) ?? []) as T[]
  }
}

describe('the games sweep as batch jobs shared by two poller processes', () => {
  let redis: RedisServer
  let sim: SimulatorServer
  const schedulers: Scheduler[] = []

  beforeAll(async () => {
    redis = await startRedisServer()
    const model = createPlatformModel({ seed: 77, experiences: 400 })
    sim = await startSimulatorServer({ model, port: 0, clock: clock.now, faultRate: 0, logger })
  })
  afterAll(async () => {
    await Promise.all(schedulers.map((s) => s.stop()))
    await sim?.close()
    await redis?.stop()
  })

  it('polls every tracked experience once per sweep and publishes a complete platform total', async () => {
    const model = createPlatformModel({ seed: 77, experiences: 400 })
    const placeIds: number[] = []
    for (let i = 0; placeIds.length < TRACKED; i++) {
      const p = experienceAt(model, i)
      if (p.createdMs <= SLOT) placeIds.push(p.rootPlaceId)
    }
    const onlyGames: PollerName[] = ['sorts', 'thumbnails', 'play-status', 'age-ratings', 'creators']
    const processes = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const client = createRobloxClient({
          baseTemplate: sim.baseTemplate,
          userAgent: 'ludex-test',
          hostIntervalMs: 0,
          timeoutMs: 5_000,
          maxRetries: 2,
          logger,
        })
        // Each process knows the tracked set (in production: a shared store); the batches travel as ids.
        const tracker = createInMemoryTracker()
        await trackSeedPlaces(client, tracker, placeIds, clock.now(), logger)
        const publisher = new CollectingPublisher()
        const scheduler = createBullmqScheduler({
          redisUrl: redis.url,
          logger,
          queueName: 'pollers',
          concurrency: 2,
        })
        schedulers.push(scheduler)
        registerPollers(
          scheduler,
          {
            client,
            tracker,
            publisher,
            clock,
            logger,
            memory: createInMemoryChangeMemory(),
            discovery: false,
          },
          { everyMs: { games: 800 }, disabled: onlyGames },
        )
        return { name, tracker, publisher, scheduler }
      }),
    )
    expect(processes[0]!.tracker.size).toBe(TRACKED)
    await Promise.all(processes.map((p) => p.scheduler.start()))
    const totals = () => processes.flatMap((p) => p.publisher.of<PlatformTotalsV1>(topics.platform))
    await eventually(() => totals().length >= 2, 30_000)
    await Promise.all(processes.map((p) => p.scheduler.stop()))

    const snapshots = processes.flatMap((p) => p.publisher.of<PlaceSnapshotV1>(topics.snapshots))
    const tracked = new Set(processes[0]!.tracker.list().map((t) => t.universeId))
    expect(new Set(snapshots.map((s) => s.universe_id))).toEqual(tracked)
    // The simulator's clock stands still, so every sweep sees the same numbers.
    const playingOf = new Map(snapshots.map((s) => [s.universe_id, s.playing]))
    const ccu = [...playingOf.values()].reduce((a, b) => a + b, 0)
    for (const t of totals()) {
      // A batch lost or counted twice would change these.
      expect(t.tracked_experiences).toBe(TRACKED)
      expect(t.tracked_ccu).toBe(ccu)
      expect(t.slot % TEN_MINUTES_MS).toBe(0)
    }
    // The batches (4 per sweep) were shared: both processes published snapshots.
    for (const p of processes) expect(p.publisher.of(topics.snapshots).length).toBeGreaterThan(0)
  })
})
