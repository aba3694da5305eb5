import {
  BatchRejectedError,
  type Bus,
  BusValidationError,
  type DeadLetter,
  messageIdOf,
  type PlaceSnapshotV1,
  TEN_MINUTES_MS,
  topics,
} from '@ludex/schemas'
import { afterEach, describe, expect, it } from 'vitest'
import { observedEvents } from './observed-events.ts'
import type { BusObserver } from './observer.ts'

/** A bus under test plus the two hooks the contract needs beyond the Bus interface. */
export interface BusUnderTest {
  readonly bus: Bus
  /** Publishes a payload without producer-side validation (a foreign or corrupt producer). */
  publishRaw(topicName: string, payload: unknown, key?: string): Promise<void>
  /** Every dead letter the bus has handed to its dead-letter handler so far. */
  readonly deadLetters: readonly DeadLetter[]
  /**
   * Resolves once the subscriptions made so far are receiving. A broker's consumer joins its group
   * asynchronously; the latency case measures delivery, not that join.
   */
  ready?(): Promise<void>
}

/**
 * How an adapter buffers, which decides what a producer does when consumers lag:
 * 'bounded' — at most `capacity` unconsumed messages are held and producers wait beyond it (in-process);
 * 'retained-log' — a durable log retains everything (Kafka): producers never wait on consumers, a slow
 * or absent consumer only falls behind, and `capacity` does not apply.
 */
export interface BusContractOptions {
  readonly buffering: 'bounded' | 'retained-log'
  /**
   * Tolerances of the one case that measures time (partial batches of a slow producer). A broker adds a
   * network round trip and a JVM that shares the two cores; a stall merges messages into fewer batches.
   * Default: 250 ms over maxWaitMs, at least 4 of the 8 messages' batches.
   */
  readonly timing?: { readonly latencySlackMs: number; readonly minBatches: number }
}

export interface BusFactoryOptions {
  /** Messages a topic may hold before producers wait. */
  readonly capacity: number
  readonly retryBackoffMs: number
  /** Tries of a batch the handler refuses (BatchRejectedError) before the bus bisects it. */
  readonly maxAttempts: number
  /** To be passed to the bus: the cases check what it reports. */
  readonly observer: BusObserver
}

export type BusFactory = (options: BusFactoryOptions) => Promise<BusUnderTest> | BusUnderTest

const SLOT0 = Date.UTC(2024, 0, 1)

export function snapshot(universeId: number, slotIndex: number): PlaceSnapshotV1 {
  const slot = SLOT0 + slotIndex * TEN_MINUTES_MS
  return {
    schema_version: 1,
    id: messageIdOf('poller', universeId, slot),
    source: 'poller',
    universe_id: universeId,
    place_id: universeId * 10,
    slot,
    observed_at: slot + 1234,
    playing: slotIndex,
    visits: 1000 + slotIndex,
    favorites: 7,
    up_votes: 3,
    down_votes: null,
  }
}

/** The slot index `snapshot()` was made with: its inverse, for tests that check what arrived. */
export const snapshotSlotIndex = (m: PlaceSnapshotV1): number => (m.slot - SLOT0) / TEN_MINUTES_MS

/** `universe@slotIndex` of a `snapshot()`, for comparing what was sent and what arrived. */
export const snapshotTag = (m: PlaceSnapshotV1): string => `${m.universe_id}@${snapshotSlotIndex(m)}`
const tag = snapshotTag

/**
 * Tags grouped by key, each key's list in order. The Bus promises order per key only: a partitioned log
 * interleaves keys of different partitions in any order.
 */
