import { CompressionTypes, type Kafka, type Message, Partitioners, type Producer } from 'kafkajs'
import type { Logger } from 'pino'
import { kafkaTopicName } from './client.ts'
import type { EncodedRecord } from './codec.ts'
import type { ResolvedKafkaBusOptions } from './options.ts'
import { retryRetriable } from './retry.ts'

/** How long close() lets publishes already sent be acknowledged before the producer goes. */
const CLOSE_PUBLISH_WAIT_MS = 10_000
/** Bytes a record costs beyond its key and value in a record batch (attributes, varints, headers). */
const RECORD_OVERHEAD_BYTES = 64

/**
 * The bus's one idempotent producer (acks=all). Sends of one bus topic go out one after the other, so a
 * caller's order is the partition's order: kafkajs' idempotent producer numbers a partition's batches as
 * responses come back, so two in flight to one partition would break its sequence. A send is cut into
 * requests of at most produceMaxBytes, each retried while the cluster is unavailable.
 */
export class KafkaProducer {
  private readonly producer: Producer
  private connected: Promise<void> | null = null
  private readonly tails = new Map<string, Promise<void>>()
  private closing = false
  /** Set once close() stopped waiting for sends in flight: their retries end then. */
  private closeDeadlinePassed = false

  constructor(
    kafka: Kafka,
    private readonly o: ResolvedKafkaBusOptions,
    private readonly log: Logger,
  ) {
    this.producer = kafka.producer({
      idempotent: true,
      // One request in flight per broker keeps order per partition across retries without relying on the
      // broker's 5-batch idempotence window; throughput comes from large requests instead.
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    })
  }

  /** Queues records for a bus topic behind the topic's earlier sends; resolves once all are acknowledged. */
  send(topicName: string, records: ReadonlyArray<Message | EncodedRecord>): Promise<void> {
    const tail = this.tails.get(topicName) ?? Promise.resolve()
    const run = tail.then(() => this.sendAll(kafkaTopicName(this.o.connection, topicName), records))
    // The chain must survive a failed send; the caller still sees the failure through `run`.
    this.tails.set(
      topicName,
      run.catch(() => undefined),
    )
    return run
  }

  /** Resolves once every send queued so far (and any queued meanwhile) has settled. */
  async settle(): Promise<void> {
    for (;;) {
      const tails = [...this.tails.values()]
      await Promise.all(tails)
      if ([...this.tails.values()].every((t, i) => t === tails[i])) return
    }
  }

  /** Connects once (and again after a failed attempt); the idempotent producer also gets its id here. */
  connect(): Promise<void> {
    this.connected ??= this.producer.connect().catch((err: unknown) => {
      this.connected = null
      throw err
    })
    return this.connected
  }

  /** Gives sends already queued a bounded time to be acknowledged, then disconnects. */
  async close(): Promise<void> {
    this.closing = true
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      this.settle(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_PUBLISH_WAIT_MS)
      }),
    ])
    clearTimeout(timer)
    this.closeDeadlinePassed = true
    await this.producer.disconnect().catch((err: unknown) => this.log.warn({ err }, 'producer disconnect'))
  }

  private async sendAll(kafkaTopic: string, records: ReadonlyArray<Message | EncodedRecord>): Promise<void> {
    const limit = this.o.produceMaxBytes
    let start = 0
    let bytes = 0
    for (let i = 0; i < records.length; i++) {
      const m = records[i]!
      const size = ('bytes' in m ? m.bytes : byteLength(m.key) + byteLength(m.value)) + RECORD_OVERHEAD_BYTES
      if (i > start && bytes + size > limit) {
        await this.request(kafkaTopic, records.slice(start, i))
        start = i
        bytes = 0
      }
      bytes += size
    }
    await this.request(kafkaTopic, records.slice(start))
  }

  /**
   * One produce request, acknowledged by all in-sync replicas. While the cluster is unavailable (a broker
   * restarting, leadership moving) it is retried until it goes through, until close() gives up on it:
   * the publish stays pending, which is backpressure on the producer. The idempotent producer makes the
   * retries safe: the broker drops a batch it already has.
   */
  private async request(kafkaTopic: string, records: Array<Message | EncodedRecord>): Promise<void> {
    await retryRetriable(
      async () => {
        await this.connect()
        await this.producer.send({
          topic: kafkaTopic,
          acks: -1,
          messages: records,
          ...(this.o.compression === 'gzip' && { compression: CompressionTypes.GZIP }),
        })
      },
      {
        attempts: Number.POSITIVE_INFINITY,
        firstDelayMs: 100,
        maxDelayMs: 5000,
        giveUp: () => this.closing && this.closeDeadlinePassed,
        onRetry: (err, attempt, delayMs) =>
          this.log.warn({ err, attempt, retryInMs: delayMs, topic: kafkaTopic }, 'publish failed; retrying'),
      },
    )
  }
}

function byteLength(v: Buffer | string | null | undefined): number {
  if (v === null || v === undefined) return 0
  return typeof v === 'string' ? Buffer.byteLength(v) : v.length
}
