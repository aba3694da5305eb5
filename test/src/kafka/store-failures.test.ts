import { type ClickHouseClient, ClickHouseLogLevel, createClient } from '@clickhouse/client'
import {
  createAnalyticsClient,
  deadLetterWriter,
  migrate,
  type Sink,
  startSink,
  tables,
} from '@ludex/pipelines'
import {
  createKafkaBus,
  type KafkaBus,
  kafkaBusOptions,
  kafkaConnection,
  kafkaGroupId,
  kafkaTopicName,
} from '@ludex/pipelines/kafka'
import {
  landedSnapshots,
  type ObservedEvents,
  observedEvents,
  refusedSnapshot,
  snapshot,
  snapshotTag,
  storedDeadLetterCount,
  storeRows,
} from '@ludex/pipelines/testing'
import { type Config, topics } from '@ludex/schemas'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type ClickHouseHttp, startClickHouseHttp } from '../harness/clickhouse-http.ts'
import { freePort } from '../harness/free-port.ts'
import { type KafkaBroker, startKafkaBroker } from '../harness/kafka-broker.ts'
import { freshTopics, readDeadLetterTopic, recordCount, silent, withAdmin } from './support.ts'

/**
 * The distributed shape's sink under store failures: the Kafka bus on a real broker, the sink writing to a
 * ClickHouse server over HTTP (the harness in front of chDB). A row the store refuses is dead-lettered
 * alone, with the server's error, while the rest lands and the group's offsets advance; a store that
 * cannot be reached is retried, nothing is dead-lettered and nothing is committed past it.
 */

let broker: KafkaBroker
let ch: ClickHouseHttp
const buses: KafkaBus[] = []
const sinks: Sink[] = []
const clients: ClickHouseClient[] = []
beforeAll(async () => {
  ;[broker, ch] = await Promise.all([startKafkaBroker(), startClickHouseHttp()])
})
afterEach(async () => {
  for (const s of sinks.splice(0)) await s.stop()
  await Promise.all(buses.splice(0).map((b) => b.close()))
  await Promise.all(clients.splice(0).map((c) => c.close()))
})
afterAll(async () => {
  await Promise.allSettled([broker?.dispose(), ch?.stop()])
})

let databases = 0
async function store(): Promise<ClickHouseClient> {
  const client = await createAnalyticsClient(
    {
      LUDEX_DATA_DIR: '/nonexistent',
      CLICKHOUSE_URL: ch.clickhouseUrl,
      CLICKHOUSE_DATABASE: `kafka_failures_${++databases}`,
    },
    silent,
  )
  clients.push(client)
  await migrate(client, silent)
  return client
}

/** The sink role's wiring: Kafka bus with dead letters into dead_letters too, the sink on `client`. */
function sinkRole(
  config: Config,
  client: ClickHouseClient,
  deadLetters: ClickHouseClient,
  e: ObservedEvents,
) {
  const bus = createKafkaBus(
    kafkaBusOptions(config, silent, {
      retryBackoffMs: 10,
      maxRetryBackoffMs: 200,
      maxAttempts: 2,
      observer: e.observer,
      onDeadLetter: deadLetterWriter(deadLetters),
    }),
  )
  buses.push(bus)
  const sink = startSink({ bus, client, logger: silent, batchMax: 1000, batchWaitMs: 10 })
  sinks.push(sink)
  return { bus, sink }
}

/**
 * The sink group's committed offset and the topic's end, per partition of snapshots.v1 (a fresh topic:
 * a partition the group has not committed stands at 0).
 */
async function positions(config: Config) {
  const connection = kafkaConnection(config, silent)
  const groupId = kafkaGroupId(connection, 'sink', topics.snapshots.name)
  const kafkaTopic = kafkaTopicName(connection, topics.snapshots.name)
  return withAdmin(config, async (admin) => {
    const [committed] = await admin.fetchOffsets({ groupId, topics: [kafkaTopic] })
    const ends = await admin.fetchTopicOffsets(kafkaTopic)
    return ends
      .map((e) => ({
        partition: e.partition,
        committed: Math.max(
          0,
          Number(committed?.partitions.find((p) => p.partition === e.partition)?.offset ?? -1),
        ),
        end: Number(e.high),
      }))
      .sort((a, b) => a.partition - b.partition)
  })
}

