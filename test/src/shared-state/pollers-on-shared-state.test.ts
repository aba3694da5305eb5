import { openSharedState, type SharedState } from '@ludex/cli'
import {
  loadConfig,
  type PlaceDetailsChange,
  type PlaceSnapshotV1,
  type PlatformTotalsV1,
  type Publisher,
  type Topic,
  topics,
} from '@ludex/schemas'
import {
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
import { Registry } from 'prom-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../harness/redis-server.ts'

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
const SLOT = Date.UTC(2026, 2, 10, 14, 20)
const clock = { now: () => SLOT + 37_000 }
const SEEDED = 120
const DISCOVERED = 30

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

describe('two poller processes on the shared state in Redis', () => {
  let redis: RedisServer
  let sim: SimulatorServer
  const schedulers: Scheduler[] = []
  const states: SharedState[] = []
  const model = createPlatformModel({ seed: 78, experiences: 400 })

  beforeAll(async () => {
    redis = await startRedisServer()
    sim = await startSimulatorServer({ model, port: 0, clock: clock.now, faultRate: 0, logger })
  })
  afterAll(async () => {
    await Promise.all(schedulers.map((s) => s.stop()))
    await Promise.all(states.map((s) => s.close()))
    await sim?.close()
    await redis?.stop()
  })

  it('sweep what either tracked, and publish each details change once between them', async () => {
    const existing: Array<{ universeId: number; placeId: number }> = []
    for (let i = 0; existing.length < SEEDED + DISCOVERED; i++) {
      const p = experienceAt(model, i)
      if (p.createdMs <= SLOT) existing.push({ universeId: p.universeId, placeId: p.rootPlaceId })
    }
    const config = loadConfig({ REDIS_URL: redis.url, SCHEDULER_PREFIX: 'shared-pollers' })
    const onlyGames: PollerName[] = ['sorts', 'thumbnails', 'play-status', 'age-ratings', 'creators']
    const processes = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const state = await openSharedState(config, logger, { clock, registry: new Registry() })
        states.push(state)
        expect(state.kind).toBe('redis')
        const client = createRobloxClient({
          baseTemplate: sim.baseTemplate,
          userAgent: 'ludex-test',
          hostIntervalMs: 0,
          timeoutMs: 5_000,
          maxRetries: 2,
          logger,
        })
        const tracker = await state.tracker()
        const publisher = new CollectingPublisher()
        const scheduler = createBullmqScheduler({
          redisUrl: redis.url,
          logger,
          prefix: config.SCHEDULER_PREFIX,
          queueName: 'pollers',
          concurrency: 2,
        })
        schedulers.push(scheduler)
        const deps = {
          client,
          tracker,
          publisher,
          clock,
          logger,
          memory: state.changeMemory,
          discovery: false,
        }
        registerPollers(scheduler, deps, { everyMs: { games: 700 }, disabled: onlyGames })
        return { name, client, tracker, publisher, scheduler }
      }),
    )
    const [a, b] = processes as [(typeof processes)[0], (typeof processes)[0]]
    // Only process a tracks anything; b knows the set from Redis alone.
    await trackSeedPlaces(
      a.client,
      a.tracker,
      existing.slice(0, SEEDED).map((e) => e.placeId),
      clock.now(),
      logger,
    )
    expect(b.tracker.size).toBe(0)
    await Promise.all(processes.map((p) => p.scheduler.start()))

    const totals = () => processes.flatMap((p) => p.publisher.of<PlatformTotalsV1>(topics.platform))
    await eventually(() => totals().length >= 2, 30_000)
    // Process a discovers more while the sweeps run; the next splits, wherever they run, include them.
    await a.tracker.addAll(existing.slice(SEEDED), 'discovery', clock.now())
    await eventually(() => totals().some((t) => t.tracked_experiences === SEEDED + DISCOVERED), 30_000)
    await eventually(
      () => totals().filter((t) => t.tracked_experiences === SEEDED + DISCOVERED).length >= 2,
      30_000,
    )
    await Promise.all(processes.map((p) => p.scheduler.stop()))

    const snapshots = processes.flatMap((p) => p.publisher.of<PlaceSnapshotV1>(topics.snapshots))
    expect(new Set(snapshots.map((s) => s.universe_id))).toEqual(new Set(existing.map((e) => e.universeId)))
    // Both processes ran batches, and b now lists what a tracked, in a's order.
    for (const p of processes) expect(p.publisher.of(topics.snapshots).length).toBeGreaterThan(0)
    await b.tracker.refresh()
    expect(b.tracker.list()).toEqual(a.tracker.list())
    // The simulator's clock stands still, so details never change: with one memory between them, every
    // experience's details went out exactly once over all the sweeps, whichever process ran its batch.
    const details = processes.flatMap((p) =>
      p.publisher.of(topics.metadata).filter((m): m is PlaceDetailsChange => m.change === 'details'),
    )
    expect(details.map((d) => d.universe_id).sort((x, y) => x - y)).toEqual(
      existing.map((e) => e.universeId).sort((x, y) => x - y),
    )
  })
})
