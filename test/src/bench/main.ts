import { parseArgs } from 'node:util'
import { targetBenchLines } from '@ludex/cli'
import { killAllLudex } from '../harness/ludex-process.ts'
import { benchApiOnServer } from './api-server.ts'
import { benchFreshness, quantile } from './freshness.ts'
import { benchKafkaIngest, type KafkaIngestFigures, type KafkaIngestStore } from './kafka-ingest.ts'

/**
 * `make bench`, distributed part: figures, never assertions (DESIGN §7), one `BENCH <name> <value> <unit>`
 * line each. Engines come from the test harness (the broker from the Maven jars, redis-server, the
 * ClickHouse HTTP harness); the roles are `node bin/ludex.mjs <role>` processes.
 *
 *   ingest_kafka: the backfill's history through a real broker into `--sinks` `ludex sink` processes in
 *                 one consumer group (each with its own chDB store, a shard; `--store shared`: one
 *                 ClickHouse over HTTP for all).
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
    partitions: { type: 'string', default: '12' },
    sinks: { type: 'string', default: '2' },
    store: { type: 'string', default: 'per-sink' },
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
  const stores: KafkaIngestStore[] =
    values.store === 'both' ? ['per-sink', 'shared'] : [storeOption(values.store ?? 'per-sink')]
  for (const store of stores) {
    const f = await benchKafkaIngest({
      days: int('days'),
      experiences: int('experiences'),
      seed: 20_240_920,
      partitions: int('partitions'),
      sinks: int('sinks'),
      store,
    })
    // The first store measured is the figure; a second (--store both) prints under its own names.
    printKafkaIngest(store === stores[0] ? 'ingest_kafka' : `ingest_kafka_${store.replace('-', '_')}`, f)
  }
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

function storeOption(value: string): KafkaIngestStore {
  if (value === 'per-sink' || value === 'shared') return value
  throw new RangeError(`--store must be per-sink, shared or both, got '${value}'`)
}

function printKafkaIngest(name: string, f: KafkaIngestFigures): void {
  console.log(`BENCH ${name} ${f.snapshotsPerSecond} snapshots/s`)
  console.log(`BENCH ${name}_sinks ${f.insertedPerSink.length} sinks`)
  f.insertedPerSink.forEach((rows, i) => {
    console.log(`BENCH ${name}_sink_share_${i + 1} ${(rows / f.snapshots).toFixed(3)} share`)
    console.log(`BENCH ${name}_sink_rows_${i + 1} ${rows} snapshots`)
  })
  console.log(`BENCH ${name}_store ${f.store} store`)
  console.log(`BENCH ${name}_publish_only ${f.publishOnlySnapshotsPerSecond} snapshots/s`)
  console.log(`BENCH ${name}_snapshots ${f.snapshots} snapshots`)
  console.log(`BENCH ${name}_messages ${f.messages} messages`)
  console.log(`BENCH ${name}_partitions ${f.partitions} partitions`)
  console.log(`BENCH ${name}_seconds ${f.seconds.toFixed(1)} s`)
  console.log(`BENCH ${name}_publish_seconds ${f.publishSeconds.toFixed(1)} s`)
  // CPU seconds per part during the run: what the machine's load does not change as much as the rate.
  for (const [part, seconds] of Object.entries(f.cpu)) {
    if (seconds !== null) console.log(`BENCH ${name}_cpu_${part} ${seconds.toFixed(1)} s`)
  }
  const inserted = f.insertedPerSink.reduce((a, b) => a + b, 0)
  if (inserted !== f.snapshots) console.log(`BENCH ${name}_inserted ${inserted} snapshots`)
}
