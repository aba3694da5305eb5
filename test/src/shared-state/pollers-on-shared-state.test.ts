import { openSharedState, type SharedState } from '@ludex/cli'
import {
  loadConfig,
  type PlaceDetailsChange,
  type PlaceSnapshotV1,
  type PlatformTotalsV1,
  topics,
} from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import { trackSeedPlaces } from '@ludex/workers'
import pino from 'pino'
import { Registry } from 'prom-client'
import { afterAll, describe, expect, it } from 'vitest'
import { clock, useGamesPollerWorld } from '../scheduling/games-pollers.ts'

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
const SEEDED = 120
const DISCOVERED = 30

const world = useGamesPollerWorld({ seed: 78, experiences: 400 })
const states: SharedState[] = []
afterAll(async () => {
  await Promise.all(states.map((s) => s.close()))
})

describe('two poller processes on the shared state in Redis', () => {
  it('sweep what either tracked, and publish each details change once between them', async () => {
    const existing = world.existing(SEEDED + DISCOVERED)
    const config = loadConfig({ REDIS_URL: world.redis.server.url, SCHEDULER_PREFIX: 'shared-pollers' })
    const processes = await Promise.all(
      ['a', 'b'].map(async () => {
        const state = await openSharedState(config, logger, { clock, registry: new Registry() })
        states.push(state)
        expect(state.kind).toBe('redis')
        return world.process({
          prefix: config.SCHEDULER_PREFIX,
          tracker: () => state.tracker(),
          memory: state.changeMemory,
          gamesEveryMs: 700,
          // Small shards, so both processes take some of every sweep.
          sweep: { gamesShardSize: 50 },
        })
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
    await waitFor('two sweeps', () => totals().length >= 2, { timeoutMs: 30_000, everyMs: 20 })
    // Process a discovers more while the sweeps run; the next splits, wherever they run, include them.
    await a.tracker.addAll(existing.slice(SEEDED), 'discovery', clock.now())
    await waitFor(
      'a sweep with the discovered experiences',
      () => totals().some((t) => t.tracked_experiences === SEEDED + DISCOVERED),
      { timeoutMs: 30_000, everyMs: 20 },
    )
    await waitFor(
      'two sweeps with the discovered experiences',
      () => totals().filter((t) => t.tracked_experiences === SEEDED + DISCOVERED).length >= 2,
      { timeoutMs: 30_000, everyMs: 20 },
    )
    await Promise.all(processes.map((p) => p.scheduler.stop()))

    const snapshots = processes.flatMap((p) => p.publisher.of<PlaceSnapshotV1>(topics.snapshots))
    expect(new Set(snapshots.map((s) => s.universe_id))).toEqual(new Set(existing.map((e) => e.universeId)))
    // Both processes ran shards, and b now lists what a tracked, in a's order.
    for (const p of processes) expect(p.publisher.of(topics.snapshots).length).toBeGreaterThan(0)
    await b.tracker.refresh()
    expect(b.tracker.list()).toEqual(a.tracker.list())
    // The simulator's clock stands still, so details never change: with one memory between them, every
    // experience's details went out exactly once over all the sweeps, whichever process ran its shard.
    const details = processes.flatMap((p) =>
      p.publisher.of(topics.metadata).filter((m): m is PlaceDetailsChange => m.change === 'details'),
    )
    expect(details.map((d) => d.universe_id).sort((x, y) => x - y)).toEqual(
      existing.map((e) => e.universeId).sort((x, y) => x - y),
    )
  })
})
