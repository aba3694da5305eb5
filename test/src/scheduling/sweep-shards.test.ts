import { type PlaceSnapshotV1, topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import {
  createInMemoryChangeMemory,
  createInMemoryTracker,
  experienceAt,
  type GamesSweepReport,
  restrictedAt,
} from '@ludex/workers'
import { describe, expect, it } from 'vitest'
import { clock, SLOT, useGamesPollerWorld } from './games-pollers.ts'

/*
 * The sharded games sweep on BullMQ against the simulator, which budgets each client address (issue 19,
 * point 2): poller processes on addresses of their own share a slot's shards, each within its address's
 * budget; a slot's completeness leaves restricted experiences out and counts a failed shard as missed;
 * a shard of the previous slot still waiting to be retried never holds back the next slot.
 */

// 600 a minute per address, 5 at once: a process paced at 150 ms (±25%) keeps within it.
const BUDGET = { perMinute: 600, burst: 5 }
const world = useGamesPollerWorld({ seed: 79, experiences: 900 }, { addressBudget: BUDGET })

/** Tracked experiences at SLOT, open ones first, then `restricted` of the restricted ones. */
function trackedAt(open: number, restricted: number) {
  const opened: Array<{ universeId: number; placeId: number }> = []
  const closed: Array<{ universeId: number; placeId: number }> = []
  for (let i = 0; opened.length < open || closed.length < restricted; i++) {
    const p = experienceAt(world.model, i)
    if (p.createdMs > SLOT) continue
    const ref = { universeId: p.universeId, placeId: p.rootPlaceId }
    if (restrictedAt(world.model, i, SLOT)) {
      if (closed.length < restricted) closed.push(ref)
    } else if (opened.length < open) opened.push(ref)
  }
  return { opened, closed }
}

/** A process's tracker holding these experiences (each process knows the set; shards travel as ids). */
async function trackerOf(refs: ReadonlyArray<{ universeId: number; placeId: number }>) {
  const tracker = createInMemoryTracker()
  await tracker.addAll(refs, 'seed', clock.now())
  return tracker
}

describe('the sharded games sweep', () => {
  it('is shared by two poller processes on two loopback addresses, each within its address budget', async () => {
    const { opened } = trackedAt(700, 0)
    const reports: GamesSweepReport[] = []
    const processes = await Promise.all(
      ['127.0.0.2', '127.0.0.3'].map((localAddress) =>
        world.process({
          prefix: 'two-addresses',
          tracker: () => trackerOf(opened),
          memory: createInMemoryChangeMemory(),
          gamesEveryMs: 4_000,
          egress: { localAddress, hostIntervalMs: 150 },
          sweep: { gamesShardSize: 100, onGamesSweep: (r) => void reports.push(r) },
        }),
      ),
    )
    await Promise.all(processes.map((p) => p.scheduler.start()))
    await waitFor('a sweep', () => reports.length >= 1, { timeoutMs: 60_000, everyMs: 20 })
    await Promise.all(processes.map((p) => p.scheduler.stop()))

    const [report] = reports
    expect(report?.result).toMatchObject({ tracked: 700, snapshots: 700, failedShards: 0, completeness: 1 })
    const snapshots = processes.flatMap((p) => p.publisher.of<PlaceSnapshotV1>(topics.snapshots))
    expect(new Set(snapshots.map((s) => s.universe_id)).size).toBe(700)
    // Both processes took shards of the slot: each published snapshots, from its own address.
    for (const p of processes) expect(p.publisher.of(topics.snapshots).length).toBeGreaterThan(0)
    const use = world.simulator.addressUse()
    for (const address of ['127.0.0.2', '127.0.0.3']) {
      const seen = use.get(address)
      expect(seen?.requests, address).toBeGreaterThan(0)
      // Each kept to its own address's budget: the simulator refused none of its requests.
      expect(seen?.throttled, address).toBe(0)
    }
    // Seven shards of a games and a votes call each, whichever process ran them.
    expect((use.get('127.0.0.2')?.requests ?? 0) + (use.get('127.0.0.3')?.requests ?? 0)).toBe(
      14 * reports.length,
    )
  })

  it("reports a slot's completeness without its restricted experiences, a failed shard as missed, and never holds the next slot back for it", async () => {
    const { opened, closed } = trackedAt(290, 1)
    // Shards of 100: the restricted experience is in the third, the first is the one that fails.
    const tracked = [...opened, ...closed]
    const failing = new Set(tracked.slice(0, 100).map((t) => t.universeId))
    let failed = false
    const reports: GamesSweepReport[] = []
    const process = await world.process({
      prefix: 'straggler',
      tracker: () => trackerOf(tracked),
      memory: createInMemoryChangeMemory(),
      gamesEveryMs: 2_000,
      maxRetries: 0,
      // The first games call of the first shard fails; its retry waits 8 s, well past the next slot.
      fetch: (inner) => async (input, init) => {
        const url = new URL(String(input))
        const ids = url.searchParams.get('universeIds')?.split(',').map(Number) ?? []
        if (!failed && url.pathname.endsWith('/v1/games') && ids.some((id) => failing.has(id))) {
          failed = true
          throw new TypeError('fetch failed (injected)')
        }
        return inner(input, init)
      },
      scheduler: { attempts: 3, backoffMs: 8_000 },
      sweep: { gamesShardSize: 100, onGamesSweep: (r) => void reports.push(r) },
    })
    await process.scheduler.start()
    // The sweep whose first shard failed (on a machine so loaded that a whole sweep started after its
    // time, every shard of it would be reported as overran instead: not this one).
    const isStraggler = (r: GamesSweepReport) => r.result.failedShards === 1 && r.result.snapshots === 190
    await waitFor('the straggling sweep reported', () => reports.find(isStraggler), {
      timeoutMs: 60_000,
      everyMs: 20,
    })
    await process.scheduler.stop()

    const straggling = reports.find(isStraggler)!
    const next = reports.find((r) => r.scheduledFor === straggling.scheduledFor + 2_000)
    // The next occurrence completed before the straggling one: its shard's retry (8 s) came after the
    // next occurrence was due, so it was not run but reported as overran.
    expect(next, 'the next sweep completed first').toBeDefined()
    expect(reports.indexOf(next!)).toBeLessThan(reports.indexOf(straggling))
    expect(next!.result).toMatchObject({ tracked: 291, snapshots: 290, failedShards: 0, completeness: 1 })
    expect(next!.result.restricted).toEqual([closed[0]!.universeId])
    // The straggler: 290 due (the restricted one is not), 190 captured (the failed shard's 100 missed).
    expect(straggling.result).toMatchObject({
      tracked: 291,
      snapshots: 190,
      failedShards: 1,
      overranShards: 1,
      completeness: 190 / 290,
      platformTotals: null,
    })
  })
})
