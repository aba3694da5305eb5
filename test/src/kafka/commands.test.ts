import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildProgram } from '@ludex/cli'
import { createAnalyticsClient } from '@ludex/pipelines'
import {
  createKafkaBus,
  GroupActiveError,
  type KafkaBus,
  kafkaBusOptions,
  kafkaGroupId,
  kafkaTopicName,
  setGroupOffsets,
} from '@ludex/pipelines/kafka'
import { snapshot } from '@ludex/pipelines/testing'
import { type Config, type DeadLetterV1, loadConfig, topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import type { ConfigResourceTypes } from 'kafkajs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useKafkaBroker } from '../harness/kafka-fixture.ts'
import { recordCount, silent } from './support.ts'

const kafka = useKafkaBroker()
let dataDir: string
let config: Config
const env: Record<string, string> = {}
const saved = new Map<string, string | undefined>()

/** Runs `ludex …` in this process and returns what it printed on stdout (console.log). */
async function ludex(...args: string[]): Promise<string> {
  const lines: string[] = []
  const spy = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
    lines.push(parts.map(String).join(' '))
  })
  try {
    await buildProgram()
      .exitOverride()
      .parseAsync(['node', 'ludex', ...args])
  } finally {
    spy.mockRestore()
  }
  return lines.join('\n')
}

const lastLine = (out: string) => out.split('\n').at(-1) ?? ''

