import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { processCpuMs } from '@ludex/cli'
import { ensureTopics, type KafkaBus, kafkaGroupId } from '@ludex/pipelines/kafka'
import { loadConfig, topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import { createPlatformModel, DAY_MS, snapSlot } from '@ludex/workers'
import { pino } from 'pino'
import { type ClickHouseHttp, startClickHouseHttp } from '../harness/clickhouse-http.ts'
import {
  migrateShape,
  publishHistory,
  readMetric,
  SINK_TOPICS,
  shapeBus,
  sinkLag,
  WHOLE_BATCH_PUBLISH,
} from '../harness/distributed-shape.ts'
import { startKafkaBroker } from '../harness/kafka-broker.ts'
import { killAllLudex, type LudexProcess, spawnLudex } from '../harness/ludex-process.ts'

/**
 * Where the sink processes write. 'per-sink': each its own embedded chDB in its own data dir, standing
 * for one shard of a cluster sharded by place (partitions are keyed by universe, so each sink's
 * partitions hold whole experiences). 'shared': one engine for all of them, the harness's ClickHouse
 * over HTTP (chDB behind ClickHouse's HTTP protocol in a process of its own).
 */
export type KafkaIngestStore = 'per-sink' | 'shared'

export interface KafkaIngestOptions {
  readonly days: number
  readonly experiences: number
  readonly seed: number
  /** Partitions of each topic (KAFKA_TOPIC_PARTITIONS). */
  readonly partitions: number
  /** `ludex sink` processes in the one consumer group. */
  readonly sinks: number
  readonly store: KafkaIngestStore
}

export interface KafkaIngestFigures {
  readonly snapshots: number
  /** Every message published (snapshots, metadata, chart sorts, picks, platform totals, creators). */
  readonly messages: number
  readonly partitions: number
  readonly store: KafkaIngestStore
  /** From the first publish to the sink group having committed the end of every topic. */
  readonly seconds: number
  readonly snapshotsPerSecond: number
  /** The producer during the run (the history generated and acknowledged by the broker, acks=all). */
  readonly publishSeconds: number
  /** The producer alone, the same history to topics nobody consumes, after the run. */
  readonly publishOnlySnapshotsPerSecond: number
  /** Rows each sink process reported inserted into place_snapshots, in the order they were started. */
  readonly insertedPerSink: readonly number[]
  /** CPU seconds each part used during the run (null where the kernel's accounting is not readable). */
  readonly cpu: RunCpu
}

export interface RunCpu {
  /** This process: generating, validating, packing and sending the history. */
  readonly producer: number
  readonly broker: number | null
  /** Every sink process together (consuming, validating, encoding; with its store's engine if per-sink). */
  readonly sinks: number | null
  /** The shared ClickHouse over HTTP (null for per-sink stores: their engines are in the sinks). */
  readonly store: number | null
}

/** Topic prefix of the publish-only measurement: its own topics, which no group consumes. */
const PUBLISH_ONLY_PREFIX = 'ludex-publish-only.'

/**
 * Ingest through a real broker: this process publishes the backfill's history (the simulator's past
 * `days`) through the Kafka bus; `sinks` `ludex sink` processes (the role command, as deployed), one
 * consumer group over `partitions` partitions per topic, consume it into the store. The figure is end to
 * end: from the first publish until the group has committed the end of every topic, so everything is
 * stored. Every sink has joined (each topic's group stable with all of them) before the first publish, so
 * no partition changes hands during the run. Then the producer's own rate is measured apart.
 */
export async function benchKafkaIngest(options: KafkaIngestOptions): Promise<KafkaIngestFigures> {
  const workDir = await mkdtemp(join(tmpdir(), 'ludex-bench-kafka-'))
  const broker = await startKafkaBroker({ jvm: 'throughput' })
  let ch: ClickHouseHttp | null = null
  const base: Record<string, string> = {
    KAFKA_BROKERS: broker.brokers,
    KAFKA_TOPIC_PARTITIONS: String(options.partitions),
    HEALTH_PORT: '0',
  }
  const producer = shapeBus(base)
  const lag = shapeBus(base)
  try {
    if (options.store === 'shared') {
      ch = await startClickHouseHttp({ user: 'ludex', password: 'bench' })
      base.CLICKHOUSE_URL = ch.clickhouseUrl
    }
    const sinkEnv = (i: number) => ({ ...base, LUDEX_DATA_DIR: join(workDir, `sink-${i + 1}`) })
    // The topics, and the store of the first sink (the shared one, or the first shard); a sink on a
    // store of its own migrates it as it starts.
    await migrateShape(sinkEnv(0))
    const sinks = await Promise.all(
      Array.from({ length: options.sinks }, (_, i) => spawnLudex(['sink'], sinkEnv(i))),
    )
    await Promise.all(sinks.map((s) => waitReady(s)))
    await producer.ready()
    await waitForGroups(lag, options.sinks)

    const model = createPlatformModel({ seed: options.seed, experiences: options.experiences })
    const toMs = snapSlot(Date.now())
    const range = { fromMs: toMs - options.days * DAY_MS, toMs }
    const pids = { broker: broker.pid, sinks: sinks.map((s) => s.pid), store: ch?.pid ?? null }
    const cpuBefore = readCpu(pids)
    const started = performance.now()
    const history = await publishHistory(producer, model, range, { chunk: WHOLE_BATCH_PUBLISH })
    const published = performance.now()
    await waitFor('the sinks caught up', async () => ((await sinkLag(lag)) === 0 ? true : undefined), {
      timeoutMs: 30 * 60_000,
      everyMs: 50,
    })
    const seconds = (performance.now() - started) / 1000
    const cpu = cpuBetween(cpuBefore, readCpu(pids))
    const insertedPerSink = await Promise.all(
      sinks.map((s) =>
        readMetric(s.healthUrl, 'ludex_sink_inserted_rows_total', { topic: topics.snapshots.name }),
      ),
    )
    await Promise.all(sinks.map((s) => s.stop()))

    const publishOnlySeconds = await publishOnly(base, model, range)
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
      store: options.store,
      seconds,
      snapshotsPerSecond: Math.round(history.snapshots / seconds),
      publishSeconds: (published - started) / 1000,
      publishOnlySnapshotsPerSecond: Math.round(history.snapshots / publishOnlySeconds),
      insertedPerSink,
      cpu,
    }
  } finally {
    await killAllLudex()
    await Promise.allSettled([producer.close(), lag.close()])
    await Promise.allSettled([broker.dispose(), ch?.stop()])
    await rm(workDir, { recursive: true, force: true })
  }
}

