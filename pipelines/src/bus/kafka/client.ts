import type { Config } from '@ludex/schemas'
import { Kafka, type LogEntry, logLevel } from 'kafkajs'
import type { Logger } from 'pino'

/** How to reach the cluster and how to name things in it. */
export interface KafkaConnection {
  /** Bootstrap brokers, `host:port`. */
  readonly brokers: readonly string[]
  readonly clientId: string
  /** Prepended to every topic name. */
  readonly topicPrefix: string
  /** Prepended to every consumer group. */
  readonly groupPrefix: string
  readonly logger: Logger
}

export class KafkaConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'KafkaConfigError'
  }
}

/** KAFKA_BROKERS as a list: comma- or space-separated `host:port`. */
export function parseBrokers(value: string): string[] {
  const brokers = value
    .split(/[\s,]+/)
    .map((b) => b.trim())
    .filter(Boolean)
  for (const b of brokers) {
    if (!/^[^\s:]+:\d{1,5}$/.test(b)) throw new KafkaConfigError(`KAFKA_BROKERS: '${b}' is not host:port`)
  }
  if (brokers.length === 0) throw new KafkaConfigError('KAFKA_BROKERS lists no broker')
  return brokers
}

export function kafkaConnection(config: Config, logger: Logger): KafkaConnection {
  if (!config.KAFKA_BROKERS) throw new KafkaConfigError('KAFKA_BROKERS is not set')
  return {
    brokers: parseBrokers(config.KAFKA_BROKERS),
    clientId: config.KAFKA_CLIENT_ID,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    groupPrefix: config.KAFKA_GROUP_PREFIX,
    logger,
  }
}

/** The Kafka topic a bus topic lives in. */
export function kafkaTopicName(connection: Pick<KafkaConnection, 'topicPrefix'>, topicName: string): string {
  return `${connection.topicPrefix}${topicName}`
}

/**
 * The Kafka consumer group of a bus group on one topic. Each topic gets its own group so a
 * subscription's rebalances never touch another topic's consumers (and kafkajs' assigners, which ignore
 * per-member subscriptions, can never hand one topic's partitions to another topic's handler).
 */
export function kafkaGroupId(
  connection: Pick<KafkaConnection, 'groupPrefix'>,
  group: string,
  topicName: string,
): string {
  return `${connection.groupPrefix}${group}.${topicName}`
}

const pinoLevelOf: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
}

function kafkaLevelOf(logger: Logger): logLevel {
  switch (logger.level) {
    case 'silent':
      return logLevel.NOTHING
    case 'fatal':
    case 'error':
      return logLevel.ERROR
    case 'warn':
      return logLevel.WARN
    case 'info':
      return logLevel.INFO
    default:
      return logLevel.DEBUG
  }
}

/** A kafkajs client logging through our pino logger. */
export function createKafkaClient(connection: KafkaConnection): Kafka {
  const log = connection.logger.child({ component: 'kafkajs' })
  return new Kafka({
    clientId: connection.clientId,
    brokers: [...connection.brokers],
    logLevel: kafkaLevelOf(connection.logger),
    logCreator:
      () =>
      ({ namespace, level, log: entry }: LogEntry) => {
        const { message, timestamp: _timestamp, logger: _logger, ...rest } = entry
        log[pinoLevelOf[level] ?? 'debug']({ namespace, ...rest }, message)
      },
  })
}
