import type { Config } from '@ludex/schemas'
import type { ConsumerConfig } from 'kafkajs'
import type { Logger } from 'pino'
import type { DeadLetterHandler } from '../dead-letter-handler.ts'
import { type BusRetryOptions, busRetryOptions, type RetryPolicy, retryPolicy } from '../delivery.ts'
import type { BusObserver } from '../observer.ts'
import { type KafkaConnection, kafkaConnection } from './client.ts'

export interface KafkaBusOptions extends KafkaConnection, BusRetryOptions {
  /**
   * Called with the dead letters of a batch after they were written to the dead-letter topic (the sink
   * role wires deadLetterWriter here to fill dead_letters too). A rejection retries, as a handler's does.
   */
  readonly onDeadLetter?: DeadLetterHandler
  /** Told of redeliveries and dead letters (metrics). */
  readonly observer?: BusObserver
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

/** The options createKafkaBus takes, from the configuration (KAFKA_* and BUS_* settings). */
export function kafkaBusOptions(
  config: Config,
  logger: Logger,
  extra: Pick<
    KafkaBusOptions,
    'onDeadLetter' | 'observer' | 'retryBackoffMs' | 'maxRetryBackoffMs' | 'maxAttempts' | 'now'
  > = {},
): KafkaBusOptions {
  return {
    ...kafkaConnection(config, logger),
    ...busRetryOptions(config),
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

/** What a pack needs in a produce request beyond its value (key, record and batch headers). */
const PACK_HEADROOM_BYTES = 4096

/** KafkaBusOptions with every default filled in, once, where the bus is made. */
export interface ResolvedKafkaBusOptions {
  readonly connection: KafkaConnection
  readonly policy: RetryPolicy
  readonly onDeadLetter: DeadLetterHandler | undefined
  readonly observer: BusObserver | undefined
  readonly batchesInFlight: number
  readonly fetchMaxBytes: number
  readonly fetchMaxBytesPerPartition: number
  readonly produceMaxBytes: number
  /** Already capped so that a pack fits a produce request. */
  readonly packMaxBytes: number
  readonly compression: 'none' | 'gzip'
  readonly sessionTimeoutMs: number
  readonly heartbeatIntervalMs: number
  readonly now: () => number
}

export function resolveKafkaBusOptions(o: KafkaBusOptions): ResolvedKafkaBusOptions {
  const produceMaxBytes = o.produceMaxBytes ?? 900_000
  return {
    connection: {
      brokers: o.brokers,
      clientId: o.clientId,
      topicPrefix: o.topicPrefix,
      groupPrefix: o.groupPrefix,
      logger: o.logger,
    },
    policy: retryPolicy(o),
    onDeadLetter: o.onDeadLetter,
    observer: o.observer,
    batchesInFlight: o.batchesInFlight ?? 2,
    fetchMaxBytes: o.fetchMaxBytes ?? 32 * 1024 * 1024,
    fetchMaxBytesPerPartition: o.fetchMaxBytesPerPartition ?? 8 * 1024 * 1024,
    produceMaxBytes,
    // A pack must fit a produce request with room for its record's key, headers and framing.
    packMaxBytes: Math.max(0, Math.min(o.packMaxBytes ?? 65_536, produceMaxBytes - PACK_HEADROOM_BYTES)),
    compression: o.compression ?? 'none',
    sessionTimeoutMs: o.sessionTimeoutMs ?? 30_000,
    heartbeatIntervalMs: o.heartbeatIntervalMs ?? 3000,
    now: o.now ?? Date.now,
  }
}

/** The kafkajs consumer settings every consumer of the bus shares (subscriptions and range reads). */
export function consumerConfig(
  o: ResolvedKafkaBusOptions,
  groupId: string,
  fetch: Pick<ConsumerConfig, 'minBytes' | 'maxWaitTimeInMs'>,
): ConsumerConfig {
  return {
    groupId,
    allowAutoTopicCreation: false,
    sessionTimeout: o.sessionTimeoutMs,
    heartbeatInterval: o.heartbeatIntervalMs,
    maxBytes: o.fetchMaxBytes,
    maxBytesPerPartition: o.fetchMaxBytesPerPartition,
    ...fetch,
  }
}
