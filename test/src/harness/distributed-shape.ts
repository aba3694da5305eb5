import { consumerLag, createKafkaBus, type KafkaBus, kafkaBusOptions } from '@ludex/pipelines/kafka'
import { loadConfig, type Publisher, type Topic, topics } from '@ludex/schemas'
import { generateHistory, type HistoryStats, type PlatformModel } from '@ludex/workers'
import { pino } from 'pino'
import { type ClickHouseHttp, startClickHouseHttp } from './clickhouse-http.ts'
import { type KafkaBroker, startKafkaBroker } from './kafka-broker.ts'
import { runLudex } from './ludex-process.ts'
import { type RedisServer, startRedisServer } from './redis-server.ts'

/**
 * The engines of the distributed shape for tests and benchmarks that run the role commands as processes:
 * a Kafka broker, a ClickHouse server (the HTTP harness in front of chDB) and, when asked, a redis-server,
 * each on loopback. `env` is what every role process of the shape is given to reach them.
 */
export interface ShapeEngines {
  readonly broker: KafkaBroker
  readonly ch: ClickHouseHttp
  readonly redis: RedisServer | null
  /** KAFKA_BROKERS, CLICKHOUSE_URL and, with Redis, REDIS_URL. */
  readonly env: Readonly<Record<string, string>>
  /** Stops every engine (each one even when another fails to stop). */
  stop(): Promise<void>
}

export interface ShapeEnginesOptions {
  readonly redis?: boolean
  readonly kafkaJvm?: 'fast-start' | 'throughput'
}

export class ShapeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ShapeError'
  }
}

/** Starts the engines side by side; if one fails, the others are stopped before the error is thrown. */
export async function startShapeEngines(options: ShapeEnginesOptions = {}): Promise<ShapeEngines> {
  const [broker, ch, redis] = await Promise.allSettled([
    startKafkaBroker({ ...(options.kafkaJvm && { jvm: options.kafkaJvm }) }),
    startClickHouseHttp({ user: 'ludex', password: 'shape' }),
    options.redis ? startRedisServer() : Promise.resolve(null),
  ])
  const stop = async () => {
    await Promise.allSettled([
      broker.status === 'fulfilled' ? broker.value.dispose() : undefined,
      ch.status === 'fulfilled' ? ch.value.stop() : undefined,
      redis.status === 'fulfilled' ? redis.value?.stop() : undefined,
    ])
  }
  if (broker.status === 'rejected' || ch.status === 'rejected' || redis.status === 'rejected') {
    await stop()
    const failed = [broker, ch, redis].find((r) => r.status === 'rejected') as PromiseRejectedResult
    throw new ShapeError('an engine of the distributed shape did not start', { cause: failed.reason })
  }
  const env: Record<string, string> = {
    KAFKA_BROKERS: broker.value.brokers,
    CLICKHOUSE_URL: ch.value.clickhouseUrl,
    ...(redis.value && { REDIS_URL: redis.value.url }),
  }
  return { broker: broker.value, ch: ch.value, redis: redis.value, env, stop }
}

/**
 * `ludex migrate` on the shape: the store's migrations in CLICKHOUSE_DATABASE and the Kafka topics. Run
 * once before the roles start, as a deployment does, so role processes starting together do not race to
 * apply the same migrations.
 */
export async function migrateShape(env: Record<string, string>): Promise<string> {
  const run = await runLudex(['migrate'], env, 90_000)
  if (run.code !== 0) throw new ShapeError(`ludex migrate failed (${run.code}): ${run.stderr}${run.stdout}`)
  return run.stdout
}

/** The topics the sink consumes: every bus topic but the dead-letter one. */
export const SINK_TOPICS: ReadonlyArray<Topic<unknown>> = Object.values(topics).filter(
  (t) => t !== topics.deadLetter,
) as ReadonlyArray<Topic<unknown>>

/** A Kafka bus on the shape's broker with the given settings (a producer, or to read a group's lag). */
export function shapeBus(env: Record<string, string>): KafkaBus {
  const logger = pino({ level: 'silent' })
  return createKafkaBus(kafkaBusOptions(loadConfig({ LOG_LEVEL: 'silent', ...env }), logger))
}

/** Messages the sink group (under the bus's KAFKA_GROUP_PREFIX) has still to read, over its topics. */
export async function sinkLag(bus: KafkaBus): Promise<number> {
  const lag = await consumerLag(bus, 'sink', SINK_TOPICS)
  return lag.reduce((n, p) => n + p.lag, 0)
}

/** A Prometheus sample's value, summed over the series whose labels include `labels` (NaN if none). */
export function metricValue(metrics: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0
  let found = false
  for (const line of metrics.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue
    found = true
    total += Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return found ? total : Number.NaN
}

/** A role process's metric, read from its /metrics. */
export async function readMetric(
  healthUrl: string,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const res = await fetch(`${healthUrl}/metrics`)
  return metricValue(await res.text(), name, labels)
}

/** Messages per publish by default: the generator's batches cut so one publish stays a few produce requests. */
// 16,384 rather than 4,096: fewer produce round trips per snapshot (measured 90k → 104k–113k snapshots/s).
const PUBLISH_CHUNK = 16_384

/**
 * Messages per publish for throughput: above the generator's ~60,000-snapshot batches, so each is one
 * publish, about 30 snapshots of an experience per packed record. Per record the producer and consumer
 * pay kafkajs' encoding and checksum, so the more per key the better (pipelines/README.md, Kafka
 * figures: 213k–230k snapshots/s with 30 per key against 159k–193k with 10).
 */
export const WHOLE_BATCH_PUBLISH = 65_536

/**
 * Publishes the simulator's history of [fromMs, toMs) to the bus, topic by topic in the order `ludex
 * backfill` uses (creators and metadata before the counters that refer to them). Deterministic: the same
 * model and range always give the same messages.
 */
export async function publishHistory(
  bus: Publisher,
  model: PlatformModel,
  range: { fromMs: number; toMs: number },
  options: {
    /** Messages per publish (default PUBLISH_CHUNK). */
    readonly chunk?: number
    /** After each generated batch is published: the snapshots published so far. */
    readonly onBatch?: (snapshots: number) => void
  } = {},
): Promise<HistoryStats> {
  const chunk = options.chunk ?? PUBLISH_CHUNK
  let snapshots = 0
  const send = async <T>(topic: Topic<T>, messages: readonly T[]) => {
    for (let i = 0; i < messages.length; i += chunk) {
      await bus.publish(topic, messages.length <= chunk ? messages : messages.slice(i, i + chunk))
    }
  }
  return generateHistory(model, {
    ...range,
    onBatch: async (batch) => {
      await send(topics.creators, batch.creators)
      await send(topics.metadata, batch.metadata)
      // Grouped by experience (a stable sort keeps each one's slots in order), so the Kafka bus packs
      // many snapshots of one key into each record instead of about two per chunk.
      await send(
        topics.snapshots,
        batch.snapshots.toSorted((a, b) => a.universe_id - b.universe_id),
      )
      await send(topics.charts, batch.charts)
      await send(topics.dailyPicks, batch.dailyPicks)
      await send(topics.platform, batch.platform)
      snapshots += batch.snapshots.length
      options.onBatch?.(snapshots)
    },
  })
}
