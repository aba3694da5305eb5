import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAnalyticsClient, SINK_GROUP } from '@ludex/pipelines'
import { consumerLag, createKafkaBus, dataTopics, kafkaBusOptions } from '@ludex/pipelines/kafka'
import { queryRows, tables } from '@ludex/pipelines/store'
import { loadConfig } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useKafkaBroker } from '../harness/kafka-fixture.ts'
import { runLudex } from '../harness/ludex-process.ts'
import { silent } from './support.ts'

const kafka = useKafkaBroker()

/**
 * `ludex backfill` with KAFKA_BROKERS, as an operator runs it: the history goes through the broker (the
 * process's own sink group reads every topic to its end) into the embedded store, with its rollups.
 */
describe('ludex backfill on Kafka', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-backfill-kafka-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('publishes the days to the broker and stores them, rollups included', async () => {
    const env = {
      KAFKA_BROKERS: kafka.broker.brokers,
      KAFKA_TOPIC_PREFIX: 'backfill.',
      KAFKA_GROUP_PREFIX: 'backfill.',
      KAFKA_TOPIC_PARTITIONS: '2',
      LUDEX_DATA_DIR: dataDir,
    }
    const run = await runLudex(
      ['backfill', '--days', '2', '--experiences', '12', '--seed', '7'],
      env,
      120_000,
    )
    expect(run.code, run.stderr.slice(-2000)).toBe(0)
    const snapshots = Number(/snapshots\s+([\d,]+)/.exec(run.stdout)?.[1]?.replace(/,/g, ''))
    expect(snapshots).toBeGreaterThan(0)

    // Through the broker: the backfill's sink group committed the end of every topic it read.
    const config = loadConfig(env)
    const bus = kafka.closeAfterTest(createKafkaBus(kafkaBusOptions(config, silent)))
    const lag = await consumerLag(bus, SINK_GROUP, dataTopics)
    const snapshotPartitions = lag.filter((p) => p.topic.endsWith('snapshots.v1'))
    expect(snapshotPartitions.reduce((n, p) => n + (p.committed ?? 0), 0)).toBeGreaterThan(0)
    expect(lag.every((p) => p.lag === 0)).toBe(true)

    // Into the store the process held: every snapshot it counted, over two days, rolled up by day.
    const client = await createAnalyticsClient(config, silent)
    try {
      const [raw] = await queryRows<{ n: number; days: number }>(client, {
        query: `SELECT count() AS n, uniqExact(toDate(slot)) AS days FROM ${tables.placeSnapshots} FINAL`,
        int64: ['n', 'days'],
      })
      expect(raw?.n).toBe(snapshots)
      expect(raw?.days).toBeGreaterThanOrEqual(2)
      const [daily] = await queryRows<{ n: number }>(client, {
        query: `SELECT count() AS n FROM ${tables.placeRollups} FINAL WHERE granularity = 'day'`,
        int64: ['n'],
      })
      expect(daily?.n).toBeGreaterThan(0)
    } finally {
      await client.close()
    }
  })
})
