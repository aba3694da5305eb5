import { type PlaceSnapshotV1, type PlatformTotalsV1, TEN_MINUTES_MS, topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import { createInMemoryChangeMemory, createInMemoryTracker, trackSeedPlaces } from '@ludex/workers'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { clock, useGamesPollerWorld } from './games-pollers.ts'

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
const TRACKED = 180

const world = useGamesPollerWorld({ seed: 77, experiences: 400 })

describe('the games sweep as batch jobs shared by two poller processes', () => {
  it('polls every tracked experience once per sweep and publishes a complete platform total', async () => {
    const placeIds = world.existing(TRACKED).map((e) => e.placeId)
    const processes = await Promise.all(
      ['a', 'b'].map(() =>
        world.process({
          // Each process knows the tracked set (in production: a shared store); the batches travel as ids.
          tracker: async (client) => {
            const tracker = createInMemoryTracker()
            await trackSeedPlaces(client, tracker, placeIds, clock.now(), logger)
            return tracker
          },
          memory: createInMemoryChangeMemory(),
          gamesEveryMs: 800,
          // Shards of 50: four per sweep, for two processes to share.
          sweep: { gamesShardSize: 50 },
        }),
      ),
    )
    expect(processes[0]!.tracker.size).toBe(TRACKED)
    await Promise.all(processes.map((p) => p.scheduler.start()))
    const totals = () => processes.flatMap((p) => p.publisher.of<PlatformTotalsV1>(topics.platform))
    await waitFor('two sweeps', () => totals().length >= 2, { timeoutMs: 30_000, everyMs: 20 })
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
    // The shards (4 per sweep) were shared: both processes published snapshots.
    for (const p of processes) expect(p.publisher.of(topics.snapshots).length).toBeGreaterThan(0)
  })
})
