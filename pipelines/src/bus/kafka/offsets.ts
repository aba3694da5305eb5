import type { Admin } from 'kafkajs'
import { retryRetriable } from './retry.ts'

/** A topic's partitions with their first retained and next offsets. */
export type Offsets = Map<number, { low: bigint; high: bigint }>

export async function endOffsets(admin: Admin, kafkaTopic: string): Promise<Offsets> {
  const offsets = await retryRetriable(() => admin.fetchTopicOffsets(kafkaTopic))
  return new Map(offsets.map((o) => [o.partition, { low: BigInt(o.low), high: BigInt(o.high) }]))
}

/** Whether two readings of a topic's ends agree (nothing was written in between). */
export function sameOffsets(a: Offsets, b: Offsets): boolean {
  if (a.size !== b.size) return false
  for (const [p, o] of a) if (b.get(p)?.high !== o.high) return false
  return true
}

/** A group's committed offset per partition of a topic; -1 where it has committed nothing. */
export async function committedOffsets(
  admin: Admin,
  groupId: string,
  kafkaTopic: string,
): Promise<Map<number, bigint>> {
  const [committed] = await retryRetriable(() => admin.fetchOffsets({ groupId, topics: [kafkaTopic] }))
  return new Map(committed?.partitions.map((p) => [p.partition, BigInt(p.offset)]))
}

/** Whether a group has yet to commit up to `ends` (a group without a commit stands at the low end). */
export async function isBehind(admin: Admin, groupId: string, kafkaTopic: string, ends: Offsets) {
  const committed = await committedOffsets(admin, groupId, kafkaTopic)
  for (const [partition, { low, high }] of ends) {
    const c = committed.get(partition) ?? -1n
    if ((c >= 0n ? c : low) < high) return true
  }
  return false
}
