import type { BatchHandler, Topic } from '@ludex/schemas'
import { kafkaGroupId, kafkaTopicName } from './client.ts'
import { GroupActiveError, groupMembers, setGroupOffsets } from './group-offsets.ts'
import type { KafkaBus } from './kafka-bus.ts'
import type { RangeProgress } from './range-reader.ts'
import { retryRetriable } from './retry.ts'

/** A point in a topic: the first message at or after a time, or an offset on every partition. */
export type TopicPosition = { readonly time: number } | { readonly offset: number }

export interface ReplayRequest<T> {
  readonly topic: Topic<T>
  /** The bus group whose offsets are reset and which re-consumes. */
  readonly group: string
  readonly from: TopicPosition
  /** Exclusive end; default: the end of each partition when the replay starts. */
  readonly to?: TopicPosition
  readonly maxBatch: number
  readonly handler: BatchHandler<T>
  readonly onProgress?: (progress: RangeProgress) => void
}

export interface ReplayPartition {
  readonly partition: number
  /** The group's committed offset before the replay (null: never committed). */
  readonly before: number | null
  /** The range re-consumed, [from, to). */
  readonly from: number
  readonly to: number
  /** Where the group was left. */
  readonly after: number
}

export interface ReplaySummary {
  readonly topic: string
  readonly groupId: string
  readonly partitions: readonly ReplayPartition[]
  readonly records: number
  readonly handled: number
  readonly deadLettered: number
}

/**
 * `ludex replay`: resets a group's offsets on a topic to a time or offset, re-consumes up to `to` through
 * `handler` (as the group: same validation, dead letters and commits), then leaves the group where it
 * loses nothing: at max(before, to) when the replay started at or before the group's position, else back
 * at its old position (the range between was never consumed, so the group's own consumers still must).
 * Kafka only lets offsets of a group with no active member be reset, so its consumers must be stopped.
 */
export async function replayTopic<T>(bus: KafkaBus, request: ReplayRequest<T>): Promise<ReplaySummary> {
  const { topic, group } = request
  const admin = await bus.admin()
  const kafkaTopic = kafkaTopicName(bus.connection, topic.name)
  const groupId = kafkaGroupId(bus.connection, group, topic.name)
  const members = await groupMembers(admin, groupId)
  if (members > 0) throw new GroupActiveError(groupId, members)

  const bounds = new Map(
    (await retryRetriable(() => admin.fetchTopicOffsets(kafkaTopic))).map((o) => [
      o.partition,
      { low: Number(o.low), high: Number(o.high) },
    ]),
  )
  const positionOf = async (position: TopicPosition): Promise<Map<number, number>> => {
    const clamp = (p: number, v: number) => {
      const b = bounds.get(p)!
      return Math.min(Math.max(v, b.low), b.high)
    }
    if ('offset' in position) return new Map([...bounds.keys()].map((p) => [p, clamp(p, position.offset)]))
    const byTime = await retryRetriable(() => admin.fetchTopicOffsetsByTimestamp(kafkaTopic, position.time))
    return new Map(byTime.map((o) => [o.partition, clamp(o.partition, Number(o.offset))]))
  }
  const from = await positionOf(request.from)
  const to = request.to ? await positionOf(request.to) : new Map([...bounds].map(([p, b]) => [p, b.high]))
  const [committed] = await retryRetriable(() => admin.fetchOffsets({ groupId, topics: [kafkaTopic] }))
  const before = new Map<number, number | null>()
  for (const p of bounds.keys()) {
    const c = Number(committed?.partitions.find((x) => x.partition === p)?.offset ?? -1)
    before.set(p, c >= 0 ? c : null)
  }

  const setOffsets = (offsets: Map<number, number>) =>
    setGroupOffsets(
      bus.kafka,
      admin,
      groupId,
      kafkaTopic,
      [...offsets].map(([partition, offset]) => ({ partition, offset })),
    )
  const after = new Map<number, number>()
  for (const p of bounds.keys()) {
    const b = before.get(p) ?? null
    const start = from.get(p)!
    const end = Math.max(start, to.get(p)!)
    // Never-committed partitions are left at the oldest message, where the group would have started.
    after.set(p, b === null ? bounds.get(p)!.low : start <= b ? Math.max(b, end) : b)
  }

  let result = { records: 0, handled: 0, deadLettered: 0 }
  await setOffsets(from)
  try {
    const range = await bus.consumeRange(
      topic,
      {
        group,
        maxBatch: request.maxBatch,
        to: new Map([...to].map(([p, o]) => [p, BigInt(o)])),
        ...(request.onProgress && { onProgress: request.onProgress }),
      },
      request.handler,
    )
    result = range
  } finally {
    // Even a failed replay puts the group back where nothing it still had to read is skipped.
    await setOffsets(after)
  }
  return {
    topic: topic.name,
    groupId,
    partitions: [...bounds.keys()]
      .sort((a, b) => a - b)
      .map((p) => ({
        partition: p,
        before: before.get(p) ?? null,
        from: from.get(p)!,
        to: Math.max(from.get(p)!, to.get(p)!),
        after: after.get(p)!,
      })),
    records: result.records,
    handled: result.handled,
    deadLettered: result.deadLettered,
  }
}