const perKey = (tags: readonly string[]) => {
  const out: Record<string, string[]> = {}
  for (const t of tags) {
    const key = t.split('@')[0]!
    out[key] = [...(out[key] ?? []), t]
  }
  return out
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The behaviour every Bus adapter must show. Call inside a test file with a factory; the in-process
 * adapter runs it here, the Kafka adapter runs the same cases against a real broker. The cases are the
 * same for both; where buffering differs (see BusContractOptions), each kind asserts its own promise.
 */
export function busContract(
  name: string,
  factory: BusFactory,
  { buffering, timing = { latencySlackMs: 250, minBatches: 4 } }: BusContractOptions = {
    buffering: 'bounded',
  },
): void {
  describe(`Bus contract: ${name}`, () => {
    const opened: Bus[] = []
    const make = async (o: Partial<Omit<BusFactoryOptions, 'observer'>> = {}) => {
      const events = observedEvents()
      const t = await factory({
        capacity: 1000,
        retryBackoffMs: 5,
        maxAttempts: 3,
        ...o,
        observer: events.observer,
      })
      opened.push(t.bus)
      return { ...t, redeliveries: events.redeliveries, deadLettered: events.deadLettered }
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((b) => b.close()))
    })

    it('keeps the order of each key across batches and publishes', async () => {
      const { bus } = await make()
      const got: PlaceSnapshotV1[] = []
      bus.subscribe(topics.snapshots, { group: 'g', maxBatch: 7, maxWaitMs: 1 }, async (b) => {
        got.push(...b)
      })
      const sent: PlaceSnapshotV1[] = []
      for (let round = 0; round < 20; round++) {
        const batch = [1, 2, 3].flatMap((u) => [snapshot(u, round * 2), snapshot(u, round * 2 + 1)])
        sent.push(...batch)
        await bus.publish(topics.snapshots, batch)
      }
      await bus.drain()
      expect(got.map(tag)).toHaveLength(sent.length)
      for (const u of [1, 2, 3]) {
        expect(got.filter((m) => m.universe_id === u).map(tag)).toEqual(
          sent.filter((m) => m.universe_id === u).map(tag),
        )
      }
    })

    it('delivers every message to every group', async () => {
      const { bus } = await make()
      const a: string[] = []
      const b: string[] = []
      bus.subscribe(topics.snapshots, { group: 'a', maxBatch: 10, maxWaitMs: 1 }, async (m) => {
        a.push(...m.map(tag))
      })
      bus.subscribe(topics.snapshots, { group: 'b', maxBatch: 3, maxWaitMs: 1 }, async (m) => {
        b.push(...m.map(tag))
      })
      const sent = Array.from({ length: 50 }, (_, i) => snapshot(1 + (i % 4), i))
      await bus.publish(topics.snapshots, sent)
      await bus.drain()
      expect(a).toHaveLength(sent.length)
      expect(b).toHaveLength(sent.length)
      expect(perKey(a)).toEqual(perKey(sent.map(tag)))
      expect(perKey(b)).toEqual(perKey(sent.map(tag)))
    })

    it('hands over full batches of at most maxBatch when enough is waiting', async () => {
      const { bus } = await make()
      await bus.publish(
        topics.snapshots,
        Array.from({ length: 95 }, (_, i) => snapshot(1, i)),
      )
      const sizes: number[] = []
      bus.subscribe(topics.snapshots, { group: 'g', maxBatch: 10, maxWaitMs: 20 }, async (b) => {
        sizes.push(b.length)
      })
      await bus.drain()
      expect(sizes).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 5])
    })

    if (buffering === 'bounded') {
      it('holds a fast producer back behind a slow consumer and loses nothing', async () => {
        const capacity = 20
        const { bus } = await make({ capacity })
        let handled = 0
        let accepted = 0
        let maxLead = 0
        const got: string[] = []
        bus.subscribe(topics.snapshots, { group: 'slow', maxBatch: 5, maxWaitMs: 1 }, async (b) => {
          await sleep(3)
          got.push(...b.map(tag))
          handled += b.length
        })
        const sent = Array.from({ length: 200 }, (_, i) => snapshot(1 + (i % 3), i))
        // 100 messages cannot fit in 20 slots: the publish resolves only once the consumer has made
        // room, so by then it has handled all but at most `capacity` of them.
        const handledWhenAccepted = await bus
          .publish(topics.snapshots, sent.slice(0, 100))
          .then(() => handled)
        expect(100 - handledWhenAccepted).toBeLessThanOrEqual(capacity)
        accepted = 100
        for (const m of sent.slice(100)) {
          await bus.publish(topics.snapshots, [m])
          accepted++
          maxLead = Math.max(maxLead, accepted - handled)
        }
        await bus.drain()
        expect(maxLead).toBeLessThanOrEqual(capacity)
        expect(got).toEqual(sent.map(tag))
      })
    } else {
      it('lets a slow consumer fall behind without holding the producer back, and loses nothing', async () => {
        const capacity = 20
        const { bus } = await make({ capacity })
        let handled = 0
        const got: string[] = []
        bus.subscribe(topics.snapshots, { group: 'slow', maxBatch: 5, maxWaitMs: 1 }, async (b) => {
          await sleep(3)
          got.push(...b.map(tag))
          handled += b.length
        })
        const sent = Array.from({ length: 200 }, (_, i) => snapshot(1 + (i % 3), i))
        await bus.publish(topics.snapshots, sent.slice(0, 100))
        await bus.publish(topics.snapshots, sent.slice(100))
        // All 200 are accepted while the consumer (≥ 3 ms per 5) is far behind: a lead the bounded bus
        // would never allow.
        expect(sent.length - handled).toBeGreaterThan(capacity)
        await bus.drain()
        expect(got).toHaveLength(sent.length)
        expect(perKey(got)).toEqual(perKey(sent.map(tag)))
      })
    }

    it('delivers partial batches after maxWaitMs to a fast consumer of a slow producer', async () => {
      const t = await make()
      const { bus } = t
      const latency: number[] = []
      const sentAt = new Map<string, number>()
      const sizes: number[] = []
      bus.subscribe(topics.snapshots, { group: 'fast', maxBatch: 1000, maxWaitMs: 20 }, async (b) => {
        sizes.push(b.length)
        for (const m of b) latency.push(performance.now() - sentAt.get(tag(m))!)
      })
      await t.ready?.()
      for (let i = 0; i < 8; i++) {
        const m = snapshot(1, i)
        sentAt.set(tag(m), performance.now())
        await bus.publish(topics.snapshots, [m])
        await sleep(40)
      }
      await bus.drain()
      expect(latency).toHaveLength(8)
      expect(sizes.length).toBeGreaterThanOrEqual(timing.minBatches)
      expect(Math.max(...sizes)).toBeLessThan(1000)
      expect(Math.max(...latency)).toBeLessThan(20 + timing.latencySlackMs)
    })

    it('redelivers the same batch after a handler failure, then moves on', async () => {
      const { bus } = await make()
      const failed: string[][] = []
      let deliveries = 0
      const accepted: string[] = []
      // One key: the batches are cut from one ordered sequence on every adapter.
      const sent = Array.from({ length: 12 }, (_, i) => snapshot(1, i))
      await bus.publish(topics.snapshots, sent)
      bus.subscribe(topics.snapshots, { group: 'g', maxBatch: 5, maxWaitMs: 1 }, async (b) => {
        deliveries++
        // The second batch fails twice, as an insert into an unavailable store would.
        if (deliveries === 2 || deliveries === 3) {
          failed.push(b.map(tag))
          throw new Error('insert failed')
        }
        accepted.push(...b.map(tag))
      })
      await bus.drain()
      expect(accepted).toEqual(sent.map(tag))
      expect(failed).toHaveLength(2)
      expect(failed[0]).toEqual(failed[1])
      expect(failed[0]).toEqual(sent.slice(5, 10).map(tag))
    })

    it('retries a refused batch a bounded number of times, then bisects it: only the refused message is dead-lettered', async () => {
      const { bus, deadLetters, redeliveries, deadLettered } = await make({ maxAttempts: 2 })
      // One key, published before the subscription: batches [0..7] and [8..11] on every adapter.
      const sent = Array.from({ length: 12 }, (_, i) => snapshot(1, i))
      await bus.publish(topics.snapshots, sent)
      const poison = tag(sent[5]!)
      const deliveries: string[][] = []
      const accepted: string[] = []
      bus.subscribe(topics.snapshots, { group: 'g', maxBatch: 8, maxWaitMs: 1 }, async (b) => {
        const tags = b.map(tag)
        deliveries.push(tags)
        // As the sink does when the store refuses a row of the insert.
        if (tags.includes(poison)) throw new BatchRejectedError(`row ${poison} refused`)
        accepted.push(...tags)
      })
      await bus.drain()
      const slots = (from: number, to: number) => sent.slice(from, to).map(tag)
      // Two tries of the whole batch, then halves in order until the poison stands alone.
      expect(deliveries).toEqual([
        slots(0, 8),
        slots(0, 8),
        slots(0, 4),
        slots(4, 8),
        slots(4, 6),
        slots(4, 5),
        slots(5, 6),
        slots(6, 8),
        slots(8, 12),
      ])
      expect(accepted).toEqual(sent.map(tag).filter((t) => t !== poison))
      expect(deadLetters).toHaveLength(1)
      expect(deadLetters[0]).toEqual({
        topic: topics.snapshots.name,
        key: '1',
        reason: `row ${poison} refused`,
        payload: sent[5],
      })
      expect(deadLettered).toEqual([{ topic: topics.snapshots.name, group: 'g', kind: 'refused', count: 1 }])
      // Every handing-over after the first: the second try, then each half.
      expect(redeliveries.map((r) => r.messages)).toEqual([8, 4, 4, 2, 1, 1, 2])
      expect(redeliveries.every((r) => r.topic === topics.snapshots.name && r.group === 'g')).toBe(true)
      // The consumer moved past the batch: what comes next flows.
      await bus.publish(topics.snapshots, [snapshot(1, 12)])
      await bus.drain()
      expect(accepted.at(-1)).toBe('1@12')
      expect(deadLetters).toHaveLength(1)
    })

    it('retries a batch failing for another reason (an unavailable store) without limit, dead-lettering nothing', async () => {
      const { bus, deadLetters, redeliveries, deadLettered } = await make({ maxAttempts: 2 })
      const sent = Array.from({ length: 6 }, (_, i) => snapshot(2, i))
      await bus.publish(topics.snapshots, sent)
      let failures = 0
      const accepted: string[] = []
      bus.subscribe(topics.snapshots, { group: 'g', maxBatch: 10, maxWaitMs: 1 }, async (b) => {
        // Far more failures than maxAttempts: unavailability is never a reason to drop data.
        if (failures < 4) {
          failures++
          throw new Error('connect ECONNREFUSED')
        }
        accepted.push(...b.map(tag))
      })
      await bus.drain()
      expect(accepted).toEqual(sent.map(tag))
      expect(deadLetters).toEqual([])
      expect(deadLettered).toEqual([])
      expect(redeliveries.map((r) => r.messages)).toEqual([6, 6, 6, 6])
    })

    it('drain waits until every accepted message has been handled', async () => {
      const { bus } = await make({ capacity: 50 })
      let handled = 0
      bus.subscribe(topics.snapshots, { group: 'g', maxBatch: 16, maxWaitMs: 2 }, async (b) => {
        await sleep(2)
        handled += b.length
      })
      await bus.publish(
        topics.snapshots,
        Array.from({ length: 300 }, (_, i) => snapshot(1 + (i % 5), i)),
      )
      expect(handled).toBeLessThan(300)
      await bus.drain()
      expect(handled).toBe(300)
    })

    it('dead-letters an invalid payload while the valid ones flow in order', async () => {
      const t = await make()
      const got: string[] = []
      t.bus.subscribe(topics.snapshots, { group: 'g', maxBatch: 100, maxWaitMs: 5 }, async (b) => {
        got.push(...b.map(tag))
      })
      await t.bus.publish(topics.snapshots, [snapshot(1, 0), snapshot(1, 1)])
      const bad = { ...snapshot(1, 2), slot: SLOT0 + 1, playing: -5 }
      await t.publishRaw(topics.snapshots.name, bad, '1')
      await t.publishRaw(topics.snapshots.name, snapshot(1, 3), '1')
      await t.bus.publish(topics.snapshots, [snapshot(1, 4)])
      await t.bus.drain()
      expect(got).toEqual(['1@0', '1@1', '1@3', '1@4'])
      expect(t.deadLetters).toHaveLength(1)
      const letter = t.deadLetters[0]!
      expect(letter.topic).toBe(topics.snapshots.name)
      expect(letter.key).toBe('1')
      expect(letter.reason).toMatch(/slot/)
      expect(letter.reason).toMatch(/playing/)
      expect(letter.payload).toEqual(bad)
      expect(t.deadLettered).toEqual([
        { topic: topics.snapshots.name, group: 'g', kind: 'invalid', count: 1 },
      ])
      expect(t.redeliveries).toEqual([])
    })

    it('refuses an invalid message on publish and publishes none of its batch', async () => {
      const { bus } = await make()
      const got: string[] = []
      bus.subscribe(topics.snapshots, { group: 'g', maxBatch: 100, maxWaitMs: 1 }, async (b) => {
        got.push(...b.map(tag))
      })
      const invalid = { ...snapshot(2, 1), id: 'NOT-HEX' }
      const err = await bus
        .publish(topics.snapshots, [snapshot(2, 0), invalid as PlaceSnapshotV1, snapshot(2, 2)])
        .catch((e: unknown) => e)
      expect(err).toBeInstanceOf(BusValidationError)
      expect((err as BusValidationError).index).toBe(1)
      expect((err as BusValidationError).issues).toMatch(/id/)
      await bus.publish(topics.snapshots, [snapshot(2, 9)])
      await bus.drain()
      expect(got).toEqual(['2@9'])
    })

    it('keeps messages published before anyone subscribes for the first group', async () => {
      const { bus } = await make({ capacity: 10 })
      await bus.publish(
        topics.snapshots,
        Array.from({ length: 10 }, (_, i) => snapshot(3, i)),
      )
      const got: string[] = []
      // What the late group had handled when the eleventh publish was accepted.
      const pending = bus.publish(topics.snapshots, [snapshot(3, 10)]).then(() => got.length)
      // A retained log takes it at once, before anyone subscribes. A bounded buffer gets every queued
      // task run first (no time passes): the chance to take it at once, which a full buffer must refuse.
      if (buffering === 'bounded') await new Promise((resolve) => setImmediate(resolve))
      else expect(await pending).toBe(0)
      bus.subscribe(topics.snapshots, { group: 'late', maxBatch: 4, maxWaitMs: 1 }, async (b) => {
        got.push(...b.map(tag))
      })
      // The full buffer took it only once the late group had handled a batch and made room.
      if (buffering === 'bounded') expect(await pending).toBeGreaterThanOrEqual(4)
      await bus.drain()
      expect(got).toEqual(Array.from({ length: 11 }, (_, i) => `3@${i}`))
    })
  })
}
