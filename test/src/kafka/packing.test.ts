import {
  createKafkaBus,
  kafkaBusOptions,
  kafkaConnection,
  kafkaGroupId,
  kafkaTopicName,
  listDeadLetters,
  PACK_HEADER,
  PACK_VERSION,
} from '@ludex/pipelines/kafka'
import { snapshot, snapshotTag } from '@ludex/pipelines/testing'
import { topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import { describe, expect, it } from 'vitest'
import { useKafkaBroker } from '../harness/kafka-fixture.ts'
import { freshTopics, readDeadLetterTopic, recordCount, silent, withAdmin } from './support.ts'

const tag = snapshotTag
const ofKey = (tags: readonly string[], key: number) => tags.filter((t) => t.startsWith(`${key}@`))

const kafka = useKafkaBroker()

describe('Kafka bus: packed records', () => {
  it("packs each key's messages of a publish into one record and keeps each key's order across them", async () => {
    const config = await freshTopics(kafka.broker, 'pack-order')
    const bus = createKafkaBus(kafkaBusOptions(config, silent, { retryBackoffMs: 10 }))
    kafka.closeAfterTest(bus)
    const got: string[] = []
    const sizes: number[] = []
    // Batches of 7 cut through the records of 10: a batch ends inside a record and the next goes on.
    bus.subscribe(topics.snapshots, { group: 'sink', maxBatch: 7, maxWaitMs: 10 }, async (b) => {
      sizes.push(b.length)
      got.push(...b.map(tag))
    })
    const sent: string[] = []
    // Backfill-shaped publishes: 6 experiences × 10 consecutive slots each.
    for (let p = 0; p < 6; p++) {
      const batch = Array.from({ length: 60 }, (_, i) => snapshot(1 + (i % 6), p * 10 + Math.floor(i / 6)))
      await bus.publish(topics.snapshots, batch)
      sent.push(...batch.map(tag))
    }
    await bus.drain()
    // One record per key per publish…
    expect(await recordCount(config, topics.snapshots.name)).toBe(6 * 6)
    // …and every message once, each key's in publish order, in batches of at most 7.
    expect(Math.max(...sizes)).toBe(7)
    expect(got).toHaveLength(sent.length)
    for (let key = 1; key <= 6; key++) expect(ofKey(got, key)).toEqual(ofKey(sent, key))
  })

  it('dead-letters the invalid messages of a packed record with their reasons and positions; the others flow', async () => {
    const config = await freshTopics(kafka.broker, 'pack-poison')
    const bus = createKafkaBus(kafkaBusOptions(config, silent, { retryBackoffMs: 10 }))
    kafka.closeAfterTest(bus)
    const got: string[] = []
    bus.subscribe(topics.snapshots, { group: 'sink', maxBatch: 100, maxWaitMs: 10 }, async (b) => {
      got.push(...b.map(tag))
    })
    const before = Array.from({ length: 4 }, (_, i) => snapshot(3, i))
    await bus.publish(topics.snapshots, before)
    // A packed record from a faulty producer: five messages of key 3, two of them invalid.
    const bad = { ...snapshot(3, 11), playing: -5 }
    const rows = [snapshot(3, 10), bad, snapshot(3, 12), { schema_version: 1 }, snapshot(3, 14)].map((m) =>
      Object.values(m),
    )
    await bus.publishRaw(topics.snapshots.name, { fields: Object.keys(snapshot(3, 0)), rows }, '3', {
      [PACK_HEADER]: PACK_VERSION,
    })
    const after = Array.from({ length: 4 }, (_, i) => snapshot(3, 20 + i))
    await bus.publish(topics.snapshots, after)
    await bus.drain()

    // The valid messages of the record reached the handler, in order between the records around it.
    expect(got).toEqual([...before, snapshot(3, 10), snapshot(3, 12), snapshot(3, 14), ...after].map(tag))
    const letters = await readDeadLetterTopic(config)
    expect(letters.map((l) => [l.sourceOffset, l.sourceIndex])).toEqual([
      ['1', 1],
      ['1', 3],
    ])
    expect(letters[0]?.letter.reason).toMatch(/^playing: /)
    expect(JSON.parse(letters[0]!.letter.payload)).toEqual(bad)
    expect(letters[1]?.letter.reason).toBe('packed row is not an array of 12 values')
    expect(letters.every((l) => l.letter.key === '3' && l.group === 'sink')).toBe(true)

    // `ludex dlq list` reads them back.
    const listed = await listDeadLetters(bus, { topic: topics.snapshots.name })
    expect(listed.map((l) => l.reason)).toEqual(letters.map((l) => l.letter.reason))
  })

  it('commits a packed record only once every one of its messages is acknowledged', async () => {
    const config = await freshTopics(kafka.broker, 'pack-commit')
    const bus = createKafkaBus(kafkaBusOptions(config, silent, { retryBackoffMs: 10 }))
    kafka.closeAfterTest(bus)
    // Two records of 25 messages of one key (one partition), read in batches of 10: the third batch
    // ends record A and begins record B.
    const a = Array.from({ length: 25 }, (_, i) => snapshot(7, i))
    const b = Array.from({ length: 25 }, (_, i) => snapshot(7, 25 + i))
    await bus.publish(topics.snapshots, a)
    await bus.publish(topics.snapshots, b)
    expect(await recordCount(config, topics.snapshots.name)).toBe(2)

    const deliveries: string[][] = []
    const gates: Array<(outcome: 'ok' | 'fail') => void> = []
    let settled = false
    bus.subscribe(topics.snapshots, { group: 'sink', maxBatch: 10, maxWaitMs: 10 }, async (batch) => {
      deliveries.push(batch.map(tag))
      // The second batch (inside A) and the fourth (inside B) wait for the test; the fourth then fails.
      if (!settled && (deliveries.length === 2 || deliveries.length === 4)) {
        const outcome = await new Promise<'ok' | 'fail'>((resolve) => gates.push(resolve))
        if (outcome === 'fail') throw new Error('insert failed')
      }
    })
    const connection = kafkaConnection(config, silent)
    const groupId = kafkaGroupId(connection, 'sink', topics.snapshots.name)
    const kafkaTopic = kafkaTopicName(connection, topics.snapshots.name)
    const committed = () =>
      withAdmin(config, async (admin) => {
        const [t] = await admin.fetchOffsets({ groupId, topics: [kafkaTopic] })
        return Math.max(...(t?.partitions.map((p) => Number(p.offset)) ?? [-1]))
      })

    try {
      // A batch is committed, if at all, before the next one starts: with the second batch in flight, the
      // first (10 of A's 25) was acknowledged and yet nothing is committed.
      await waitFor('the second batch to be in flight', () => gates.length === 1, { everyMs: 20 })
      expect(await committed()).toBe(-1)
      gates[0]?.('ok')
      // The third batch finished A: A is committed, B (whose first 5 were handled) is not.
      await waitFor('the fourth batch to be in flight', () => gates.length === 2, { everyMs: 20 })
      expect(await committed()).toBe(1)
      gates[1]?.('fail')
      await bus.drain()
      expect(await committed()).toBe(2)
    } finally {
      // A failed expectation must not leave a handler waiting: close() would wait for it.
      settled = true
      for (const release of gates) release('ok')
    }
    // The failed batch came again, whole, before the rest of B; nothing was lost or skipped.
    expect(deliveries.map((d) => d.length)).toEqual([10, 10, 10, 10, 10, 10])
    expect(deliveries[2]).toEqual([...a.slice(20), ...b.slice(0, 5)].map(tag))
    expect(deliveries[4]).toEqual(deliveries[3])
    expect(deliveries.flat().filter((t, i, all) => all.indexOf(t) === i)).toEqual([...a, ...b].map(tag))
  })

  it('publishes plain records only with packing off (KAFKA_PACK_MAX_BYTES=0), read the same way', async () => {
    const config = await freshTopics(kafka.broker, 'pack-off', { KAFKA_PACK_MAX_BYTES: '0' })
    const bus = createKafkaBus(kafkaBusOptions(config, silent, { retryBackoffMs: 10 }))
    kafka.closeAfterTest(bus)
    const got: string[] = []
    bus.subscribe(topics.snapshots, { group: 'sink', maxBatch: 100, maxWaitMs: 10 }, async (batch) => {
      got.push(...batch.map(tag))
    })
    const sent = Array.from({ length: 30 }, (_, i) => snapshot(1 + (i % 3), Math.floor(i / 3)))
    await bus.publish(topics.snapshots, sent)
    await bus.drain()
    expect(await recordCount(config, topics.snapshots.name)).toBe(30)
    for (let key = 1; key <= 3; key++) expect(ofKey(got, key)).toEqual(ofKey(sent.map(tag), key))
  })
})
