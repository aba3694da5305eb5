import type { Job } from 'bullmq'
import { z } from 'zod'
import { alignedAtOrBefore, type JobSchedule } from '../scheduler.ts'

/**
 * What a job in the queue is, carried in its data as `kind` (the job's name is always the registered
 * job's name): an occurrence of a schedule, one part of a fan-out occurrence, or the completion that
 * runs once every part has ended.
 */
export const jobData = z.preprocess(
  // The job schedulers of a version without `kind` made occurrences with empty data.
  (data) => (data && typeof data === 'object' && !('kind' in data) ? { ...data, kind: 'occurrence' } : data),
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('occurrence') }),
    z.object({
      kind: z.literal('part'),
      scheduledFor: z.number().int(),
      index: z.number().int().min(0),
      part: z.unknown(),
    }),
    z.object({ kind: z.literal('complete'), scheduledFor: z.number().int(), parts: z.number().int().min(0) }),
  ]),
)
export type JobData = z.infer<typeof jobData>

/** The data of a job scheduler's template: each occurrence it makes carries it. */
export const OCCURRENCE_DATA: JobData = { kind: 'occurrence' }

/** BullMQ ids may not contain ':' (it separates the parts of its keys); job names may. */
export function schedulerIdOf(name: string): string {
  return name.replaceAll(':', '.')
}

/**
 * The slot an occurrence runs for. BullMQ names each occurrence `repeat:<scheduler id>:<millis>`, the
 * millis being its planned time, which stays with the job through retries and stalls; aligning it to
 * the interval also covers a first run clamped to "now".
 */
export function scheduledForOf(job: Pick<Job, 'id' | 'timestamp'>, def: JobSchedule): number {
  const millis = Number(job.id?.slice(job.id.lastIndexOf(':') + 1))
  const planned = Number.isSafeInteger(millis) && millis > 0 ? millis : job.timestamp
  return alignedAtOrBefore(planned, def.everyMs, def.offsetMs ?? 0)
}

const PART_SUFFIX = '-part-'

/**
 * Ids of one fan-out occurrence's jobs, derived from its slot: a retried or recovered occurrence finds
 * its flow already there and adds nothing.
 */
export function fanOutJobIds(name: string, scheduledFor: number) {
  const base = `${schedulerIdOf(name)}-${scheduledFor}`
  return { complete: `${base}-complete`, part: (index: number) => `${base}${PART_SUFFIX}${index}` }
}

/** The part index of a child job's key (`<prefix>:<queue>:<id>`, the id made by `fanOutJobIds`). */
export function partIndexOfKey(key: string): number {
  return Number(key.slice(key.lastIndexOf(PART_SUFFIX) + PART_SUFFIX.length))
}

/** The job id of a child job's key: the ids `fanOutJobIds` makes hold no ':'. */
export function jobIdOfKey(key: string): string {
  return key.slice(key.lastIndexOf(':') + 1)
}
