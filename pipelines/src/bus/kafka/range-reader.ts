import type { BatchHandler, Topic } from '@ludex/schemas'
import type { Admin, Kafka } from 'kafkajs'
import type { Logger } from 'pino'
import { batchProcessor, type DeadLetterSink } from './batch-processor.ts'
import { kafkaGroupId, kafkaTopicName } from './client.ts'
import { GroupActiveError, groupMembers } from './group-offsets.ts'
import { committedOffsets, endOffsets } from './offsets.ts'
import { consumerConfig, type ResolvedKafkaBusOptions } from './options.ts'

/** A bounded read of a topic by one group, from its committed position up to given end offsets. */
export interface RangeOptions {
  /** The bus group (its Kafka group is `${groupPrefix}${group}.${topic}`); it must have no other member. */
  readonly group: string
  /** Offset (exclusive) to read each partition up to; a partition not listed is not read. */
  readonly to: ReadonlyMap<number, bigint>
  readonly maxBatch: number
  readonly onProgress?: (progress: RangeProgress) => void
}

export interface RangeProgress {
  /** Records read so far (every message of each handed over or dead-lettered) and in all. */
  readonly done: number
  readonly total: number
}

export interface RangeResult {
  /** Records read: offsets, where a packed record holds several messages. */
  readonly records: number
  /** Messages handed to the handler, and dead-lettered (together: the messages the records held). */
  readonly handled: number
  readonly deadLettered: number
  /** Per partition: where the group stood before and the end it read to. */
  readonly partitions: ReadonlyArray<{ partition: number; from: bigint; to: bigint }>
}

export class RangeConsumerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'RangeConsumerError'
  }
}

/** What a range read needs of its bus. */
export interface RangeReaderDeps {
  readonly kafka: Kafka
  readonly options: ResolvedKafkaBusOptions
  readonly admin: () => Promise<Admin>
  /** The bus's dead-letter writer for a group. */
  readonly deadLetters: (group: string) => DeadLetterSink
  /** True once the bus is closing: the read stops after its chunk in flight. */
  readonly closed: () => boolean
  readonly logger: Logger
}

/**
 * Consumes a topic as `group` from the group's committed position (its oldest retained message if it has
 * none) up to `to`, exactly as a subscription would (validation, dead letters, bounded failure handling,
 * explicit commits of acknowledged chunks), then leaves the group. For operator commands: replay,
 * dead-letter retry.
 */
export async function consumeRange<T>(
  deps: RangeReaderDeps,
  topic: Topic<T>,
  options: RangeOptions,
  handler: BatchHandler<T>,
): Promise<RangeResult> {
  const bus = deps.options
  const groupId = kafkaGroupId(bus.connection, options.group, topic.name)
  const kafkaTopic = kafkaTopicName(bus.connection, topic.name)
  const admin = await deps.admin()
  // A running member would share the partitions, and this read would wait forever for the ones it holds.
  const members = await groupMembers(admin, groupId)
  if (members > 0) throw new GroupActiveError(groupId, members)
  const ends = await endOffsets(admin, kafkaTopic)
  const committed = await committedOffsets(admin, groupId, kafkaTopic)
  const partitions: Array<{ partition: number; from: bigint; to: bigint }> = []
  const remaining = new Set<number>()
  let total = 0
  for (const [partition, to] of options.to) {
    const c = committed.get(partition) ?? -1n
    const from = c >= 0n ? c : (ends.get(partition)?.low ?? 0n)
    partitions.push({ partition, from, to })
    if (from < to) {
      remaining.add(partition)
      total += Number(to - from)
    }
  }
  const result = { records: 0, handled: 0, deadLettered: 0, partitions }
  if (remaining.size === 0) return result
  const log = deps.logger.child({ range: topic.name, group: options.group })
  let stopping = false
  let finish!: () => void
  let fail!: (err: unknown) => void
  const finished = new Promise<void>((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  const consumer = deps.kafka.consumer(consumerConfig(bus, groupId, { maxWaitTimeInMs: 100 }))
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (!payload.restart)
      fail(new RangeConsumerError(`consuming ${kafkaTopic} failed`, { cause: payload.error }))
  })
  const eachBatch = batchProcessor({
    topic,
    group: options.group,
    maxBatch: options.maxBatch,
    handler,
    deadLetters: deps.deadLetters(options.group),
    policy: bus.policy,
    ...(bus.observer && { observer: bus.observer }),
    heartbeatIntervalMs: bus.heartbeatIntervalMs,
    logger: log,
    active: () => !stopping && !deps.closed(),
    endOffset: (partition) => options.to.get(partition) ?? 0n,
    onChunk: (chunk) => {
      result.records += chunk.records
      result.handled += chunk.handled
      result.deadLettered += chunk.deadLettered
      options.onProgress?.({ done: result.records, total })
      if (chunk.nextOffset >= (options.to.get(chunk.partition) ?? 0n)) remaining.delete(chunk.partition)
      if (remaining.size === 0) finish()
    },
  })
  try {
    await consumer.connect()
    await consumer.subscribe({ topics: [kafkaTopic], fromBeginning: true })
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: bus.batchesInFlight,
      eachBatch,
    })
    await finished
  } finally {
    stopping = true
    await consumer.disconnect().catch((err: unknown) => log.warn({ err }, 'range consumer disconnect'))
  }
  return result
}
