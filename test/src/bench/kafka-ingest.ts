import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitFor } from '@ludex/schemas/testing'
import { createPlatformModel, DAY_MS, snapSlot } from '@ludex/workers'
import { migrateShape, publishHistory, readMetric, shapeBus, sinkLag } from '../harness/distributed-shape.ts'
import { startKafkaBroker } from '../harness/kafka-broker.ts'
import { killAllLudex, spawnLudex } from '../harness/ludex-process.ts'

export interface KafkaIngestOptions {
  readonly days: number
  readonly experiences: number
  readonly seed: number
  /** Partitions of each topic (KAFKA_TOPIC_PARTITIONS). */
  readonly partitions: number
}

export interface KafkaIngestFigures {
  readonly snapshots: number
  /** Every message published (snapshots, metadata, chart sorts, picks, platform totals, creators). */
  readonly messages: number
  readonly partitions: number
  /** From the first publish to the sink group having committed the end of every topic. */
  readonly seconds: number
  readonly snapshotsPerSecond: number
  /** The producer alone: the history generated and acknowledged by the broker (acks=all). */
  readonly publishSeconds: number
  /** Rows the sink process reported inserted into place_snapshots. */
  readonly inserted: number
}

/**
 * Ingest through a real broker: this process publishes the backfill's history (the simulator's past
 * `days`) through the Kafka bus, a `ludex sink` process (the role command, as deployed) consumes it and
 * inserts into the embedded chDB store in its data dir. The figure is end to end: from the first
 * publish until the sink's group has committed the end of every topic, so everything is stored.
 */
export async function benchKafkaIngest(options: KafkaIngestOptions): Promise<KafkaIngestFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ludex-bench-kafka-'))
  const broker = await startKafkaBroker({ jvm: 'throughput' })
  const env = {
    KAFKA_BROKERS: broker.brokers,
    KAFKA_TOPIC_PARTITIONS: String(options.partitions),
    LUDEX_DATA_DIR: dataDir,
    HEALTH_PORT: '0',
  }
  const producer = shapeBus(env)
  const lag = shapeBus(env)
  try {
    await migrateShape(env)
    const sink = await spawnLudex(['sink'], env)
    await waitFor('the sink ready', async () =>
      (await fetch(`${sink.healthUrl}/readyz`)).ok ? true : undefined,
    )
    await producer.ready()
    const model = createPlatformModel({ seed: options.seed, experiences: options.experiences })
    const toMs = snapSlot(Date.now())
    const started = performance.now()
    const history = await publishHistory(producer, model, { fromMs: toMs - options.days * DAY_MS, toMs })
    const published = performance.now()
    await waitFor('the sink caught up', async () => ((await sinkLag(lag)) === 0 ? true : undefined), {
      timeoutMs: 30 * 60_000,
      everyMs: 50,
    })
    const seconds = (performance.now() - started) / 1000
    const inserted = await readMetric(sink.healthUrl, 'ludex_sink_inserted_rows_total', {
      topic: 'snapshots.v1',
    })
    await sink.stop()
    return {
      snapshots: history.snapshots,
      messages:
        history.snapshots +
        history.metadata +
        history.charts +
        history.dailyPicks +
        history.platform +
        history.creators,
      partitions: options.partitions,
      seconds,
      snapshotsPerSecond: Math.round(history.snapshots / seconds),
      publishSeconds: (published - started) / 1000,
      inserted,
    }
  } finally {
    await killAllLudex()
    await Promise.allSettled([producer.close(), lag.close()])
    await broker.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}
