import { createKafkaBus, type KafkaBus, KafkaConfigError, kafkaBusOptions } from '@ludex/pipelines/kafka'
import type { Config } from '@ludex/schemas'
import type { Logger } from 'pino'

/** The Kafka bus an operator command works with; the command names itself in the error without KAFKA_BROKERS. */
export function operatorBus(command: string, config: Config, logger: Logger): KafkaBus {
  if (!config.KAFKA_BROKERS) {
    throw new KafkaConfigError(
      `ludex ${command} works on Kafka: set KAFKA_BROKERS (host:port, comma-separated)`,
    )
  }
  return createKafkaBus(kafkaBusOptions(config, logger))
}

/** A bus topic by its name (e.g. snapshots.v1), or an error listing the names. */
export function topicNamed<T extends { name: string }>(list: readonly T[], name: string): T {
  const topic = list.find((t) => t.name === name)
  if (!topic)
    throw new KafkaConfigError(`unknown topic '${name}': one of ${list.map((t) => t.name).join(', ')}`)
  return topic
}
