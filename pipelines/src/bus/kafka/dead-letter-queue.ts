import { randomUUID } from 'node:crypto'
import { type DeadLetterV1, type Topic, topics } from '@ludex/schemas'
import { describeIssues } from '../dead-letter-handler.ts'
import { kafkaGroupId, kafkaTopicName } from './client.ts'
import { setGroupOffsets } from './group-offsets.ts'
import type { KafkaBus } from './kafka-bus.ts'
import type { RangeProgress } from './range-reader.ts'
import { retryRetriable } from './retry.ts'
import { dataTopics } from './topics.ts'

/** The group `ludex dlq retry` keeps its place in the dead-letter topic with. */
export const DLQ_RETRY_GROUP = 'dlq-retry'

async function endOf(bus: KafkaBus): Promise<Map<number, bigint>> {
  const admin = await bus.admin()
  const kafkaTopic = kafkaTopicName(bus.connection, topics.deadLetter.name)
  const offsets = await retryRetriable(() => admin.fetchTopicOffsets(kafkaTopic))
  return new Map(offsets.map((o) => [o.partition, BigInt(o.high)]))
}

/** Reads the whole dead-letter topic (as a throwaway group, deleted after), oldest first. */
export async function listDeadLetters(
  bus: KafkaBus,
  options: { readonly topic?: string; readonly onProgress?: (p: RangeProgress) => void } = {},
): Promise<DeadLetterV1[]> {
  const group = `dlq-list-${randomUUID()}`
  const letters: DeadLetterV1[] = []
  try {
    await bus.consumeRange(
      topics.deadLetter,
      {
        group,
        maxBatch: 10_000,
        to: await endOf(bus),
        ...(options.onProgress && { onProgress: options.onProgress }),
      },
      async (batch) => {
        for (const l of batch) if (!options.topic || l.topic === options.topic) letters.push(l)
      },
    )
  } finally {
    const admin = await bus.admin()
    const groupId = kafkaGroupId(bus.connection, group, topics.deadLetter.name)
    await admin.deleteGroups([groupId]).catch(() => undefined)
  }
  return letters.sort((a, b) => a.failed_at - b.failed_at)
}

export interface DeadLetterRetrySummary {
  /** Dead letters read (those not retried before, or all with fromBeginning). */
  readonly read: number
  /** Valid now, published again to their topic. */
  readonly republished: number
  /** Still refused by their topic's schema (or of an unknown topic); left in the dead-letter topic. */
  readonly stillInvalid: number
  readonly byTopic: Readonly<Record<string, { republished: number; stillInvalid: number }>>
  /** One reason per still-invalid letter, for the operator. */
  readonly reasons: readonly string[]
}

/**
 * `ludex dlq retry`: validates each dead letter's payload against its topic's schema as it is now (after
 * a fix, a schema that accepts it) and publishes the valid ones to their topic again; the others stay in
 * the dead-letter topic. Progress is kept by the group `dlq-retry`, so a letter is retried once;
 * fromBeginning reconsiders every retained letter. dryRun only counts (and keeps no progress).
 */
export async function retryDeadLetters(
  bus: KafkaBus,
  options: {
    readonly fromBeginning?: boolean
    readonly dryRun?: boolean
    readonly onProgress?: (p: RangeProgress) => void
  } = {},
): Promise<DeadLetterRetrySummary> {
  const group = options.dryRun ? `dlq-dry-run-${randomUUID()}` : DLQ_RETRY_GROUP
  const admin = await bus.admin()
  const kafkaTopic = kafkaTopicName(bus.connection, topics.deadLetter.name)
  const groupId = kafkaGroupId(bus.connection, group, topics.deadLetter.name)
  if (options.fromBeginning && !options.dryRun) {
    const offsets = await retryRetriable(() => admin.fetchTopicOffsets(kafkaTopic))
    await setGroupOffsets(
      bus.kafka,
      admin,
      groupId,
      kafkaTopic,
      offsets.map((o) => ({ partition: o.partition, offset: BigInt(o.low) })),
    )
  }
  const byName = new Map<string, Topic<unknown>>(dataTopics.map((t) => [t.name, t]))
  const byTopic: Record<string, { republished: number; stillInvalid: number }> = {}
  const reasons: string[] = []
  let read = 0
  const count = (topic: string, field: 'republished' | 'stillInvalid', n = 1) => {
    byTopic[topic] ??= { republished: 0, stillInvalid: 0 }
    byTopic[topic][field] += n
  }
  try {
    await bus.consumeRange(
      topics.deadLetter,
      {
        group,
        maxBatch: 1000,
        to: await endOf(bus),
        ...(options.onProgress && { onProgress: options.onProgress }),
      },
      async (batch) => {
        const valid = new Map<Topic<unknown>, unknown[]>()
        for (const letter of batch) {
          read++
          const topic = byName.get(letter.topic)
          if (!topic) {
            count(letter.topic, 'stillInvalid')
            reasons.push(`${letter.topic} key ${letter.key}: not a topic of this version`)
            continue
          }
          let payload: unknown
          try {
            payload = JSON.parse(letter.payload)
          } catch {
            payload = letter.payload
          }
          const parsed = topic.schema.safeParse(payload)
          if (!parsed.success) {
            count(letter.topic, 'stillInvalid')
            reasons.push(`${letter.topic} key ${letter.key}: ${describeIssues(parsed.error.issues)}`)
            continue
          }
          valid.set(topic, [...(valid.get(topic) ?? []), parsed.data])
        }
        for (const [topic, messages] of valid) {
          // Published before the chunk's offset is committed: a crash here retries, never drops.
          if (!options.dryRun) await bus.publish(topic, messages)
          count(topic.name, 'republished', messages.length)
        }
      },
    )
  } finally {
    if (options.dryRun) await admin.deleteGroups([groupId]).catch(() => undefined)
  }
  const republished = Object.values(byTopic).reduce((n, t) => n + t.republished, 0)
  return { read, republished, stillInvalid: read - republished, byTopic, reasons }
}
