import {
  createKafkaBus,
  encodeRecords,
  kafkaBusOptions,
  kafkaConnection,
  kafkaGroupId,
  kafkaTopicName,
} from '@ludex/pipelines/kafka'
import { snapshot, snapshotTag } from '@ludex/pipelines/testing'
import { topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import { describe, expect, it } from 'vitest'
import { useKafkaBroker } from '../harness/kafka-fixture.ts'
import { freshTopics, readDeadLetterTopic, recordCount, silent, withAdmin } from './support.ts'

const tag = snapshotTag

const kafka = useKafkaBroker()

describe('Kafka bus under faults', () => {
  it('loses nothing when the broker crashes and restarts during production', async () => {
    const config = await freshTopics(kafka.broker, 'restart')
    const bus = createKafkaBus(kafkaBusOptions(config, silent, { retryBackoffMs: 50 }))
    kafka.closeAfterTest(bus)
    const got: string[] = []
    bus.subscribe(topics.snapshots, { group: 'sink', maxBatch: 200, maxWaitMs: 20 }, async (b) => {
      got.push(...b.map(tag))
    })
    await bus.ready()

    const sent: string[] = []
    let records = 0
    let restart: Promise<void> | null = null
    for (let round = 0; round < 40; round++) {
      const batch = Array.from({ length: 100 }, (_, i) =>
        snapshot(1 + (i % 20), round * 5 + Math.floor(i / 20)),
      )
      // A quarter of the way in, the broker is killed (SIGKILL) and started again while publishing goes on.
      if (round === 10) restart = kafka.broker.restart({ hard: true })
      await bus.publish(topics.snapshots, batch)
      sent.push(...batch.map(tag))
      records += encodeRecords(topics.snapshots, batch, config.KAFKA_PACK_MAX_BYTES).length
    }
    await restart
    await bus.drain()

    // Every acknowledged record is there, exactly once in the log (idempotent producer: retries across
    // the crash did not write twice): each publish packed its 20 keys' messages into 20 records…
    expect(records).toBe(40 * 20)
    expect(await recordCount(config, topics.snapshots.name)).toBe(records)
    // …and reached the consumer, which may see a batch again (its commit can fail in the crash) but
    // never misses one, and sees each key's messages in order.
    expect(new Set(got)).toEqual(new Set(sent))
    const firstSeen = [...new Set(got)]
    for (let u = 1; u <= 20; u++) {
      const key = (t: string) => t.startsWith(`${u}@`)
      expect(firstSeen.filter(key)).toEqual(sent.filter(key))
    }
  })

  it('sends a poison message to the dead-letter topic with its reason while the rest flows', async () => {
    const config = await freshTopics(kafka.broker, 'poison')
    const bus = createKafkaBus(kafkaBusOptions(config, silent, { retryBackoffMs: 10 }))
    kafka.closeAfterTest(bus)
    const got: string[] = []
    bus.subscribe(topics.snapshots, { group: 'sink', maxBatch: 50, maxWaitMs: 10 }, async (b) => {
      got.push(...b.map(tag))
    })
    const before = Array.from({ length: 30 }, (_, i) => snapshot(1 + (i % 3), i))
    await bus.publish(topics.snapshots, before)
    await bus.publishRaw(topics.snapshots.name, Buffer.from([0xff, 0x00, 0x7b]), '1')
    await bus.publishRaw(topics.snapshots.name, { ...snapshot(2, 100), schema_version: 2 }, '2')
    await bus.publishRaw(topics.snapshots.name, { ...snapshot(3, 101), visits: -1, place_id: 'x' }, '3')
    const after = Array.from({ length: 30 }, (_, i) => snapshot(1 + (i % 3), 200 + i))
    await bus.publish(topics.snapshots, after)
    await bus.drain()

    // The consumer carried on past every poison message, and handed over nothing invalid.
    expect(new Set(got)).toEqual(new Set([...before, ...after].map(tag)))
    const letters = await readDeadLetterTopic(config)
    expect(letters).toHaveLength(3)
    const byKey = new Map(letters.map((l) => [l.letter.key, l]))
    expect(byKey.get('1')?.letter.reason).toMatch(/^not JSON/)
    expect(byKey.get('2')?.letter.reason).toMatch(/^schema_version: /)
    expect(byKey.get('3')?.letter.reason).toMatch(/place_id: .*; visits: |visits: .*; place_id: /)
    expect(JSON.parse(byKey.get('2')!.letter.payload)).toEqual({ ...snapshot(2, 100), schema_version: 2 })
    for (const l of letters) {
      expect(l.letter.topic).toBe(topics.snapshots.name)
      expect(l.group).toBe('sink')
      // Where the poison sits in the source topic, to find it again: after its key's packed record of
      // the first publish, in the key's partition; a plain record, so no position inside it.
      expect(l.sourcePartition).toBeGreaterThanOrEqual(0)
      expect(Number(l.sourceOffset)).toBeGreaterThanOrEqual(1)
      expect(l.sourceIndex).toBeNull()
    }
  })

  it('heartbeats through a handler that outlasts the session timeout: no rebalance, no redelivery', async () => {
    // A 1.5 s session, heartbeats every 200 ms, and an insert that takes 3.5 s.
    const config = await freshTopics(kafka.broker, 'heartbeat', {
      KAFKA_SESSION_TIMEOUT_MS: '1500',
      KAFKA_HEARTBEAT_INTERVAL_MS: '200',
    })
    const bus = createKafkaBus(kafkaBusOptions(config, silent, { retryBackoffMs: 10 }))
    kafka.closeAfterTest(bus)
    const sent = Array.from({ length: 20 }, (_, i) => snapshot(4, i))
    await bus.publish(topics.snapshots, sent)
    const deliveries: string[][] = []
    bus.subscribe(topics.snapshots, { group: 'sink', maxBatch: 10, maxWaitMs: 10 }, async (b) => {
      deliveries.push(b.map(tag))
      if (deliveries.length === 1) await new Promise((r) => setTimeout(r, 3500))
    })
    await bus.drain()
    // Had the member gone silent, the coordinator would have dropped it after 1.5 s, its commit would have
    // failed and the slow batch would have come again.
    expect(deliveries).toEqual([sent.slice(0, 10).map(tag), sent.slice(10).map(tag)])
  })

  it('commits only the acknowledged prefix: a blocked batch holds the offset, a failed one is redelivered', async () => {
    const config = await freshTopics(kafka.broker, 'prefix')
    const bus = createKafkaBus(kafkaBusOptions(config, silent, { retryBackoffMs: 10 }))
    kafka.closeAfterTest(bus)
    // One key: one partition, read in order in batches of 10. One message per publish: 40 plain records,
    // so a batch ends on a record (packed records have their own case below).
    const sent = Array.from({ length: 40 }, (_, i) => snapshot(7, i))
    for (const m of sent) await bus.publish(topics.snapshots, [m])
    const deliveries: string[][] = []
    const gate: { release?: (outcome: 'fail' | 'ok') => void } = {}
    bus.subscribe(topics.snapshots, { group: 'sink', maxBatch: 10, maxWaitMs: 10 }, async (b) => {
      deliveries.push(b.map(tag))
      if (deliveries.length === 2) {
        // The second batch's insert hangs, then fails.
        const outcome = await new Promise<'fail' | 'ok'>((resolve) => {
          gate.release = resolve
        })
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
    await waitFor('the second batch to be in flight', () => gate.release !== undefined, { everyMs: 20 })
    await waitFor('the first batch to be committed', async () => (await committed()) === 10, { everyMs: 20 })
    // While the second batch is unacknowledged nothing behind it is committed, however long it takes.
    expect(deliveries).toHaveLength(2)
    expect(await committed()).toBe(10)
    gate.release?.('fail')
    await bus.drain()
    expect(await committed()).toBe(40)
    // The failed batch came again, whole, before anything after it; nothing was lost or skipped.
    expect(deliveries.map((d) => d.length)).toEqual([10, 10, 10, 10, 10])
    expect(deliveries[2]).toEqual(deliveries[1])
    expect(deliveries.flat().filter((t, i, all) => all.indexOf(t) === i)).toEqual(sent.map(tag))
  })
})
