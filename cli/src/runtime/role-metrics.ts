import type { BusObserver, InsertedEvent } from '@ludex/pipelines'
import type { Publisher, Subscriber } from '@ludex/schemas'
import type { FanOutJobDefinition, GamesSweepReport, JobDefinition, Scheduler } from '@ludex/workers'
import { Counter, Gauge, Histogram, type Registry } from 'prom-client'

/**
 * Prometheus metrics of a role process (DESIGN §5: ingest lag, batch sizes, insert latency), registered
 * on the process's one registry, which /metrics serves. The parts are instrumented from outside, by
 * wrapping the interfaces they are wired with, so pipelines and workers stay free of metrics code.
 */
export interface RoleMetrics {
  readonly registry: Registry
  instrumentPublisher(publisher: Publisher): Publisher
  instrumentSubscriber(subscriber: Subscriber): Subscriber
  instrumentScheduler(scheduler: Scheduler): Scheduler
  /** After each sink insert: rows and the age of the newest slot written (the ingest lag). */
  inserted(event: InsertedEvent, now: number): void
  /** A logged insert's slot range handed to the materialiser (every range comes from the insert log). */
  markedDirty(): void
  /** A games sweep this process completed (it ran the sweep's completion job). */
  gamesSweep(report: GamesSweepReport): void
  /** Serves `ludex_materialiser_pending_ranges` from the materialiser of this process. */
  watchMaterialiser(pendingRanges: () => number): void
  /** To pass to the bus (selectBus): counts its redeliveries and dead letters. */
  readonly busObserver: BusObserver
}

