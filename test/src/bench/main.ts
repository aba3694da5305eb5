import { parseArgs } from 'node:util'
import { targetBenchLines } from '@ludex/cli'
import { killAllLudex } from '../harness/ludex-process.ts'
import { benchApiOnServer } from './api-server.ts'
import { benchFreshness, quantile } from './freshness.ts'
import { benchKafkaIngest } from './kafka-ingest.ts'

/**
 * `make bench`, distributed part: figures, never assertions (DESIGN §7), one `BENCH <name> <value> <unit>`
 * line each. Engines come from the test harness (the broker from the Maven jars, redis-server, the
 * ClickHouse HTTP harness); the roles are `node bin/ludex.mjs <role>` processes.
 *
 *   ingest_kafka: the backfill's history through a real broker into a `ludex sink` process (chDB store).
 *   freshness:    poll → visible in the API across the five role processes.
 *   api-server:   the read targets at 32 connections through CLICKHOUSE_URL (`_c32_server`), on the store
 *                 `ludex bench --data-dir` filled (--api-data-dir; skipped without it).
 */
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    // A week: long enough that broker and consumer start-up do not dominate the figure (2 days: ~90k/s,
    // 6 days: ~110k/s on 2 cores).
    days: { type: 'string', default: '7' },
    experiences: { type: 'string', default: '2000' },
    partitions: { type: 'string', default: '6' },
    'fresh-experiences': { type: 'string', default: '200' },
    'fresh-seconds': { type: 'string', default: '60' },
    'poll-interval-ms': { type: 'string', default: '5000' },
    'api-data-dir': { type: 'string' },
    'api-seconds': { type: 'string', default: '10' },
  },
})
const only = values.only
const int = (name: Exclude<keyof typeof values, 'only' | 'api-data-dir'>) => {
  const n = Number(values[name])
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`--${name} must be a positive integer`)
  return n
}

process.on('SIGINT', () => {
  void killAllLudex().finally(() => process.exit(130))
})

if (!only || only === 'ingest') {
  const f = await benchKafkaIngest({
    days: int('days'),
    experiences: int('experiences'),
    seed: 20_240_920,
    partitions: int('partitions'),
  })
  console.log(`BENCH ingest_kafka ${f.snapshotsPerSecond} snapshots/s`)
  console.log(`BENCH ingest_kafka_snapshots ${f.snapshots} snapshots`)
  console.log(`BENCH ingest_kafka_messages ${f.messages} messages`)
  console.log(`BENCH ingest_kafka_partitions ${f.partitions} partitions`)
  console.log(`BENCH ingest_kafka_seconds ${f.seconds.toFixed(1)} s`)
  console.log(`BENCH ingest_kafka_publish_seconds ${f.publishSeconds.toFixed(1)} s`)
  console.log(`BENCH ingest_kafka_store chdb-embedded store`)
  if (f.inserted !== f.snapshots) console.log(`BENCH ingest_kafka_inserted ${f.inserted} snapshots`)
}

if (!only || only === 'freshness') {
  const f = await benchFreshness({
    experiences: int('fresh-experiences'),
    seed: 20_240_920,
    pollIntervalMs: int('poll-interval-ms'),
    seconds: int('fresh-seconds'),
    watched: 5,
    watchEveryMs: 250,
  })
  console.log(`BENCH freshness_p50 ${quantile(f.samples, 0.5).toFixed(2)} s`)
  console.log(`BENCH freshness_p95 ${quantile(f.samples, 0.95).toFixed(2)} s`)
  console.log(`BENCH freshness_max ${quantile(f.samples, 1).toFixed(2)} s`)
  console.log(`BENCH freshness_samples ${f.samples.length} polls`)
  console.log(`BENCH freshness_experiences ${f.experiences} experiences`)
  console.log(`BENCH freshness_seconds ${f.seconds} s`)
}

const apiDataDir = values['api-data-dir']
if ((!only || only === 'api-server') && apiDataDir) {
  const targets = await benchApiOnServer({ dataDir: apiDataDir, seconds: int('api-seconds') })
  for (const line of targetBenchLines(targets, '_server')) console.log(line)
} else if (only === 'api-server') {
  throw new Error('--only api-server needs --api-data-dir: a store `ludex bench --data-dir` filled')
}
