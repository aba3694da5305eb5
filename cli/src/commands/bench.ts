import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPlatformModel, systemClock } from '@ludex/workers'
import { type Command, InvalidArgumentError } from 'commander'
import {
  type ApiBenchSelection,
  benchApi,
  EMBED_BADGE_CASE,
  LOADED_CONNECTIONS,
  TARGET_CONNECTIONS,
  targetBenchLines,
} from '../runtime/api-bench.ts'
import { backfill, backfillRange } from '../runtime/backfill.ts'
import { readBenchFill, writeBenchFill } from '../runtime/bench-fill.ts'
import { commandContext } from '../runtime/context.ts'
import { cpuSince, type ThreadCpu, threadCpu } from '../runtime/cpu-time.ts'
import { benchEventIngest } from '../runtime/events-bench.ts'
import { intOption } from '../runtime/options.ts'
import { startPipeline } from '../runtime/pipeline.ts'
import { benchRawInsert } from '../runtime/raw-insert-bench.ts'

/** ingest_events_http: batches as the Luau module sends them, at 16 connections (issue 17). */
const EVENTS_PER_BATCH = 100
const EVENT_CONNECTIONS = 16

/** The insert format the sink uses for snapshots (see pipelines/src/sink/rows.ts). */
const SNAPSHOT_INSERT_FORMAT = 'TabSeparated'

function apiSelection(value: string): ApiBenchSelection {
  if (value === 'all' || value === 'targets') return value
  const names = value.split(',').filter((n) => /^[a-z0-9_]+$/.test(n))
  if (names.length > 0 && names.length === value.split(',').length) return names
  throw new InvalidArgumentError(`--api-cases must be all, targets or call names (a,b), got '${value}'`)
}

/**
 * `make bench`: figures, never assertions. One machine-readable line per figure:
 * `BENCH <name> <value> <unit>`. One backfill feeds both parts: the ingest figure is measured on it,
 * then the API is measured against the store it filled.
 */