export function createRoleMetrics(registry: Registry, roles: readonly string[]): RoleMetrics {
  const info = new Gauge({
    name: 'ludex_role_info',
    help: 'The roles this process runs (1 each)',
    labelNames: ['role'],
    registers: [registry],
  })
  for (const role of roles) info.set({ role }, 1)
  const published = new Counter({
    name: 'ludex_bus_published_messages_total',
    help: 'Messages published to the bus, by topic',
    labelNames: ['topic'],
    registers: [registry],
  })
  const batchRows = new Histogram({
    name: 'ludex_sink_batch_messages',
    help: 'Messages per batch the sink handled, by topic',
    labelNames: ['topic'],
    buckets: [1, 10, 100, 1000, 10_000, 100_000],
    registers: [registry],
  })
  const batchSeconds = new Histogram({
    name: 'ludex_sink_batch_seconds',
    help: 'Time to handle one batch (build rows, insert into the store), by topic and outcome',
    labelNames: ['topic', 'outcome'],
    buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const insertedRows = new Counter({
    name: 'ludex_sink_inserted_rows_total',
    help: "Rows the sink wrote to each topic's main table",
    labelNames: ['topic'],
    registers: [registry],
  })
  const lag = new Gauge({
    name: 'ludex_ingest_lag_seconds',
    help: 'Age of the newest slot in the last batch inserted, by topic (a live poll lands within seconds)',
    labelNames: ['topic'],
    registers: [registry],
  })
  const jobRuns = new Counter({
    name: 'ludex_job_runs_total',
    help: 'Scheduled job runs, by job and outcome',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  })
  const jobSeconds = new Histogram({
    name: 'ludex_job_seconds',
    help: 'Duration of scheduled job runs, by job',
    labelNames: ['job'],
    buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300],
    registers: [registry],
  })
  const redeliveries = new Counter({
    name: 'ludex_bus_redeliveries_total',
    help: 'Batches (or halves of a batch being bisected) handed to a consumer again after a failure, and dead-letter writes retried, by topic',
    labelNames: ['topic'],
    registers: [registry],
  })
  const deadLetters = new Counter({
    name: 'ludex_dead_letters_total',
    help: 'Messages dead-lettered, by topic and kind (invalid: failed the schema; refused: the store refused it alone)',
    labelNames: ['topic', 'kind'],
    registers: [registry],
  })
  const completeness = new Gauge({
    name: 'ludex_slot_completeness',
    help: 'Snapshots captured / experiences due (tracked, less restricted and missing upstream) of the newest slot whose sweep this process completed',
    registers: [registry],
  })
  const completenessSlot = new Gauge({
    name: 'ludex_slot_completeness_slot_seconds',
    help: 'The slot (epoch seconds) ludex_slot_completeness and ludex_sweep_seconds are for',
    registers: [registry],
  })
  const sweepSeconds = new Gauge({
    name: 'ludex_sweep_seconds',
    help: "From the games sweep's slot boundary to its completion, of that slot",
    registers: [registry],
  })
  const overruns = new Counter({
    name: 'ludex_sweep_overruns_total',
    help: 'Games sweeps that did not finish in their slot (completed after the next slot was due, or shards dropped)',
    registers: [registry],
  })
  const failedShards = new Counter({
    name: 'ludex_sweep_failed_shards_total',
    help: 'Shards of the games sweep that failed for good (after retries), overran ones included',
    registers: [registry],
  })
  let newestSlot = Number.NEGATIVE_INFINITY
  const dirty = new Counter({
    name: 'ludex_materialiser_ranges_total',
    help: 'Slot ranges the materialiser read from the insert log, each recomputed',
    registers: [registry],
  })

  return {
    registry,
    instrumentPublisher: (publisher) => ({
      publish: async (topic, messages) => {
        await publisher.publish(topic, messages)
        published.inc({ topic: topic.name }, messages.length)
      },
    }),
    instrumentSubscriber: (subscriber) => ({
      subscribe: (topic, options, handler) =>
        subscriber.subscribe(topic, options, async (batch) => {
          const end = batchSeconds.startTimer({ topic: topic.name })
          try {
            await handler(batch)
            end({ outcome: 'ok' })
            batchRows.observe({ topic: topic.name }, batch.length)
          } catch (err) {
            end({ outcome: 'failed' })
            throw err
          }
        }),
    }),
    instrumentScheduler: (scheduler) => ({
      // Plans run nothing here: only the runs registered in this process are counted.
      schedule: (job) => scheduler.schedule(job),
      register: (job: JobDefinition) =>
        scheduler.register({
          ...job,
          run: async (ctx) => {
            const end = jobSeconds.startTimer({ job: job.name })
            try {
              await job.run(ctx)
              jobRuns.inc({ job: job.name, outcome: 'ok' })
            } catch (err) {
              jobRuns.inc({ job: job.name, outcome: 'failed' })
              throw err
            } finally {
              end()
            }
          },
        }),
      // A fan-out occurrence counts as one run, failed when any part or the completion failed.
      registerFanOut: <P, R>(job: FanOutJobDefinition<P, R>) =>
        scheduler.registerFanOut<P, R>({
          ...job,
          complete: async (outcomes, ctx) => {
            const end = jobSeconds.startTimer({ job: job.name })
            let ok = outcomes.every((o) => o.ok)
            try {
              await job.complete(outcomes, ctx)
            } catch (err) {
              ok = false
              throw err
            } finally {
              jobRuns.inc({ job: job.name, outcome: ok ? 'ok' : 'failed' })
              end()
            }
          },
        }),
      start: () => scheduler.start(),
      stop: () => scheduler.stop(),
    }),
    inserted: (event, now) => {
      insertedRows.inc({ topic: event.topic }, event.rows)
      lag.set({ topic: event.topic }, Math.max(0, (now - event.maxSlot) / 1000))
    },
    markedDirty: () => dirty.inc(),
    gamesSweep: ({ result, slot, seconds, overran }) => {
      if (overran) overruns.inc()
      failedShards.inc(result.failedShards)
      // Completions can end out of order (a cut-off sweep completes as the next one runs): keep the newest.
      if (slot < newestSlot) return
      newestSlot = slot
      completeness.set(result.completeness)
      completenessSlot.set(slot / 1000)
      sweepSeconds.set(seconds)
    },
    busObserver: {
      redelivered: (e) => redeliveries.inc({ topic: e.topic }),
      deadLettered: (e) => deadLetters.inc({ topic: e.topic, kind: e.kind }, e.count),
    },
    watchMaterialiser: (pendingRanges) => {
      new Gauge({
        name: 'ludex_materialiser_pending_ranges',
        help: 'Dirty slot ranges the materialiser has not recomputed yet (waiting or running)',
        registers: [registry],
        collect() {
          this.set(pendingRanges())
        },
      })
    },
  }
}
