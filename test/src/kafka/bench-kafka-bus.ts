import { snapshotRows } from '@ludex/pipelines'
import { createKafkaBus, ensureTopics, type KafkaBus, kafkaBusOptions } from '@ludex/pipelines/kafka'
import {
  finishMessageId,
  loadConfig,
  messageIdPartCodes,
  messageIdPrefix,
  type PlaceSnapshotV1,
  SCHEMA_VERSION,
  TEN_MINUTES_MS,
  topics,
} from '@ludex/schemas'
import type { Logger } from 'pino'
import { type KafkaBroker, startKafkaBroker } from '../harness/kafka-broker.ts'

export interface KafkaBusBenchOptions {
  /** Snapshots published and consumed. */
  readonly snapshots: number
  /** Distinct experiences (keys): a history batch holds every one of them for consecutive slots. */
  readonly experiences: number
  /** Snapshots per history batch, as workers/src/history cuts them (default 60,000). */
  readonly historyBatch?: number
  /** Snapshots per publish call (the backfill publishes 4096 at a time); default the whole history batch. */
  readonly publishChunk?: number
  /**
   * Order inside a history batch: 'slot' (every experience for one slot, then the next slot: what
   * historyBatches yields) or 'experience' (each experience's consecutive slots together).
   */
  readonly order?: 'slot' | 'experience'
  /** Partitions of the snapshots topic. */
  readonly partitions: number
  /** The sink's batch size (SINK_BATCH_MAX) and fetch wait. */
  readonly maxBatch: number
  readonly maxWaitMs: number
  /** Further KAFKA_* settings (compression, fetch sizes, batches in flight, packing). */
  readonly env?: Readonly<Record<string, string>>
  /** An already running broker; otherwise one is started (throughput JVM flags) and disposed of. */
  readonly brokers?: string
  readonly logger: Logger
}

export interface KafkaBusBenchResult {
  readonly snapshots: number
  readonly handled: number
  /** Records the snapshots took in the topic (fewer than snapshots when packed). */
  readonly records: number
  readonly seconds: number
  /** Until the last publish was acknowledged (the consumer runs meanwhile). */
  readonly publishSeconds: number
  readonly generateSeconds: number
  readonly rate: number
  readonly peakRssMiB: number
}

const SLOT0 = Date.UTC(2024, 0, 1)

/** Backfill-shaped snapshots: for each slot of the batch, every experience once (as historyBatches does). */
function historyChunk(
  experiences: number,
  firstIndex: number,
  count: number,
  prefixes: ReadonlyArray<{ a: number; b: number }>,
): PlaceSnapshotV1[] {
  const out: PlaceSnapshotV1[] = new Array(count)
  let digits: Uint16Array | null = null
  let digitsSlot = -1
  for (let k = 0; k < count; k++) {
    const i = firstIndex + k
    const e = i % experiences
    const slot = SLOT0 + Math.floor(i / experiences) * TEN_MINUTES_MS
    if (slot !== digitsSlot) {
      digits = messageIdPartCodes(slot)
      digitsSlot = slot
    }
    const p = prefixes[e]!
    out[k] = {
      schema_version: SCHEMA_VERSION,
      id: finishMessageId(p.a, p.b, digits!),
      source: 'backfill',
      universe_id: 1_000_000 + e,
      place_id: 2_000_000 + e * 7,
      slot,
      observed_at: slot,
      playing: (i * 7919) % 50_000,
      visits: 1_000_000 + i,
      favorites: 5000 + (i % 100),
      up_votes: 900 + (i % 10),
      down_votes: i % 3 === 0 ? null : 40,
    }
  }
  return out
}

/**
 * Publishes backfill-shaped snapshots through the Kafka bus and consumes them as the sink's group with a
 * handler doing the sink's work minus the insert (the TabSeparated rows and the slot range), through a
 * real broker. Generation runs inside the timed loop, as in a backfill; the figure is end to end:
 * first publish to the group having committed everything.
 */
export async function benchKafkaBus(o: KafkaBusBenchOptions): Promise<KafkaBusBenchResult> {
  let broker: KafkaBroker | null = null
  let bus: KafkaBus | null = null
  let rssTimer: NodeJS.Timeout | undefined
  try {
    if (!o.brokers) broker = await startKafkaBroker({ jvm: 'throughput' })
    const config = loadConfig({
      ...o.env,
      KAFKA_BROKERS: o.brokers ?? broker!.brokers,
      KAFKA_TOPIC_PREFIX: `bench-${Date.now()}.`,
      KAFKA_TOPIC_PARTITIONS: String(o.partitions),
    })
    await ensureTopics(config, o.logger)
    bus = createKafkaBus(kafkaBusOptions(config, o.logger))
    let peakRss = 0
    rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss())
    }, 100)

    let handled = 0
    let minSlot = Number.POSITIVE_INFINITY
    let maxSlot = Number.NEGATIVE_INFINITY
    bus.subscribe(
      topics.snapshots,
      { group: 'sink', maxBatch: o.maxBatch, maxWaitMs: o.maxWaitMs },
      async (batch) => {
        handled += snapshotRows(batch).count
        for (const m of batch) {
          if (m.slot < minSlot) minSlot = m.slot
          if (m.slot > maxSlot) maxSlot = m.slot
        }
      },
    )
    await bus.ready()

    const prefixes = Array.from({ length: o.experiences }, (_, e) =>
      messageIdPrefix('backfill', 1_000_000 + e),
    )
    const historyBatch = o.historyBatch ?? 60_000
    const publishChunk = o.publishChunk ?? historyBatch
    let generateMs = 0
    const started = performance.now()
    for (let start = 0; start < o.snapshots; start += historyBatch) {
      const t = performance.now()
      const batch = historyChunk(o.experiences, start, Math.min(historyBatch, o.snapshots - start), prefixes)
      // A stable sort: each experience's snapshots stay in slot order.
      if (o.order === 'experience') batch.sort((a, b) => a.universe_id - b.universe_id)
      generateMs += performance.now() - t
      for (let i = 0; i < batch.length; i += publishChunk) {
        await bus.publish(
          topics.snapshots,
          publishChunk >= batch.length ? batch : batch.slice(i, i + publishChunk),
        )
      }
    }
    const published = performance.now()
    await bus.drain()
    const seconds = (performance.now() - started) / 1000
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
    const admin = await bus.admin()
    const offsets = await admin.fetchTopicOffsets(`${config.KAFKA_TOPIC_PREFIX}${topics.snapshots.name}`)
    const records = offsets.reduce((n, p) => n + Number(p.high) - Number(p.low), 0)
    return {
      snapshots: o.snapshots,
      handled,
      records,
      seconds,
      publishSeconds: (published - started) / 1000,
      generateSeconds: generateMs / 1000,
      rate: Math.round(o.snapshots / seconds),
      peakRssMiB: Math.round(peakRss / 2 ** 20),
    }
  } finally {
    clearInterval(rssTimer)
    await bus?.close()
    await broker?.dispose()
  }
}
