import {
  type BatchHandler,
  type Bus,
  type Config,
  type DeadLetter,
  type SubscribeOptions,
  type Subscription,
  type Topic,
  topics,
} from '@ludex/schemas'
import {
  type Admin,
  CompressionTypes,
  type Consumer,
  type Kafka,
  type Message,
  Partitioners,
  type Producer,
} from 'kafkajs'
import type { Logger } from 'pino'
import type { DeadLetterHandler } from '../dead-letter-handler.ts'
import { BusClosedError, DuplicateSubscriptionError } from '../errors.ts'
import { batchProcessor } from './batch-processor.ts'
import {
  createKafkaClient,
  type KafkaConnection,
  kafkaConnection,
  kafkaGroupId,
  kafkaTopicName,
} from './client.ts'
import {
  type DeadLetterOrigin,
  deadLetterMessage,
  type EncodedRecord,
  encodeRaw,
  encodeRecords,
} from './codec.ts'
import { GroupActiveError, groupMembers } from './group-offsets.ts'
import { retryRetriable } from './retry.ts'

export interface KafkaBusOptions extends KafkaConnection {
  /** First redelivery delay after a handler failure; doubles per attempt up to 64×. Default 100 ms. */
  readonly retryBackoffMs?: number
  /**
   * Called with the dead letters of a batch after they were written to the dead-letter topic (the sink
   * role wires deadLetterWriter here to fill dead_letters too). A rejection retries, as a handler's does.
   */
  readonly onDeadLetter?: DeadLetterHandler
  /** Batches one subscription hands over at once, one per partition at most. Default 2. */
  readonly batchesInFlight?: number
  readonly fetchMaxBytes?: number
  readonly fetchMaxBytesPerPartition?: number
  /** Bytes of messages per produce request (a publish is split into as many as it needs). */
  readonly produceMaxBytes?: number
  /**
   * Largest value of a packed record (a key's messages of one publish as one record); 0 packs nothing.
   * Capped below produceMaxBytes. Default 64 KiB.
   */
  readonly packMaxBytes?: number
  /** Compression of produced record batches. Default none. */
  readonly compression?: 'none' | 'gzip'
  readonly sessionTimeoutMs?: number
  readonly heartbeatIntervalMs?: number
  /** The failed_at of dead letters. */
  readonly now?: () => number
}

/** The options createKafkaBus takes, from the configuration (KAFKA_* settings). */
export function kafkaBusOptions(
  config: Config,
  logger: Logger,
  extra: Pick<KafkaBusOptions, 'onDeadLetter' | 'retryBackoffMs' | 'now'> = {},
): KafkaBusOptions {
  return {
    ...kafkaConnection(config, logger),
    batchesInFlight: config.KAFKA_BATCHES_IN_FLIGHT,
    fetchMaxBytes: config.KAFKA_FETCH_MAX_BYTES,
    fetchMaxBytesPerPartition: config.KAFKA_FETCH_MAX_BYTES_PER_PARTITION,
    produceMaxBytes: config.KAFKA_PRODUCE_MAX_BYTES,
    packMaxBytes: config.KAFKA_PACK_MAX_BYTES,
    compression: config.KAFKA_COMPRESSION,
    sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
    heartbeatIntervalMs: config.KAFKA_HEARTBEAT_INTERVAL_MS,
    ...extra,
  }
}

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

export interface KafkaBus extends Bus {
  /** Where the bus connects and how it names topics and groups. */
  readonly connection: KafkaConnection
  /** The kafkajs client the bus uses, for operator commands that need their own consumer. */
  readonly kafka: Kafka
  /**
   * Publishes a payload without validating it, as a foreign producer (or a corrupted record) would:
   * JSON of the value, or the bytes as they are for a Uint8Array, with the given headers (a packed
   * record is `ludex-pack: 1` over `{fields, rows}`). For tests and tools only.
   */
  publishRaw(
    topicName: string,
    payload: unknown,
    key?: string,
    headers?: Readonly<Record<string, string>>,
  ): Promise<void>
  /**
   * Resolves once the producer is connected and every subscription made so far has joined its consumer
   * group and fetched: from then on, a publish reaches a subscriber within one fetch wait.
   */
  ready(): Promise<void>
  /**
   * Consumes a topic as `group` from the group's committed position (its oldest retained message if it has
   * none) up to `to`, exactly as a subscription would (validation, dead letters, explicit commits of
   * acknowledged chunks), then leaves the group. For operator commands: replay, dead-letter retry.
   */
  consumeRange<T>(topic: Topic<T>, options: RangeOptions, handler: BatchHandler<T>): Promise<RangeResult>
  /** The connected admin client the bus uses (offsets, groups), for operator commands. */
  admin(): Promise<Admin>
}

