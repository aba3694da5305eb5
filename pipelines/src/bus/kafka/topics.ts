import { type Config, type Topic, topics } from '@ludex/schemas'
import type { Admin, ConfigResourceTypes } from 'kafkajs'
import type { Logger } from 'pino'
import { createKafkaClient, type KafkaConnection, kafkaConnection, kafkaTopicName } from './client.ts'
import { retryRetriable } from './retry.ts'

/**
 * ConfigResourceTypes.TOPIC (2 in the protocol): kafkajs builds its exports object in a way Node's ESM
 * loader cannot see into for this name, so only the type is imported.
 */
const TOPIC_RESOURCE = 2 as ConfigResourceTypes

/**
 * The bus topics a deployment needs in Kafka: every message kind and the dead-letter topic. Listed as
 * Topic<unknown> (the cast drops each one's message type, which a list of different topics cannot keep):
 * handlers get the message type back from the topic they subscribe.
 */
export const busTopics = Object.values(topics) as unknown as ReadonlyArray<Topic<unknown>>
/** The topics that carry data (every one but the dead-letter topic). */
export const dataTopics = busTopics.filter((t) => t.name !== topics.deadLetter.name)

export interface TopicSettings {
  readonly partitions: number
  /** Unset: the brokers' default.replication.factor. */
  readonly replicationFactor?: number
  readonly retentionMs: number
  readonly deadLetterRetentionMs: number
}

export function topicSettings(config: Config): TopicSettings {
  return {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    ...(config.KAFKA_REPLICATION_FACTOR !== undefined && {
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    }),
    retentionMs: config.KAFKA_RETENTION_MS,
    deadLetterRetentionMs: config.KAFKA_DLQ_RETENTION_MS,
  }
}

export interface EnsureTopicsResult {
  readonly created: string[]
  /** Topics whose partitions were raised or whose retention was changed. */
  readonly updated: string[]
  readonly unchanged: string[]
}

export class KafkaTopicsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'KafkaTopicsError'
  }
}

/**
 * Creates the bus topics that are missing, with the configured partitions and retention, and brings
 * existing ones up to it: partitions are raised (never lowered: Kafka cannot, and keys would move),
 * retention.ms is set when it differs. Idempotent; `ludex migrate` runs it when KAFKA_BROKERS is set.
 */
export async function ensureTopicsWith(
  admin: Admin,
  connection: Pick<KafkaConnection, 'topicPrefix' | 'logger'>,
  settings: TopicSettings,
): Promise<EnsureTopicsResult> {
  const log = connection.logger.child({ component: 'kafka-topics' })
  const wanted = busTopics.map((t) => ({
    name: kafkaTopicName(connection, t.name),
    retentionMs: t.name === topics.deadLetter.name ? settings.deadLetterRetentionMs : settings.retentionMs,
  }))
  const existing = new Set(await admin.listTopics())
  const result: EnsureTopicsResult = { created: [], updated: [], unchanged: [] }
  const missing = wanted.filter((w) => !existing.has(w.name))
  if (missing.length > 0) {
    try {
      await admin.createTopics({
        // Waited for below: kafkajs' own wait stops at the first "unknown topic" answer.
        waitForLeaders: false,
        topics: missing.map((w) => ({
          topic: w.name,
          numPartitions: settings.partitions,
          replicationFactor: settings.replicationFactor ?? -1,
          configEntries: [
            { name: 'retention.ms', value: String(w.retentionMs) },
            { name: 'cleanup.policy', value: 'delete' },
          ],
        })),
      })
      await waitForLeaders(
        admin,
        missing.map((w) => w.name),
      )
    } catch (cause) {
      throw new KafkaTopicsError(`creating topics ${missing.map((w) => w.name).join(', ')} failed`, { cause })
    }
    result.created.push(...missing.map((w) => w.name))
  }
  const present = wanted.filter((w) => existing.has(w.name))
  if (present.length === 0) return result
  const metadata = await admin.fetchTopicMetadata({ topics: present.map((w) => w.name) })
  const configs = await admin.describeConfigs({
    includeSynonyms: false,
    resources: present.map((w) => ({
      type: TOPIC_RESOURCE,
      name: w.name,
      configNames: ['retention.ms'],
    })),
  })
  for (const w of present) {
    let changed = false
    const partitions = metadata.topics.find((t) => t.name === w.name)?.partitions.length ?? 0
    if (partitions < settings.partitions) {
      log.warn(
        { topic: w.name, from: partitions, to: settings.partitions },
        'raising partitions: keys hash to new partitions from now on (order per key holds for new messages)',
      )
      await admin.createPartitions({ topicPartitions: [{ topic: w.name, count: settings.partitions }] })
      changed = true
    } else if (partitions > settings.partitions) {
      log.warn(
        { topic: w.name, partitions, configured: settings.partitions },
        'topic has more partitions than configured; left as is',
      )
    }
    const retention = configs.resources
      .find((r) => r.resourceName === w.name)
      ?.configEntries.find((e) => e.configName === 'retention.ms')?.configValue
    if (retention !== String(w.retentionMs)) {
      await admin.alterConfigs({
        validateOnly: false,
        resources: [
          {
            type: TOPIC_RESOURCE,
            name: w.name,
            configEntries: [
              { name: 'retention.ms', value: String(w.retentionMs) },
              { name: 'cleanup.policy', value: 'delete' },
            ],
          },
        ],
      })
      changed = true
    }
    ;(changed ? result.updated : result.unchanged).push(w.name)
  }
  log.info(result, 'kafka topics ensured')
  return result
}

/** A created topic whose partitions do not all have a leader yet (retriable, like the protocol's own). */
class LeadersPendingError extends Error {
  readonly retriable = true
  constructor(readonly topics: readonly string[]) {
    super(`no leader yet for every partition of ${topics.join(', ')}`)
    this.name = 'LeadersPendingError'
  }
}

/**
 * Waits until every partition of the new topics has a leader that answers, so the first publish (or
 * offset read) does not fail. A
 * broker answers "unknown topic" for a moment after creating one, longer the more partitions it holds
 * (the Kafka contract suite's twelfth set of topics met it every time), and kafkajs' createTopics wait
 * gives up at the first such answer; this retries it like any retriable error, for up to ~30 s.
 */
async function waitForLeaders(admin: Admin, names: readonly string[]): Promise<void> {
  await retryRetriable(
    async () => {
      const { topics: found } = await admin.fetchTopicMetadata({ topics: [...names] })
      const pending = found.filter((t) => t.partitions.length === 0 || t.partitions.some((p) => p.leader < 0))
      if (pending.length > 0 || found.length < names.length) {
        throw new LeadersPendingError(pending.length > 0 ? pending.map((t) => t.name) : names)
      }
      // A leader in the metadata can still answer "not the leader" to a ListOffsets for a moment (seen in
      // the packing tests): the topics are ready once every partition answers one. Its error is retriable.
      for (const name of names) await admin.fetchTopicOffsets(name)
    },
    { attempts: 60, firstDelayMs: 50, maxDelayMs: 500 },
  )
}

/** ensureTopicsWith over a fresh admin connection from the configuration. */
export async function ensureTopics(config: Config, logger: Logger): Promise<EnsureTopicsResult> {
  const connection = kafkaConnection(config, logger)
  const admin = createKafkaClient(connection).admin()
  await admin.connect()
  try {
    return await ensureTopicsWith(admin, connection, topicSettings(config))
  } finally {
    await admin.disconnect()
  }
}
