import type { FlowProducer, Job } from 'bullmq'
import type { Logger } from 'pino'
import {
  type FanOutJobDefinition,
  type JobContext,
  type PartOutcome,
  PartOverranError,
} from '../scheduler.ts'
import { fanOutJobIds, type JobData, jobData, jobIdOfKey, partIndexOfKey } from './job-data.ts'
import type { ResolvedBullmqOptions } from './options.ts'

// Parts and results are JSON that crossed Redis; the definitions are typed by their registrants.
export type AnyFanOut = FanOutJobDefinition<unknown, unknown>

/**
 * One occurrence of a fan-out: split, then a BullMQ flow of one child job per part (each retried on its
 * own, run by any worker) under a completion job BullMQ starts once every child has ended.
 */
export async function startFanOut(
  flows: FlowProducer,
  options: Pick<ResolvedBullmqOptions, 'queueName' | 'jobOptions'>,
  def: AnyFanOut,
  ctx: JobContext,
): Promise<void> {
  const parts = await def.split(ctx)
  if (parts.length === 0) {
    await def.complete([], ctx)
    return
  }
  const ids = fanOutJobIds(def.name, ctx.scheduledFor)
  const complete: JobData = { kind: 'complete', scheduledFor: ctx.scheduledFor, parts: parts.length }
  await flows.add({
    name: def.name,
    queueName: options.queueName,
    data: complete,
    opts: { ...options.jobOptions, jobId: ids.complete },
    children: parts.map((part, index) => ({
      name: def.name,
      queueName: options.queueName,
      data: { kind: 'part', scheduledFor: ctx.scheduledFor, index, part } satisfies JobData,
      // A part that fails for good is reported to the completion job instead of blocking it.
      opts: { ...options.jobOptions, jobId: ids.part(index), ignoreDependencyOnFailure: true },
    })),
  })
}

/** Reads a job back from the queue by id (undefined once its record is gone). */
export type JobReader = (id: string) => Promise<Pick<Job, 'data'> | undefined>

/** The data of a failed child, read back from Redis. */
async function partOf(read: JobReader, key: string): Promise<unknown> {
  const data = jobData.safeParse((await read(jobIdOfKey(key)))?.data)
  return data.success && data.data.kind === 'part' ? data.data.part : undefined
}

/**
 * The completion job: every part's result or final error, in part order, handed to `complete`; a
 * failed part with its data and whether it overran (its final error is PartOverranError's).
 */
export async function completeFanOut(
  def: AnyFanOut,
  job: Job,
  ctx: JobContext,
  parts: number,
  logger: Logger,
  read: JobReader,
): Promise<void> {
  const values = await job.getChildrenValues<unknown>()
  const failures = await job.getIgnoredChildrenFailures()
  const outcomes: PartOutcome<unknown>[] = []
  for (const [key, result] of Object.entries(values))
    outcomes.push({ index: partIndexOfKey(key), ok: true, result })
  for (const [key, error] of Object.entries(failures)) {
    const part = await partOf(read, key)
    outcomes.push({
      index: partIndexOfKey(key),
      ok: false,
      error,
      overran: PartOverranError.isMessage(error),
      ...(part !== undefined && { part }),
    })
  }
  outcomes.sort((a, b) => a.index - b.index)
  if (outcomes.length !== parts) {
    logger.warn(
      { job: def.name, expected: parts, got: outcomes.length },
      'fan-out completed with parts missing',
    )
  }
  await def.complete(outcomes, ctx)
}