/**
 * The Bus over Apache Kafka (kafkajs). One Kafka topic per bus topic (plus KAFKA_TOPIC_PREFIX), keyed by
 * the topic's key (universe id for snapshots), written by one idempotent producer (acks=all). Each
 * subscription is its own consumer group `${groupPrefix}${group}.${topic}` reading with auto-commit off:
 * see batchProcessor for what is committed when. Messages are validated on both sides; one that fails on
 * consume goes to the dead-letter topic with the reason and the consumer carries on. Topics must exist
 * (`ludex migrate` creates them: ensureTopics).
 */
export function createKafkaBus(options: KafkaBusOptions): KafkaBus {
  return new KafkaBusImpl(options)
}

const CLOSE_PUBLISH_WAIT_MS = 10_000
const DRAIN_POLL_MS = 20
/** Broker-side wait floor: below it an idle consumer would send a fetch every millisecond. */
const MIN_FETCH_WAIT_MS = 10
/** A rough lower bound of a message's size, to ask the broker for a fuller batch (fetch min bytes). */
const MIN_MESSAGE_BYTES = 64
/** Bytes a record costs beyond its key and value in a record batch (attributes, varints, headers). */
const RECORD_OVERHEAD_BYTES = 64
/** What a produce request needs beyond one packed value (key, record and batch headers). */
const PACK_HEADROOM_BYTES = 4096

class KafkaBusImpl implements KafkaBus {
  readonly kafka: Kafka
  private readonly producer: Producer
  private readonly log: Logger
  private producerConnected: Promise<void> | null = null
  private adminConnection: Promise<Admin> | null = null
  private readonly publishTails = new Map<string, Promise<void>>()
  private readonly subscriptions = new Set<KafkaSubscription<unknown>>()
  private closed = false
  /** Set once close() stopped waiting for publishes in flight: their retries end then. */
  private closeDeadlinePassed = false

  readonly connection: KafkaConnection
  private readonly packMaxBytes: number

  constructor(private readonly o: KafkaBusOptions) {
    // A pack must fit a produce request with room for its record's key, headers and framing.
    this.packMaxBytes = Math.max(
      0,
      Math.min(o.packMaxBytes ?? 65_536, (o.produceMaxBytes ?? 900_000) - PACK_HEADROOM_BYTES),
    )
    this.connection = {
      brokers: o.brokers,
      clientId: o.clientId,
      topicPrefix: o.topicPrefix,
      groupPrefix: o.groupPrefix,
      logger: o.logger,
    }
    this.kafka = createKafkaClient(o)
    this.log = o.logger.child({ component: 'kafka-bus' })
    this.producer = this.kafka.producer({
      idempotent: true,
      // One request in flight per broker keeps order per partition across retries without relying on the
      // broker's 5-batch idempotence window; throughput comes from large requests instead.
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    })
  }

  async publish<T>(topic: Topic<T>, messages: readonly T[]): Promise<void> {
    if (this.closed) throw new BusClosedError(topic.name)
    if (messages.length === 0) return
    // Dead letters stay one per record: each carries its origin in its own headers.
    const pack = topic.name === topics.deadLetter.name ? 0 : this.packMaxBytes
    return this.enqueue(topic.name, encodeRecords(topic, messages, pack))
  }

