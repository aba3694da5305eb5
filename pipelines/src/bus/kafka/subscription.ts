import type { BatchHandler, SubscribeOptions, Subscription, Topic } from '@ludex/schemas'
import type { Consumer, Kafka } from 'kafkajs'
import type { Logger } from 'pino'
import { batchProcessor, type DeadLetterSink } from './batch-processor.ts'
import { consumerConfig, type ResolvedKafkaBusOptions } from './options.ts'

/** Broker-side wait floor: below it an idle consumer would send a fetch every millisecond. */
const MIN_FETCH_WAIT_MS = 10
/** A rough lower bound of a message's size, to ask the broker for a fuller batch (fetch min bytes). */
const MIN_MESSAGE_BYTES = 64

export interface KafkaSubscriptionOptions<T> {
  readonly kafka: Kafka
  readonly topic: Topic<T>
  readonly kafkaTopic: string
  readonly groupId: string
  readonly options: SubscribeOptions
  readonly handler: BatchHandler<T>
  readonly bus: ResolvedKafkaBusOptions
  readonly deadLetters: DeadLetterSink
  readonly onStopped: () => void
}

/** One bus subscription: one kafkajs consumer in its own group. */
export class KafkaSubscription<T> implements Subscription {
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
    this.log = s.bus.connection.logger.child({
      component: 'kafka-consumer',
      topic: s.topic.name,
      group: s.options.group,
    })
    this.joined = new Promise((resolve) => {
      this.markJoined = resolve
    })
    const { maxBatch, maxWaitMs } = s.options
    this.consumer = s.kafka.consumer(
      consumerConfig(s.bus, s.groupId, {
        // "Wait up to maxWaitMs for a fuller batch" is the broker's fetch wait for min bytes.
        minBytes: Math.max(1, Math.min(maxBatch * MIN_MESSAGE_BYTES, s.bus.fetchMaxBytes, 1024 * 1024)),
        maxWaitTimeInMs: Math.max(maxWaitMs, MIN_FETCH_WAIT_MS),
      }),
    )
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
      policy: bus.policy,
      ...(bus.observer && { observer: bus.observer }),
      heartbeatIntervalMs: bus.heartbeatIntervalMs,
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
          partitionsConsumedConcurrently: bus.batchesInFlight,
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