describe('Kafka sink under store failures (real broker, ClickHouse over HTTP)', () => {
  it('dead-letters the packed message the store refuses with its error; the rest lands and the offsets advance', async () => {
    const config = await freshTopics(broker, 'refused')
    const client = await store()
    const e = observedEvents()
    const { bus } = sinkRole(config, client, client, e)

    // One publish: each universe's four snapshots travel as one packed record; the refused one is the
    // third message of universe 2's record.
    const bad = refusedSnapshot(2, 2)
    const sent = [1, 2, 3].flatMap((u) =>
      [0, 1, 2, 3].map((i) => (u === 2 && i === 2 ? bad : snapshot(u, i))),
    )
    await bus.publish(topics.snapshots, sent)
    await bus.drain()

    const good = sent.filter((m) => m !== bad)
    expect(await landedSnapshots(client)).toEqual(good.map(snapshotTag).sort())
    // In the dead-letter topic, with where it came from…
    const letters = await readDeadLetterTopic(config)
    expect(letters).toHaveLength(1)
    const [letter] = letters
    expect(letter!.group).toBe('sink')
    expect(letter!.sourceIndex).toBe(2)
    expect(letter!.letter).toMatchObject({ topic: topics.snapshots.name, key: '2' })
    expect(letter!.letter.reason).toMatch(/^place_snapshots: Code 41 CANNOT_PARSE_DATETIME: /)
    expect(JSON.parse(letter!.letter.payload)).toEqual(bad)
    // …and in dead_letters, as the sink role wires it.
    const stored = await storeRows(client, `SELECT key, reason FROM ${tables.deadLetters}`)
    expect(stored).toEqual([{ key: '2', reason: `[group sink] ${letter!.letter.reason}` }])
    expect(e.deadLettered).toEqual([
      { topic: topics.snapshots.name, group: 'sink', kind: 'refused', count: 1 },
    ])
    expect(e.redeliveries.length).toBeGreaterThanOrEqual(1)
    // Every partition is committed to its end: nothing is held behind the refused message.
    for (const p of await positions(config)) expect(p.committed).toBe(p.end)

    // Later messages keep flowing.
    await bus.publish(topics.snapshots, [snapshot(2, 4), snapshot(4, 0)])
    await bus.drain()
    expect(await landedSnapshots(client)).toEqual(
      [...good, snapshot(2, 4), snapshot(4, 0)].map(snapshotTag).sort(),
    )
    expect(await recordCount(config, topics.deadLetter.name)).toBe(1)
  })

  it('retries while the store is unreachable, commits nothing past it and dead-letters nothing; a sink on a reachable store then lands it all', async () => {
    const config = await freshTopics(broker, 'unreachable')
    const client = await store()
    const unreachable = createClient({
      url: `http://127.0.0.1:${await freePort()}`,
      log: { level: ClickHouseLogLevel.OFF },
    })
    clients.push(unreachable)
    const e = observedEvents()
    const first = sinkRole(config, unreachable, client, e)
    const sent = Array.from({ length: 8 }, (_, i) => snapshot(1 + (i % 2), i))
    await first.bus.publish(topics.snapshots, sent)

    // Well past BUS_MAX_ATTEMPTS (2 here): a refused connection is never a reason to drop data.
    await e.redeliveriesReach(5)
    expect(e.deadLettered).toEqual([])
    expect(await recordCount(config, topics.deadLetter.name)).toBe(0)
    const held = await positions(config)
    expect(held.some((p) => p.end > 0)).toBe(true)
    for (const p of held) if (p.end > 0) expect(p.committed).toBe(0)

    // The role restarts on a store that answers: the group resumes where it stood and loses nothing.
    await first.sink.stop()
    await first.bus.close()
    const second = sinkRole(config, client, client, observedEvents())
    await second.bus.drain()
    expect(await landedSnapshots(client)).toEqual(sent.map(snapshotTag).sort())
    expect(await storedDeadLetterCount(client)).toBe(0)
    for (const p of await positions(config)) expect(p.committed).toBe(p.end)
  })
})