  async publishRaw(
    topicName: string,
    payload: unknown,
    key = 'raw',
    headers?: Readonly<Record<string, string>>,
  ): Promise<void> {
    if (this.closed) throw new BusClosedError(topicName)
    return this.enqueue(topicName, [
      { key, value: encodeRaw(payload), ...(headers && { headers: { ...headers } }) },
    ])
  }

  subscribe<T>(topic: Topic<T>, options: SubscribeOptions, handler: BatchHandler<T>): Subscription {
    if (this.closed) throw new BusClosedError(topic.name)
    if (!(options.maxBatch >= 1)) throw new RangeError(`maxBatch must be ≥ 1, got ${options.maxBatch}`)
    const groupId = kafkaGroupId(this.o, options.group, topic.name)
    for (const s of this.subscriptions) {
      if (s.groupId === groupId) throw new DuplicateSubscriptionError(topic.name, options.group)
    }
    const sub: KafkaSubscription<T> = new KafkaSubscription<T>({
      kafka: this.kafka,
      topic,
      kafkaTopic: kafkaTopicName(this.o, topic.name),
      groupId,
      options,
      handler,
      bus: this.o,
      deadLetters: (letters, origins) => this.deadLetters(letters, origins, options.group),
      onStopped: () => this.subscriptions.delete(sub as unknown as KafkaSubscription<unknown>),
    })
    // Subscriptions of any message type share the set: it only needs their Kafka side.
    this.subscriptions.add(sub as unknown as KafkaSubscription<unknown>)
    sub.start()
    return sub
  }

  admin(): Promise<Admin> {
    return this.adminClient()
  }

