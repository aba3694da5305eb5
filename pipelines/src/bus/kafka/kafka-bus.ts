import {
  type BatchHandler,
  type Bus,
  type DeadLetter,
  type SubscribeOptions,
  type Subscription,
  type Topic,
  topics,
} from '@ludex/schemas'
import type { Admin, Kafka } from 'kafkajs'
import type { Logger } from 'pino'
import { CompiledTopics } from '../compiled-topics.ts'
import { BusClosedError, DuplicateSubscriptionError } from '../errors.ts'
import { createKafkaClient, type KafkaConnection, kafkaGroupId, kafkaTopicName } from './client.ts'
import { type DeadLetterOrigin, deadLetterMessage, encodeRaw, encodeRecords } from './codec.ts'
import { endOffsets, isBehind, type Offsets, sameOffsets } from './offsets.ts'
import { type KafkaBusOptions, type ResolvedKafkaBusOptions, resolveKafkaBusOptions } from './options.ts'
import { KafkaProducer } from './producer.ts'
import { consumeRange, type RangeOptions, type RangeResult } from './range-reader.ts'
import { KafkaSubscription } from './subscription.ts'

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
 * the topic's key (universe id for snapshots), written by one idempotent producer (producer.ts). Each
 * subscription is its own consumer group `${groupPrefix}${group}.${topic}` reading with auto-commit off
 * (subscription.ts; batchProcessor says what is committed when). Messages are validated on both sides;
 * one that fails on consume, or that the store refuses alone, goes to the dead-letter topic with the
 * reason and the consumer carries on. Topics must exist (`ludex migrate` creates them: ensureTopics).
 */
export function createKafkaBus(options: KafkaBusOptions): KafkaBus {
  return new KafkaBusImpl(resolveKafkaBusOptions(options))
}

/** How often drain() reads the groups' committed offsets. */
const DRAIN_POLL_MS = 20

class KafkaBusImpl implements KafkaBus {
  readonly kafka: Kafka
  readonly connection: KafkaConnection
  private readonly producer: KafkaProducer
  private readonly log: Logger
  private adminConnection: Promise<Admin> | null = null
  private readonly subscriptions = new Set<KafkaSubscription<unknown>>()
  private readonly compiled = new CompiledTopics()
  private closed = false

  constructor(private readonly o: ResolvedKafkaBusOptions) {
    this.connection = o.connection
    this.kafka = createKafkaClient(o.connection)
    this.log = o.connection.logger.child({ component: 'kafka-bus' })
    this.producer = new KafkaProducer(this.kafka, o, this.log)
  }

  async publish<T>(topic: Topic<T>, messages: readonly T[]): Promise<void> {
    if (this.closed) throw new BusClosedError(topic.name)
    if (messages.length === 0) return
    // Dead letters stay one per record: each carries its origin in its own headers.
    const pack = topic.name === topics.deadLetter.name ? 0 : this.o.packMaxBytes
    return this.producer.send(topic.name, encodeRecords(this.compiled.of(topic), messages, pack))
  }

  async publishRaw(
    topicName: string,
    payload: unknown,
    key = 'raw',
    headers?: Readonly<Record<string, string>>,
  ): Promise<void> {
    if (this.closed) throw new BusClosedError(topicName)
    return this.producer.send(topicName, [
      { key, value: encodeRaw(payload), ...(headers && { headers: { ...headers } }) },
    ])
  }

  subscribe<T>(topic: Topic<T>, options: SubscribeOptions, handler: BatchHandler<T>): Subscription {
    if (this.closed) throw new BusClosedError(topic.name)
    if (!(options.maxBatch >= 1)) throw new RangeError(`maxBatch must be ≥ 1, got ${options.maxBatch}`)
    const groupId = kafkaGroupId(this.connection, options.group, topic.name)
    for (const s of this.subscriptions) {
      if (s.groupId === groupId) throw new DuplicateSubscriptionError(topic.name, options.group)
    }
    const sub: KafkaSubscription<T> = new KafkaSubscription<T>({
      kafka: this.kafka,
      topic: this.compiled.of(topic),
      kafkaTopic: kafkaTopicName(this.connection, topic.name),
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

  consumeRange<T>(topic: Topic<T>, options: RangeOptions, handler: BatchHandler<T>): Promise<RangeResult> {
    if (this.closed) return Promise.reject(new BusClosedError(topic.name))
    return consumeRange(
      {
        kafka: this.kafka,
        options: this.o,
        admin: () => this.adminClient(),
        deadLetters: (group) => (letters, origins) => this.deadLetters(letters, origins, group),
        closed: () => this.closed,
        logger: this.log,
      },
      this.compiled.of(topic),
      options,
      handler,
    )
  }

  async ready(): Promise<void> {
    await Promise.all([this.producer.connect(), ...[...this.subscriptions].map((s) => s.joined)])
  }

  /**
   * Waits until every subscription's group has committed up to the end of its topic. Ends are read again
   * afterwards, and the wait repeats if they moved (a dead letter written while draining, a publish).
   */
  async drain(): Promise<void> {
    for (;;) {
      await this.producer.settle()
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
    await this.producer.close()
    if (this.adminConnection) {
      const admin = await this.adminConnection.catch(() => null)
      await admin?.disconnect().catch((err: unknown) => this.log.warn({ err }, 'admin disconnect'))
    }
  }

  /** Writes letters to the dead-letter topic with their origins, then hands them to onDeadLetter. */
  private async deadLetters(
    letters: readonly DeadLetter[],
    origins: readonly DeadLetterOrigin[],
    group: string,
  ): Promise<void> {
    const now = this.o.now()
    const messages = letters.map((l, i) => deadLetterMessage(l, now, origins[i]!))
    await this.producer.send(topics.deadLetter.name, messages)
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
      if (!(await isBehind(admin, sub.groupId, sub.kafkaTopic, ends))) return
      await new Promise((r) => setTimeout(r, DRAIN_POLL_MS))
    }
  }
}