export function benchCommand(program: Command): void {
  program
    .command('bench')
    .description('Measure ingest throughput and API latency on the embedded store (prints BENCH lines)')
    .option('--days <n>', 'days of history', intOption('--days', 1, 3650), 120)
    .option('--experiences <n>', 'simulated experiences', intOption('--experiences', 1, 100_000), 2000)
    .option(
      '--api-seconds <n>',
      'seconds of load per API call (0 skips the API part)',
      intOption('--api-seconds', 0, 600),
      10,
    )
    .option(
      '--api-cases <which>',
      `API calls measured: all, targets (only the read targets' calls at ${TARGET_CONNECTIONS} connections), or call names (tag_average,slim_list)`,
      apiSelection,
      'all',
    )
    .option('--no-hot-reads', 'serve the API without its hot reads (the figures before them)')
    .option(
      '--data-dir <dir>',
      'keep the store in dir: filled on the first run, measured again by later runs (no backfill)',
    )
    .option(
      '--event-batches <n>',
      'signed batches of 100 game events sent over HTTP for ingest_events_http (0 skips it)',
      intOption('--event-batches', 0, 1_000_000),
      6000,
    )
    .action(
      async (opts: {
        days: number
        experiences: number
        apiSeconds: number
        apiCases: ApiBenchSelection
        hotReads: boolean
        eventBatches: number
        dataDir?: string
      }) => {
        const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'ludex-bench-')))
        if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true })
        const fill = opts.dataDir ? await readBenchFill(opts.dataDir) : null
        if (fill && (fill.days !== opts.days || fill.experiences !== opts.experiences)) {
          throw new InvalidArgumentError(
            `--data-dir ${opts.dataDir} holds ${fill.days} days of ${fill.experiences} experiences, not ${opts.days} of ${opts.experiences}`,
          )
        }
        // The embedded figures: the in-process bus whatever the environment selects (Kafka is measured by
        // test/scripts/bench-distributed.mjs).
        const { config, logger } = commandContext({
          LUDEX_DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          KAFKA_BROKERS: '',
          REDIS_URL: '',
        })
        const model = createPlatformModel({ seed: config.SIMULATOR_SEED, experiences: opts.experiences })
        const pipeline = await startPipeline(config, logger, systemClock, { command: 'ludex bench' })
        // A kept store is measured at the clock of its backfill: its history ends there.
        const now = fill?.now ?? systemClock.now()
        try {
          if (!fill) {
            // The engine's insert of the same rows first, into twin tables it drops again, so neither run
            // shares the engine with the other's parts and merges.
            const rawCpuBefore = threadCpu()
            const raw = await benchRawInsert({
              client: pipeline.client,
              model,
              ...backfillRange(now, opts.days),
              batchRows: config.SINK_BATCH_MAX,
            })
            const rawCpu = cpuSince(rawCpuBefore, threadCpu())
            const cpuBefore = threadCpu()
            const s = await backfill({ pipeline, model, days: opts.days, now, logger })
            const cpu = cpuSince(cpuBefore, threadCpu())
            const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024)
            console.log(`BENCH ingest_embedded ${s.snapshotsPerSecond} snapshots/s`)
            console.log(`BENCH ingest_raw ${raw.snapshotsPerSecond} snapshots/s`)
            console.log(
              `BENCH ingest_embedded_vs_raw ${(s.snapshotsPerSecond / raw.snapshotsPerSecond).toFixed(2)} ratio`,
            )
            console.log(`BENCH ingest_raw_insert_seconds ${(raw.insertMs / 1000).toFixed(1)} s`)
            console.log(`BENCH ingest_raw_other_rows ${raw.otherRows} rows`)
            // The stricter yardstick: the snapshots' inserts alone, as if the other tables cost the engine
            // nothing.
            const snapshotsOnly = raw.snapshots / (raw.snapshotInsertMs / 1000)
            console.log(`BENCH ingest_raw_snapshots_only ${Math.round(snapshotsOnly)} snapshots/s`)
            console.log(
              `BENCH ingest_embedded_vs_raw_snapshots_only ${(s.snapshotsPerSecond / snapshotsOnly).toFixed(2)} ratio`,
            )
            console.log(`BENCH ingest_raw_generate_seconds ${(raw.generateMs / 1000).toFixed(1)} s`)
            console.log(`BENCH ingest_raw_encode_seconds ${(raw.encodeMs / 1000).toFixed(1)} s`)
            printCpu('ingest_raw', rawCpu)
            printCpu('ingest_embedded', cpu)
            console.log(`BENCH ingest_embedded_snapshots ${s.stats.snapshots} snapshots`)
            console.log(`BENCH ingest_embedded_seconds ${(s.ingestMs / 1000).toFixed(1)} s`)
            console.log(`BENCH rollup_rebuild_seconds ${(s.rebuildMs / 1000).toFixed(1)} s`)
            console.log(`BENCH ingest_embedded_peak_rss ${peakRssMb} MiB`)
            console.log(`BENCH ingest_embedded_insert_format ${SNAPSHOT_INSERT_FORMAT} format`)
            if (opts.dataDir) {
              await writeBenchFill(opts.dataDir, { now, days: opts.days, experiences: opts.experiences })
            }
          }
          if (opts.apiSeconds > 0) {
            const { figures, targets } = await benchApi({
              config,
              store: pipeline.client,
              model,
              now,
              logger,
              durationSeconds: opts.apiSeconds,
              selection: opts.apiCases,
              hotReads: opts.hotReads,
            })
            for (const f of figures) {
              const { single, loaded } = f
              console.log(`BENCH api_${f.name}_p50 ${single.p50} ms`)
              console.log(`BENCH api_${f.name}_p95 ${single.p95} ms`)
              console.log(`BENCH api_${f.name}_p99 ${single.p99} ms`)
              console.log(`BENCH api_${f.name}_rps_1conn ${single.requestsPerSecond} req/s`)
              console.log(
                `BENCH api_${f.name}_rps_${LOADED_CONNECTIONS}conn ${loaded.requestsPerSecond} req/s`,
              )
              console.log(`BENCH api_${f.name}_p95_${LOADED_CONNECTIONS}conn ${loaded.p95} ms`)
              if (f.name === EMBED_BADGE_CASE) {
                console.log(`BENCH embed_badge_rps ${loaded.requestsPerSecond} req/s`)
                console.log(`BENCH embed_badge_cpu ${loaded.cpuMicrosPerRequest} us/req`)
              }
              const non2xx = single.non2xx + loaded.non2xx
              if (non2xx > 0) console.log(`BENCH api_${f.name}_non2xx ${non2xx} responses`)
            }
            for (const line of targetBenchLines(targets)) console.log(line)
          }
          if (opts.eventBatches > 0) {
            const e = await benchEventIngest({
              pipeline,
              config,
              logger,
              requests: opts.eventBatches,
              eventsPerBatch: EVENTS_PER_BATCH,
              connections: EVENT_CONNECTIONS,
              games: 4,
            })
            console.log(`BENCH ingest_events_http ${e.eventsPerSecond} events/s`)
            console.log(`BENCH ingest_events_http_p50 ${e.p50} ms`)
            console.log(`BENCH ingest_events_http_p99 ${e.p99} ms`)
            console.log(`BENCH ingest_events_http_answered ${e.httpEventsPerSecond} events/s`)
            console.log(`BENCH ingest_events_http_cpu ${e.cpuMicrosPerEvent} us/event`)
            console.log(`BENCH ingest_events_http_sent ${e.sentEvents} events`)
            console.log(`BENCH ingest_events_http_stored ${e.storedEvents} events`)
            console.log(`BENCH ingest_events_http_counted ${e.countedEvents} events`)
            // Not a timing assertion: every event sent is stored and counted exactly once, or the run fails.
            const exact =
              e.refused === 0 && e.storedEvents === e.sentEvents && e.countedEvents === e.sentEvents
            console.log(
              `BENCH ingest_events_http_lost_or_doubled ${exact ? 0 : Math.abs(e.sentEvents - e.storedEvents) || e.refused} events`,
            )
            if (!exact) {
              console.error(
                `ingest_events_http: sent ${e.sentEvents} events (${e.refused} requests refused), stored ${e.storedEvents}, counted ${e.countedEvents}`,
              )
              process.exitCode = 1
            }
          }
        } finally {
          await pipeline.stop()
          if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true })
        }
      },
    )
}

/** Where the CPU went during a measured part: the JavaScript thread and every other (the engine's). */
function printCpu(name: string, cpu: ThreadCpu | null): void {
  if (!cpu) return
  console.log(`BENCH ${name}_cpu_main ${(cpu.mainMs / 1000).toFixed(1)} s`)
  console.log(`BENCH ${name}_cpu_other ${(cpu.otherMs / 1000).toFixed(1)} s`)
}