  async consumeRange<T>(
    topic: Topic<T>,
    options: RangeOptions,
    handler: BatchHandler<T>,
  ): Promise<RangeResult> {
    if (this.closed) throw new BusClosedError(topic.name)
    const groupId = kafkaGroupId(this.o, options.group, topic.name)
    const kafkaTopic = kafkaTopicName(this.o, topic.name)
    const admin = await this.adminClient()
    // A running member would share the partitions, and this read would wait forever for the ones it holds.
    const members = await groupMembers(admin, groupId)
    if (members > 0) throw new GroupActiveError(groupId, members)
    const ends = await endOffsets(admin, kafkaTopic)
    const [committed] = await retryRetriable(() => admin.fetchOffsets({ groupId, topics: [kafkaTopic] }))
    const partitions: Array<{ partition: number; from: bigint; to: bigint }> = []
    const remaining = new Set<number>()
    let total = 0
    for (const [partition, to] of options.to) {
      const c = BigInt(committed?.partitions.find((p) => p.partition === partition)?.offset ?? -1)
      const from = c >= 0n ? c : (ends.get(partition)?.low ?? 0n)
      partitions.push({ partition, from, to })
      if (from < to) {
        remaining.add(partition)
        total += Number(to - from)
      }
    }
    const result = { records: 0, handled: 0, deadLettered: 0, partitions }
    if (remaining.size === 0) return result
    const log = this.log.child({ range: topic.name, group: options.group })
    let stopping = false
    let finish!: () => void
    let fail!: (err: unknown) => void
    const finished = new Promise<void>((resolve, reject) => {
      finish = resolve
      fail = reject
    })
    const consumer = this.kafka.consumer({
      groupId,
      allowAutoTopicCreation: false,
      sessionTimeout: this.o.sessionTimeoutMs ?? 30_000,
      heartbeatInterval: this.o.heartbeatIntervalMs ?? 3000,
      maxBytes: this.o.fetchMaxBytes ?? 32 * 1024 * 1024,
      maxBytesPerPartition: this.o.fetchMaxBytesPerPartition ?? 8 * 1024 * 1024,
      maxWaitTimeInMs: 100,
    })
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart)
        fail(new RangeConsumerError(`consuming ${kafkaTopic} failed`, { cause: payload.error }))
    })
    const eachBatch = batchProcessor({
      topic,
      group: options.group,
      maxBatch: options.maxBatch,
      handler,
      deadLetters: (letters, origins) => this.deadLetters(letters, origins, options.group),
      retryBackoffMs: this.o.retryBackoffMs ?? 100,
      heartbeatIntervalMs: this.o.heartbeatIntervalMs ?? 3000,
      logger: log,
      active: () => !stopping && !this.closed,
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
        partitionsConsumedConcurrently: this.o.batchesInFlight ?? 2,
        eachBatch,
      })
      await finished
    } finally {
      stopping = true
      await consumer.disconnect().catch((err: unknown) => log.warn({ err }, 'range consumer disconnect'))
    }
    return result
  }

  async ready(): Promise<void> {
    await Promise.all([this.connectProducer(), ...[...this.subscriptions].map((s) => s.joined)])
  }

  /**
   * Waits until every subscription's group has committed up to the end of its topic. Ends are read again
   * afterwards, and the wait repeats if they moved (a dead letter written while draining, a publish).
   */
  async drain(): Promise<void> {
    for (;;) {
      await this.settlePublishes()
      if (this.closed) return
      const subs = [...this.subscriptions]
      if (subs.length === 0) return
      const admin = await this.adminClient()
      const ends = await Promise.all(subs.map((s) => endOffsets(admin, s.kafkaTopic)))
      await Promise.all(subs.map((s, i) => this.waitCommitted(admin, s, ends[i]!)))
      if (this.closed) return
      const again = await Promise.all(subs.map((s) => endOffsets(admin, s.kafkaTopic)))
      const settled = again.every((e, i) => sameOffsets(e, ends[i]!))
      if (settled && subs.every((s) => this.subscriptions.has(s))) return
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await Promise.all([...this.subscriptions].map((s) => s.stop()))
    // Publishes already sent get a bounded time to be acknowledged; then the producer goes.
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      this.settlePublishes(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_PUBLISH_WAIT_MS)
      }),
    ])
    clearTimeout(timer)
    this.closeDeadlinePassed = true
    await this.producer.disconnect().catch((err: unknown) => this.log.warn({ err }, 'producer disconnect'))
    if (this.adminConnection) {
      const admin = await this.adminConnection.catch(() => null)
      await admin?.disconnect().catch((err: unknown) => this.log.warn({ err }, 'admin disconnect'))
    }
  }

  private async settlePublishes(): Promise<void> {
    for (;;) {
      const tails = [...this.publishTails.values()]
      await Promise.all(tails)
      if ([...this.publishTails.values()].every((t, i) => t === tails[i])) return
    }
  }

  private enqueue(topicName: string, messages: ReadonlyArray<Message | EncodedRecord>) {
    const tail = this.publishTails.get(topicName) ?? Promise.resolve()
    // Publishes of a topic go out one after the other, so a caller's order is the partition's order.
    const run = tail.then(() => this.send(kafkaTopicName(this.o, topicName), messages))
    this.publishTails.set(
      topicName,
      run.catch(() => undefined),
    )
    return run
  }

  private async send(kafkaTopic: string, messages: ReadonlyArray<Message | EncodedRecord>): Promise<void> {
    const limit = this.o.produceMaxBytes ?? 900_000
    let start = 0
    let bytes = 0
    for (let i = 0; i < messages.length; i++) {
      const m = messages[i]!
      const size = ('bytes' in m ? m.bytes : byteLength(m.key) + byteLength(m.value)) + RECORD_OVERHEAD_BYTES
      if (i > start && bytes + size > limit) {
        await this.sendChunk(kafkaTopic, messages.slice(start, i))
        start = i
        bytes = 0
      }
      bytes += size
    }
    await this.sendChunk(kafkaTopic, messages.slice(start))
  }

  /**
   * One produce request, acknowledged by all in-sync replicas. While the cluster is unavailable (a broker
   * restarting, leadership moving) it is retried until it goes through, for as long as the bus is open:
   * the publish stays pending, which is backpressure on the producer. The idempotent producer makes the
   * retries safe: the broker drops a batch it already has.
   */
  private async sendChunk(kafkaTopic: string, messages: Array<Message | EncodedRecord>): Promise<void> {
    await retryRetriable(
      async () => {
        await this.connectProducer()
        await this.producer.send({
          topic: kafkaTopic,
          acks: -1,
          messages,
          ...(this.o.compression === 'gzip' && { compression: CompressionTypes.GZIP }),
        })
      },
      {
        attempts: Number.POSITIVE_INFINITY,
        firstDelayMs: 100,
        maxDelayMs: 5000,
        giveUp: () => this.closed && this.closeDeadlinePassed,
        onRetry: (err, attempt, delayMs) =>
          this.log.warn({ err, attempt, retryInMs: delayMs, topic: kafkaTopic }, 'publish failed; retrying'),
      },
    )
  }

  /** Connects once (and again after a failed attempt); the idempotent producer also gets its id here. */
  private connectProducer(): Promise<void> {
    this.producerConnected ??= this.producer.connect().catch((err: unknown) => {
      this.producerConnected = null
      throw err
    })
    return this.producerConnected
  }

  private async deadLetters(
    letters: readonly DeadLetter[],
    origins: readonly DeadLetterOrigin[],
    group: string,
  ): Promise<void> {
    const now = this.o.now?.() ?? Date.now()
    const messages = letters.map((l, i) => deadLetterMessage(l, now, origins[i]!))
    await this.enqueue(topics.deadLetter.name, messages)
    this.log.warn(
      { count: letters.length, topic: letters[0]?.topic, group, reason: letters[0]?.reason },
      'messages dead-lettered',
    )
    await this.o.onDeadLetter?.(letters, { group })
  }

  private adminClient(): Promise<Admin> {
    this.adminConnection ??= (async () => {
      const admin = this.kafka.admin()
      await admin.connect()
      return admin
    })().catch((err: unknown) => {
      this.adminConnection = null
      throw err
    })
    return this.adminConnection
  }

  private async waitCommitted(admin: Admin, sub: KafkaSubscription<unknown>, ends: Offsets): Promise<void> {
    while (!this.closed && this.subscriptions.has(sub)) {
      const [committed] = await retryRetriable(() =>
        admin.fetchOffsets({ groupId: sub.groupId, topics: [sub.kafkaTopic] }),
      )
      const byPartition = new Map(committed?.partitions.map((p) => [p.partition, BigInt(p.offset)]))
      const behind = [...ends].some(([partition, { low, high }]) => {
        const c = byPartition.get(partition) ?? -1n
        return (c >= 0n ? c : low) < high
      })
      if (!behind) return
      await new Promise((r) => setTimeout(r, DRAIN_POLL_MS))
    }
  }
}