function bus(): KafkaBus {
  return kafka.closeAfterTest(createKafkaBus(kafkaBusOptions(config, silent)))
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ludex-kafka-cli-'))
  Object.assign(env, {
    KAFKA_BROKERS: kafka.broker.brokers,
    KAFKA_TOPIC_PREFIX: 'cli.',
    KAFKA_TOPIC_PARTITIONS: '2',
    KAFKA_RETENTION_MS: String(3 * 86_400_000),
    LUDEX_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  })
  // The commands read the environment, as `ludex` does; this file runs in its own worker.
  for (const [k, v] of Object.entries(env)) {
    saved.set(k, process.env[k])
    process.env[k] = v
  }
  config = loadConfig(env)
})
afterAll(async () => {
  for (const [k, v] of saved) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const groupOffsets = async (b: KafkaBus, group: string, topicName: string) => {
  const admin = await b.admin()
  const [t] = await admin.fetchOffsets({
    groupId: kafkaGroupId(b.connection, group, topicName),
    topics: [kafkaTopicName(b.connection, topicName)],
  })
  return new Map(t?.partitions.map((p) => [p.partition, Number(p.offset)]))
}

const moveGroup = async (b: KafkaBus, group: string, topicName: string, at: 'end' | 'start') => {
  const admin = await b.admin()
  const kafkaTopic = kafkaTopicName(b.connection, topicName)
  const offsets = await admin.fetchTopicOffsets(kafkaTopic)
  await setGroupOffsets(
    b.kafka,
    admin,
    kafkaGroupId(b.connection, group, topicName),
    kafkaTopic,
    offsets.map((o) => ({ partition: o.partition, offset: Number(at === 'end' ? o.high : o.low) })),
  )
}

describe('ludex operator commands against a real broker', () => {
  it('migrate creates the topics with their partitions and retention, then keeps them up to date', async () => {
    // Every topic the schemas declare, whatever their number.
    const count = Object.values(topics).length
    const first = await ludex('migrate')
    expect(lastLine(first)).toMatch(
      new RegExp(`^kafka topics: ${count} created, 0 updated, 0 already up to date \\(2 partitions`),
    )
    const admin = await bus().admin()
    const names = (await admin.listTopics()).filter((t) => t.startsWith('cli.')).sort()
    expect(names).toEqual(
      Object.values(topics)
        .map((t) => `cli.${t.name}`)
        .sort(),
    )
    const metadata = await admin.fetchTopicMetadata({ topics: names })
    expect(metadata.topics.every((t) => t.partitions.length === 2)).toBe(true)
    const described = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [
        { type: 2 as ConfigResourceTypes, name: 'cli.snapshots.v1', configNames: ['retention.ms'] },
      ],
    })
    expect(described.resources[0]?.configEntries[0]?.configValue).toBe(String(3 * 86_400_000))
    expect(lastLine(await ludex('migrate'))).toMatch(
      new RegExp(`^kafka topics: 0 created, 0 updated, ${count} already up to date`),
    )
  })

  it('replay re-consumes a time range into the store, then the whole topic, leaving the group where it was', async () => {
    const b = bus()
    const early = Array.from({ length: 20 }, (_, i) => snapshot(1 + (i % 4), Math.floor(i / 4)))
    const late = Array.from({ length: 20 }, (_, i) => snapshot(1 + (i % 4), 5 + Math.floor(i / 4)))
    await b.publish(topics.snapshots, early)
    const between = Date.now() + 5
    // The late records are stamped after the range's end.
    await waitFor('the clock to pass the end of the range', () => Date.now() > between, { everyMs: 5 })
    await b.publish(topics.snapshots, late)
    // The sink had consumed everything (then the store lost it).
    await moveGroup(b, 'sink', topics.snapshots.name, 'end')
    const before = await groupOffsets(b, 'sink', topics.snapshots.name)

    const partial = await ludex('replay', '--topic', 'snapshots.v1', '--from', '0', '--to', String(between))
    expect(lastLine(partial)).toMatch(
      /^replay: 20 messages \(4 records\) of snapshots\.v1 re-consumed by group sink .*\(2 partitions, 0 dead-lettered\).*rollups rebuilt/,
    )
    expect(await groupOffsets(b, 'sink', topics.snapshots.name)).toEqual(before)
    const client = await createAnalyticsClient(config, silent)
    // A stored snapshot is known by its key: the experience and the slot.
    const keyOf = (m: { place_id: number; slot: number }) => `${m.place_id}@${m.slot}`
    const ids = async () => {
      const result = await client.query({
        query: 'SELECT place_id, toUnixTimestamp(slot) * 1000 AS slot FROM place_snapshots FINAL',
        format: 'JSONEachRow',
      })
      const rows = await result.json<{ place_id: number | string; slot: number | string }>()
      return rows.map((r) => keyOf({ place_id: Number(r.place_id), slot: Number(r.slot) })).sort()
    }
    try {
      expect(await ids()).toEqual(early.map(keyOf).sort())

      const all = await ludex('replay', '--topic', 'snapshots.v1', '--from', 'offset:0')
      expect(lastLine(all)).toMatch(/^replay: 40 messages \(8 records\) of snapshots\.v1/)
      expect(await ids()).toEqual([...early, ...late].map(keyOf).sort())
      expect(await groupOffsets(b, 'sink', topics.snapshots.name)).toEqual(before)
    } finally {
      await client.close()
    }
  })

  it('replay refuses while the group has a running consumer', async () => {
    const b = bus()
    b.subscribe(topics.snapshots, { group: 'sink', maxBatch: 100, maxWaitMs: 10 }, async () => {})
    await b.ready()
    const err = await ludex('replay', '--topic', 'snapshots.v1', '--from', 'offset:0').catch(
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(GroupActiveError)
  })

  it('lag shows each partition and the total a group is behind', async () => {
    const b = bus()
    const total = await recordCount(config, topics.snapshots.name)
    expect(total).toBeGreaterThan(0)
    await moveGroup(b, 'sink', topics.snapshots.name, 'end')
    expect(lastLine(await ludex('lag', '--topic', 'snapshots.v1'))).toMatch(
      /^lag: 0 records behind for group sink on 1 topic\(s\), 0 of 2 partitions behind$/,
    )
    await moveGroup(b, 'sink', topics.snapshots.name, 'start')
    const out = await ludex('lag', '--topic', 'snapshots.v1', 'place-metadata.v1')
    const rows = out.split('\n').slice(1, -1)
    expect(rows).toHaveLength(4)
    const lagOf = (row: string) => Number(row.trim().split(/\s+/).at(-1))
    expect(rows.filter((r) => r.startsWith('snapshots.v1')).reduce((n, r) => n + lagOf(r), 0)).toBe(total)
    // A group that never committed on a topic is behind by everything retained there: nothing here.
    expect(rows.filter((r) => r.startsWith('place-metadata.v1')).every((r) => r.includes(' - '))).toBe(true)
    const behind = rows.filter((r) => lagOf(r) > 0).length
    expect(behind).toBeGreaterThan(0)
    expect(lastLine(out)).toBe(
      `lag: ${total} records behind for group sink on 2 topic(s), ${behind} of 4 partitions behind`,
    )
  })

  it('dlq list shows the dead letters; dlq retry republishes those valid now, once', async () => {
    const b = bus()
    const fixed = [snapshot(9, 3), snapshot(9, 4)]
    const letters: DeadLetterV1[] = [
      // Refused by an older consumer, valid for this version's schema.
      {
        topic: 'snapshots.v1',
        key: '9',
        reason: 'visits: too large',
        payload: JSON.stringify(fixed[0]),
        failed_at: 1_000,
      },
      {
        topic: 'snapshots.v1',
        key: '8',
        reason: 'playing: must be a whole number',
        payload: JSON.stringify({ ...snapshot(8, 1), playing: -1 }),
        failed_at: 2_000,
      },
      {
        topic: 'snapshots.v1',
        key: '9',
        reason: 'visits: too large',
        payload: JSON.stringify(fixed[1]),
        failed_at: 3_000,
      },
    ]
    // The dead-letter topic is never packed: one letter per record, each with its own origin headers.
    await b.publish(topics.deadLetter, letters)
    expect(await recordCount(config, topics.deadLetter.name)).toBe(3)
    const listed = await ludex('dlq', 'list')
    expect(listed.split('\n')).toHaveLength(4)
    expect(listed).toContain('1970-01-01T00:00:01.000Z  snapshots.v1  key=9  visits: too large')
    expect(lastLine(listed)).toBe('dlq: 3 dead letter(s) (snapshots.v1: 3)')

    const snapshotsBefore = await recordCount(config, topics.snapshots.name)
    const retried = await ludex('dlq', 'retry')
    expect(retried).toMatch(/still invalid: snapshots\.v1 key 8: playing: /)
    expect(lastLine(retried)).toBe(
      'dlq retry: 3 read, 2 republished, 1 still invalid (snapshots.v1: 2 republished, 1 still invalid)',
    )
    // Both messages of key 9 went out in one publish: one packed record.
    expect(await recordCount(config, topics.snapshots.name)).toBe(snapshotsBefore + 1)
    // The republished messages are the fixed snapshots, as valid messages of their topic.
    const got: string[] = []
    await b.consumeRange(
      topics.snapshots,
      {
        group: 'check',
        maxBatch: 1000,
        to: new Map(
          (await (await b.admin()).fetchTopicOffsets('cli.snapshots.v1')).map((o) => [
            o.partition,
            BigInt(o.high),
          ]),
        ),
      },
      async (batch) => {
        got.push(...batch.map((m) => m.id))
      },
    )
    for (const m of fixed) expect(got.filter((id) => id === m.id)).toHaveLength(1)

    // Progress is kept: a second retry finds nothing new; a dry run from the beginning counts again.
    expect(lastLine(await ludex('dlq', 'retry'))).toBe('dlq retry: 0 read, 0 republished, 0 still invalid')
    expect(lastLine(await ludex('dlq', 'retry', '--from-beginning', '--dry-run'))).toBe(
      'dlq retry (dry run): 3 read, 2 would be republished, 1 still invalid (snapshots.v1: 2 would be republished, 1 still invalid)',
    )
    expect(await recordCount(config, topics.snapshots.name)).toBe(snapshotsBefore + 1)
  })
})