async function waitReady(sink: LudexProcess): Promise<void> {
  await waitFor('a sink ready', async () => ((await fetch(`${sink.healthUrl}/readyz`)).ok ? true : undefined))
}

/** Until every topic's sink group is stable with `members` members: every sink holds its partitions. */
async function waitForGroups(bus: KafkaBus, members: number): Promise<void> {
  const admin = await bus.admin()
  const groupIds = SINK_TOPICS.map((t) => kafkaGroupId(bus.connection, 'sink', t.name))
  await waitFor(
    `${members} sink(s) in every sink group`,
    async () => {
      const { groups } = await admin.describeGroups(groupIds)
      return groups.every((g) => g.state === 'Stable' && g.members.length === members) ? true : undefined
    },
    { timeoutMs: 120_000, everyMs: 100 },
  )
}

/** Seconds to publish the history to topics of their own that no group consumes: the producer alone. */
async function publishOnly(
  base: Record<string, string>,
  model: ReturnType<typeof createPlatformModel>,
  range: { fromMs: number; toMs: number },
): Promise<number> {
  const env = { ...base, KAFKA_TOPIC_PREFIX: PUBLISH_ONLY_PREFIX }
  await ensureTopics(loadConfig({ LOG_LEVEL: 'silent', ...env }), pino({ level: 'silent' }))
  const bus = shapeBus(env)
  try {
    await bus.ready()
    const started = performance.now()
    await publishHistory(bus, model, range, { chunk: WHOLE_BATCH_PUBLISH })
    return (performance.now() - started) / 1000
  } finally {
    await bus.close()
  }
}

interface Pids {
  readonly broker: number | null
  readonly sinks: readonly number[]
  readonly store: number | null
}

/** CPU ms so far of this process and of each other part. */
function readCpu(pids: Pids) {
  const { user, system } = process.cpuUsage()
  const of = (pid: number | null) => (pid === null ? null : processCpuMs(pid))
  const sinks = pids.sinks.map(of)
  return {
    producer: (user + system) / 1000,
    broker: of(pids.broker),
    sinks: sinks.every((v) => v !== null) ? sinks.reduce((a, b) => a + b, 0) : null,
    store: of(pids.store),
  }
}

function cpuBetween(before: ReturnType<typeof readCpu>, after: ReturnType<typeof readCpu>): RunCpu {
  const seconds = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / 1000)
  return {
    producer: (after.producer - before.producer) / 1000,
    broker: seconds(before.broker, after.broker),
    sinks: seconds(before.sinks, after.sinks),
    store: seconds(before.store, after.store),
  }
}