type Offsets = Map<number, { low: bigint; high: bigint }>

async function endOffsets(admin: Admin, kafkaTopic: string): Promise<Offsets> {
  const offsets = await retryRetriable(() => admin.fetchTopicOffsets(kafkaTopic))
  return new Map(offsets.map((o) => [o.partition, { low: BigInt(o.low), high: BigInt(o.high) }]))
}

function sameOffsets(a: Offsets, b: Offsets): boolean {
  if (a.size !== b.size) return false
  for (const [p, o] of a) if (b.get(p)?.high !== o.high) return false
  return true
}

function byteLength(v: Buffer | string | null | undefined): number {
  if (v === null || v === undefined) return 0
  return typeof v === 'string' ? Buffer.byteLength(v) : v.length
}

interface KafkaSubscriptionOptions<T> {
  readonly kafka: Kafka
  readonly topic: Topic<T>
  readonly kafkaTopic: string
  readonly groupId: string
  readonly options: SubscribeOptions
  readonly handler: BatchHandler<T>
  readonly bus: KafkaBusOptions
  readonly deadLetters: (
    letters: readonly DeadLetter[],
    origins: readonly DeadLetterOrigin[],
  ) => Promise<void>
  readonly onStopped: () => void
}

/** One bus subscription: one kafkajs consumer in its own group. */
class KafkaSubscription<T> implements Subscription {
  readonly groupId: string
  readonly kafkaTopic: string
  /** Resolves when the consumer has joined its group and completed its first fetch. */
  readonly joined: Promise<void>
  private readonly consumer: Consumer
  private readonly log: Logger
  private stopping = false
  private starting: Promise<void> = Promise.resolve()
  private stopped: Promise<void> | null = null
  private markJoined!: () => void

