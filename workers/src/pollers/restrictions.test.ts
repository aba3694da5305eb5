import { Writable } from 'node:stream'
import { type PlaceMetadataV1, type PlaceSnapshotV1, type PlatformTotalsV1, topics } from '@ludex/schemas'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRobloxClient } from '../roblox/client.ts'
import {
  createPlatformModel,
  experienceAt,
  type PlatformModel,
  RESTRICTION_PERIOD_MS,
  restrictedInPeriod,
  SLOT_MS,
  sampleAt,
} from '../simulator/model/index.ts'
import { startSimulatorServer } from '../simulator/server.ts'
import { createInMemoryChangeMemory } from './change-memory.ts'
import { CollectingPublisher } from './collecting-publisher.ts'
import type { PollerDeps } from './deps.ts'
import { pollGamesAndVotes } from './games.ts'
import { createInMemoryTracker } from './tracker.ts'

/** Every log line at warn or above, to show a restriction is routine, not a fault. */
const loud: { level: number; msg: string }[] = []
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(line: Buffer, _enc, done) {
      const entry = JSON.parse(line.toString()) as { level: number; msg: string }
      if (entry.level >= 40) loud.push(entry)
      done()
    },
  }),
)

const FROM = Date.UTC(2026, 2, 1)
let model: PlatformModel
let now = FROM
let sim: { baseTemplate: string; close(): Promise<void> }
/** An experience restricted for exactly one period between two open ones, and four open throughout. */
let flaky: number
let steady: number[]
let period: number

beforeAll(async () => {
  model = createPlatformModel({ seed: 7, experiences: 2000 })
  const first = Math.floor(FROM / RESTRICTION_PERIOD_MS)
  const open = (i: number, p: number) => !restrictedInPeriod(model, i, p)
  const live = (i: number, p: number) => experienceAt(model, i).createdMs < p * RESTRICTION_PERIOD_MS
  search: for (let p = first + 1; p < first + 400; p++) {
    for (let i = 0; i < model.count; i++) {
      // With players while censored, so leaving it out of the total changes the total.
      const playing = () => sampleAt(model, i, p * RESTRICTION_PERIOD_MS).playing > 0
      if (live(i, p - 1) && open(i, p - 1) && !open(i, p) && open(i, p + 1) && playing()) {
        flaky = i
        period = p
        break search
      }
    }
  }
  steady = []
  for (let i = 0; steady.length < 4; i++) {
    if (i !== flaky && live(i, period - 1) && [period - 1, period, period + 1].every((p) => open(i, p))) {
      steady.push(i)
    }
  }
  sim = await startSimulatorServer({ model, port: 0, clock: () => now, faultRate: 0, logger })
})
afterAll(async () => {
  await sim?.close()
})

describe('a tracked experience turning restricted and back', () => {
  it('is marked, not snapshotted, not missing and out of the platform total; then unmarked', async () => {
    expect(period).toBeDefined()
    const client = createRobloxClient({
      baseTemplate: sim.baseTemplate,
      userAgent: 'ludex-test',
      hostIntervalMs: 0,
      timeoutMs: 5_000,
      maxRetries: 0,
      logger,
    })
    const tracker = createInMemoryTracker()
    const all = [flaky, ...steady].map((i) => experienceAt(model, i))
    await tracker.addAll(
      all.map((p) => ({ universeId: p.universeId, placeId: p.rootPlaceId })),
      'seed',
      FROM,
    )
    const publisher = new CollectingPublisher()
    const deps: PollerDeps = {
      client,
      tracker,
      publisher,
      clock: { now: () => now },
      logger,
      memory: createInMemoryChangeMemory(),
      discovery: false,
    }
    const flakyUniverse = experienceAt(model, flaky).universeId
    const sweep = async (slot: number) => {
      now = slot + 30_000
      publisher.clear()
      const result = await pollGamesAndVotes(deps, { slot })
      return {
        result,
        snapshots: publisher.of<PlaceSnapshotV1>(topics.snapshots),
        marks: publisher
          .of<PlaceMetadataV1>(topics.metadata)
          .filter((m) => m.change === 'restricted')
          .map((m) => (m.change === 'restricted' ? [m.universe_id, m.place_id, m.restricted] : [])),
        totals: publisher.of<PlatformTotalsV1>(topics.platform)[0],
      }
    }
    const before = (period - 1) * RESTRICTION_PERIOD_MS
    const during = period * RESTRICTION_PERIOD_MS
    const after = (period + 1) * RESTRICTION_PERIOD_MS

    const open = await sweep(before)
    expect(open.snapshots.map((s) => s.universe_id)).toContain(flakyUniverse)
    expect(open.marks).toEqual([])
    expect(open.totals?.tracked_experiences).toBe(5)

    const closed = await sweep(during)
    expect(closed.snapshots.map((s) => s.universe_id)).not.toContain(flakyUniverse)
    expect(closed.snapshots).toHaveLength(4)
    expect(closed.result.missing).toEqual([])
    expect(closed.result.restricted).toEqual([flakyUniverse])
    expect(closed.marks).toEqual([[flakyUniverse, experienceAt(model, flaky).rootPlaceId, true]])
    // Hand-worked: the total is the four open experiences' players, nothing of the restricted one.
    const [a, b, c, d] = steady.map((i) => sampleAt(model, i, during).playing) as [
      number,
      number,
      number,
      number,
    ]
    expect(closed.totals).toMatchObject({ slot: during, tracked_ccu: a + b + c + d, tracked_experiences: 4 })

    // Still restricted in the next slot: no second mark.
    const still = await sweep(during + SLOT_MS)
    expect(still.marks).toEqual([])
    expect(still.result.restricted).toEqual([flakyUniverse])

    const back = await sweep(after)
    expect(back.snapshots.map((s) => s.universe_id)).toContain(flakyUniverse)
    expect(back.marks).toEqual([[flakyUniverse, experienceAt(model, flaky).rootPlaceId, false]])
    expect(back.result.restricted).toEqual([])
    expect(back.totals?.tracked_experiences).toBe(5)

    expect(loud).toEqual([])
  })
})
