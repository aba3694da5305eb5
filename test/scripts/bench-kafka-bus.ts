/**
 * Throughput of the Kafka bus alone: backfill-shaped snapshots published through the bus and consumed
 * by the sink's group doing the sink's work minus the ClickHouse insert, through a local broker started
 * by the test harness (Maven Central jars: make test-engines).
 *
 *   npx tsx test/scripts/bench-kafka-bus.ts [snapshots=1000000]
 *
 * Env: BENCH_EXPERIENCES (keys, default 2000), BENCH_HISTORY_BATCH (snapshots per history batch, default
 * 60000), BENCH_PUBLISH_CHUNK (snapshots per publish call, default the history batch; the backfill
 * publishes 4096), BENCH_ORDER (slot — as historyBatches yields —, or experience: each experience's
 * slots together), BENCH_PARTITIONS (default 6), BENCH_BATCH (sink batch, default 100000),
 * BENCH_BROKERS (use a running broker), and any KAFKA_* setting (e.g. KAFKA_COMPRESSION=gzip).
 * Prints `BENCH kafka_bus_roundtrip <n> snapshots/s` and a JSON line of details.
 */
import { pino } from 'pino'
import { benchKafkaBus } from '../src/kafka/bench-kafka-bus.ts'

const total = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1_000_000)
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const env = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('KAFKA_') && !!e[1]),
)
const options = {
  snapshots: total,
  experiences: num('BENCH_EXPERIENCES', 2000),
  historyBatch: num('BENCH_HISTORY_BATCH', 60_000),
  ...(process.env.BENCH_PUBLISH_CHUNK && { publishChunk: num('BENCH_PUBLISH_CHUNK', 4096) }),
  order: process.env.BENCH_ORDER === 'experience' ? ('experience' as const) : ('slot' as const),
  partitions: num('BENCH_PARTITIONS', 6),
  maxBatch: num('BENCH_BATCH', 100_000),
  maxWaitMs: 200,
  env,
  ...(process.env.BENCH_BROKERS && { brokers: process.env.BENCH_BROKERS }),
  logger: pino({ level: process.env.LOG_LEVEL ?? 'warn' }),
}
const r = await benchKafkaBus(options)
console.log(`BENCH kafka_bus_roundtrip ${r.rate} snapshots/s`)
console.log(
  JSON.stringify({
    ...r,
    seconds: Number(r.seconds.toFixed(2)),
    publishSeconds: Number(r.publishSeconds.toFixed(2)),
    generateSeconds: Number(r.generateSeconds.toFixed(2)),
    experiences: options.experiences,
    publishChunk: options.publishChunk ?? options.historyBatch,
    order: options.order,
    partitions: options.partitions,
    maxBatch: options.maxBatch,
    kafka: env,
  }),
)
if (r.handled < r.snapshots) {
  console.error(`handled ${r.handled} snapshots, expected ${r.snapshots}`)
  process.exitCode = 1
}
