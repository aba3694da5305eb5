import type { Admin, Kafka } from 'kafkajs'
import { retryRetriable } from './retry.ts'

export class GroupActiveError extends Error {
  constructor(
    readonly groupId: string,
    readonly members: number,
    options?: { cause?: unknown },
  ) {
    super(
      `Consumer group ${groupId} has ${members} active member(s): stop its consumers (the sink role) first`,
      options,
    )
    this.name = 'GroupActiveError'
  }
}

/** Members of a group right now (0 for a group that is empty or does not exist). */
export async function groupMembers(admin: Admin, groupId: string): Promise<number> {
  const described = await retryRetriable(() => admin.describeGroups([groupId]))
  return described.groups[0]?.members.length ?? 0
}

/**
 * Commits offsets for a group that has no running member (Kafka refuses it otherwise). kafkajs' own
 * admin.setOffsets does the same through a consumer that then waits a full default fetch (5 s) before
 * leaving; this one joins, commits and leaves at once.
 */
export async function setGroupOffsets(
  kafka: Kafka,
  admin: Admin,
  groupId: string,
  kafkaTopic: string,
  offsets: ReadonlyArray<{ partition: number; offset: bigint | number }>,
): Promise<void> {
  const members = await groupMembers(admin, groupId)
  if (members > 0) throw new GroupActiveError(groupId, members)
  if (offsets.length === 0) return
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 50, allowAutoTopicCreation: false })
  await consumer.connect()
  try {
    await consumer.subscribe({ topics: [kafkaTopic], fromBeginning: true })
    // run() resolves once the consumer has joined the group, which a commit needs (its generation).
    await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: async () => {} })
    consumer.pause([{ topic: kafkaTopic }])
    await consumer.commitOffsets(
      offsets.map((o) => ({ topic: kafkaTopic, partition: o.partition, offset: String(o.offset) })),
    )
  } finally {
    await consumer.disconnect()
  }
}
