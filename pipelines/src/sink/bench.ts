/**
 * End-to-end ingest throughput into the embedded store: synthetic valid snapshots are published
 * (validated) into the in-process bus, consumed by the sink and inserted into chDB.
 *
 *   npx tsx pipelines/src/sink/bench.ts [snapshots=2000000] [--consumer-validation=always|unvalidated]
 *
 * Env: BENCH_BATCH (sink batch max, default 100000), BENCH_CAPACITY (bus capacity, default 200000),
 * BENCH_PLACES (distinct experiences, default 20000), BENCH_DIR (data dir, default a temp dir).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { messageIdOf, type PlaceSnapshotV1, TEN_MINUTES_MS, topics } from '@ludex/schemas'
import { pino } from 'pino'
import { type ConsumerValidation, createInProcessBus } from '../bus/in-process-bus.ts'
import { createAnalyticsClient } from '../clickhouse/client.ts'
import { migrate } from '../clickhouse/migrate.ts'
import { tables } from '../store/tables.ts'
import { deadLetterWriter, startSink } from './sink.ts'

const args = process.argv.slice(2)
const total = Number(args.find((a) => /^\d+$/.test(a)) ?? 2_000_000)
const consumerValidation = (args.find((a) => a.startsWith('--consumer-validation='))?.split('=')[1] ??
  'unvalidated') as ConsumerValidation
const batchMax = Number(process.env.BENCH_BATCH ?? 100_000)
const capacity = Number(process.env.BENCH_CAPACITY ?? 200_000)
const places = Number(process.env.BENCH_PLACES ?? 20_000)
const ownDir = !process.env.BENCH_DIR
const dataDir = process.env.BENCH_DIR ?? mkdtempSync(join(tmpdir(), 'ludex-bench-'))

const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' })
const client = await createAnalyticsClient({ LUDEX_DATA_DIR: dataDir, CLICKHOUSE_DATABASE: 'bench' }, logger)
await migrate(client, logger)
const bus = createInProcessBus({
  capacity,
  logger,
  consumerValidation,
  onDeadLetter: deadLetterWriter(client),
})

let peakRss = 0
const rssTimer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss())
}, 50)

let inserted = 0
const sink = startSink({
  bus,
  client,
  logger,
  batchMax,
  batchWaitMs: 50,
  onInserted: (e) => {
    inserted += e.rows
  },
})

const SLOT0 = Date.UTC(2024, 0, 1)
const chunk = 10_000
function makeChunk(start: number): PlaceSnapshotV1[] {
  const out: PlaceSnapshotV1[] = new Array(Math.min(chunk, total - start))
  for (let k = 0; k < out.length; k++) {
    const i = start + k
    const universe = 1 + (i % places)
    const slot = SLOT0 + Math.floor(i / places) * TEN_MINUTES_MS
    out[k] = {
      schema_version: 1,
      id: messageIdOf('backfill', universe, slot),
      source: 'backfill',
      universe_id: universe,
      place_id: universe * 7,
      slot,
      observed_at: slot + 1500,
      playing: (i * 7919) % 50_000,
      visits: 1_000_000 + i,
      favorites: 5000 + (i % 100),
      up_votes: 900 + (i % 10),
      down_votes: i % 3 === 0 ? null : 40,
    }
  }
  return out
}
// Generated while timed, chunk by chunk, as a backfill would: holding 2M messages in memory up front
// would measure the collector, not the ingest. Generation time is reported separately.
let generateMs = 0
const started = performance.now()
for (let s = 0; s < total; s += chunk) {
  const t = performance.now()
  const c = makeChunk(s)
  generateMs += performance.now() - t
  await bus.publish(topics.snapshots, c)
}
const published = performance.now()
await bus.drain()
const elapsed = (performance.now() - started) / 1000
clearInterval(rssTimer)
peakRss = Math.max(peakRss, process.memoryUsage.rss())

const rs = await client.query({
  query: `SELECT toUInt32(count()) AS n FROM ${tables.placeSnapshots}`,
  format: 'JSONEachRow',
})
const stored = (await rs.json<{ n: number }>())[0]?.n
const rate = Math.round(total / elapsed)
console.log(`BENCH ingest_embedded ${rate} snapshots/s`)
console.log(
  JSON.stringify({
    snapshots: total,
    stored,
    inserted,
    seconds: Number(elapsed.toFixed(2)),
    generateSeconds: Number((generateMs / 1000).toFixed(2)),
    publishSeconds: Number(((published - started) / 1000).toFixed(2)),
    insertFormat: 'TabSeparated',
    consumerValidation,
    batchMax,
    capacity,
    peakRssMiB: Math.round(peakRss / 2 ** 20),
  }),
)
await sink.stop()
await bus.close()
await client.close()
if (ownDir) rmSync(dataDir, { recursive: true, force: true })
if (stored !== total) {
  console.error(`stored ${stored} rows, expected ${total}`)
  process.exitCode = 1
}
