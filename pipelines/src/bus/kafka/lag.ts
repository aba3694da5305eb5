import type { Topic } from '@ludex/schemas'
import { kafkaGroupId, kafkaTopicName } from './client.ts'
import type { KafkaBus } from './kafka-bus.ts'
import { retryRetriable } from './retry.ts'

export interface PartitionLag {
  /** The bus topic name. */
  readonly topic: string
  readonly partition: number
  /** The group's committed offset (the next it reads), or null if it never committed on this partition. */
  readonly committed: number | null
  /** Oldest retained and next-to-be-written offsets. */
  readonly low: number
  readonly end: number
  /** Messages the group has still to read: end − committed (end − low when it never committed). */
  readonly lag: number
}

/** The lag of a bus group on each partition of the given topics. */
export async function consumerLag(
  bus: KafkaBus,
  group: string,
  topicList: ReadonlyArray<Topic<unknown>>,
): Promise<PartitionLag[]> {
  const admin = await bus.admin()
  const out: PartitionLag[] = []
  for (const topic of topicList) {
    const kafkaTopic = kafkaTopicName(bus.connection, topic.name)
    const groupId = kafkaGroupId(bus.connection, group, topic.name)
    const [offsets, committed] = await Promise.all([
      retryRetriable(() => admin.fetchTopicOffsets(kafkaTopic)),
      retryRetriable(() => admin.fetchOffsets({ groupId, topics: [kafkaTopic] })),
    ])
    for (const o of [...offsets].sort((a, b) => a.partition - b.partition)) {
      const c = Number(committed[0]?.partitions.find((p) => p.partition === o.partition)?.offset ?? -1)
      const low = Number(o.low)
      const end = Number(o.high)
      out.push({
        topic: topic.name,
        partition: o.partition,
        committed: c >= 0 ? c : null,
        low,
        end,
        lag: Math.max(0, end - (c >= 0 ? c : low)),
      })
    }
  }
  return out
}