  constructor(private readonly s: KafkaSubscriptionOptions<T>) {
    this.groupId = s.groupId
    this.kafkaTopic = s.kafkaTopic
    this.log = s.bus.logger.child({
      component: 'kafka-consumer',
      topic: s.topic.name,
      group: s.options.group,
    })
    this.joined = new Promise((resolve) => {
      this.markJoined = resolve
    })
    const { maxBatch, maxWaitMs } = s.options
    const maxBytes = s.bus.fetchMaxBytes ?? 32 * 1024 * 1024
    this.consumer = s.kafka.consumer({
      groupId: s.groupId,
      allowAutoTopicCreation: false,
      sessionTimeout: s.bus.sessionTimeoutMs ?? 30_000,
      heartbeatInterval: s.bus.heartbeatIntervalMs ?? 3000,
      maxBytes,
      maxBytesPerPartition: s.bus.fetchMaxBytesPerPartition ?? 8 * 1024 * 1024,
      // "Wait up to maxWaitMs for a fuller batch" is the broker's fetch wait for min bytes.
      minBytes: Math.max(1, Math.min(maxBatch * MIN_MESSAGE_BYTES, maxBytes, 1024 * 1024)),
      maxWaitTimeInMs: Math.max(maxWaitMs, MIN_FETCH_WAIT_MS),
    })
    // Joining is not yet receiving: the first fetch also resolves the group's offsets.
    this.consumer.on(this.consumer.events.FETCH, () => this.markJoined())
    this.consumer.on(this.consumer.events.CRASH, ({ payload }) => {
      this.log.error({ err: payload.error, restart: payload.restart }, 'consumer crashed')
      // kafkajs restarts by itself after retriable errors only; a role must never stop consuming
      // silently, so after any other crash the subscription starts over (from the committed offsets).
      if (!payload.restart && !this.stopping) {
        this.starting = this.starting
          .then(() => new Promise((r) => setTimeout(r, 1000)))
          .then(() => this.run())
      }
    })
  }

  start(): void {
    this.starting = this.run()
  }

  private async run(): Promise<void> {
    const { topic, options, handler, bus } = this.s
    const eachBatch = batchProcessor({
      topic,
      group: options.group,
      maxBatch: options.maxBatch,
      handler,
      deadLetters: this.s.deadLetters,
      retryBackoffMs: bus.retryBackoffMs ?? 100,
      heartbeatIntervalMs: bus.heartbeatIntervalMs ?? 3000,
      logger: this.log,
      active: () => !this.stopping,
    })
    // Start-up fails when the broker is down or the topic is missing; keep trying until stopped.
    for (let attempt = 1; !this.stopping; attempt++) {
      try {
        await this.consumer.connect()
        // A new group starts at the oldest retained message, so nothing published before it is missed.
        await this.consumer.subscribe({ topics: [this.kafkaTopic], fromBeginning: true })
        await this.consumer.run({
          autoCommit: false,
          eachBatchAutoResolve: false,
          partitionsConsumedConcurrently: bus.batchesInFlight ?? 2,
          eachBatch,
        })
        return
      } catch (err) {
        const delay = Math.min(30_000, 500 * 2 ** Math.min(attempt - 1, 6))
        this.log.error(
          { err, attempt, retryInMs: delay, kafkaTopic: this.kafkaTopic },
          'consumer could not start (is the topic created? ludex migrate creates it)',
        )
        await this.consumer.disconnect().catch(() => undefined)
        const until = Date.now() + delay
        while (!this.stopping && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
      }
    }
  }

  /** Lets the batch in flight finish and commit, then leaves the group. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping = true
      await this.starting
      await this.consumer.disconnect().catch((err: unknown) => this.log.warn({ err }, 'consumer disconnect'))
      this.s.onStopped()
    })()
    return this.stopped
  }
}
