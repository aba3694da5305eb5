import {
  createKafkaClient,
  ensureTopics,
  kafkaConnection,
  kafkaTopicName,
  readDeadLetter,
  type StoredDeadLetter,
} from '@ludex/pipelines/kafka'
import { type Config, loadConfig } from '@ludex/schemas'
import type { Admin } from 'kafkajs'
import { pino } from 'pino'
import type { KafkaBroker } from '../harness/kafka-broker.ts'

export const silent = pino({ level: 'silent' })

let prefixes = 0
/** A configuration on the test broker with its own topics (a fresh prefix), created before returning. */
export async function freshTopics(
  broker: KafkaBroker,
  name: string,
  env: Record<string, string> = {},
): Promise<Config> {
  const config = loadConfig({
    KAFKA_BROKERS: broker.brokers,
    KAFKA_TOPIC_PREFIX: `${name}-${++prefixes}.`,
    KAFKA_TOPIC_PARTITIONS: '3',
    ...env,
  })
  await ensureTopics(config, silent)
  return config
}

export async function withAdmin<T>(config: Config, fn: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = createKafkaClient(kafkaConnection(config, silent)).admin()
  await admin.connect()
  try {
    return await fn(admin)
  } finally {
    await admin.disconnect()
  }
}

/** Sum of the end offsets of a bus topic's partitions: how many records it holds (nothing expires here). */
export async function recordCount(config: Config, topicName: string): Promise<number> {
  return withAdmin(config, async (admin) => {
    const offsets = await admin.fetchTopicOffsets(kafkaTopicName(kafkaConnection(config, silent), topicName))
    return offsets.reduce((n, o) => n + Number(o.high) - Number(o.low), 0)
  })
}

/** Every record of the dead-letter topic, read with a throwaway group up to the current end. */
export async function readDeadLetterTopic(config: Config): Promise<StoredDeadLetter[]> {
  const kafka = createKafkaClient(kafkaConnection(config, silent))
  const topic = kafkaTopicName(kafkaConnection(config, silent), 'dead-letter.v1')
  const total = await recordCount(config, 'dead-letter.v1')
  const out: StoredDeadLetter[] = []
  if (total === 0) return out
  const consumer = kafka.consumer({
    groupId: `test-reader-${Date.now()}-${Math.random()}`,
    maxWaitTimeInMs: 50,
  })
  await consumer.connect()
  await consumer.subscribe({ topics: [topic], fromBeginning: true })
  await new Promise<void>((resolve) => {
    void consumer.run({
      eachMessage: async ({ message }) => {
        const letter = readDeadLetter(message)
        if (letter) out.push(letter)
        if (out.length >= total) resolve()
      },
    })
  })
  await consumer.disconnect()
  return out
}
