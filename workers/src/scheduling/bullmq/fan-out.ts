import type { FlowProducer, Job } from 'bullmq'
import type { Logger } from 'pino'
import type { FanOutJobDefinition, JobContext, PartOutcome } from '../scheduler.ts'
import { fanOutJobIds, type JobData, partIndexOfKey } from './job-data.ts'
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

/** The completion job: every part's result or final error, in part order, handed to `complete`. */
export async function completeFanOut(
  def: AnyFanOut,
  job: Job,
  ctx: JobContext,
  parts: number,
  logger: Logger,
): Promise<void> {
  const values = await job.getChildrenValues<unknown>()
  const failures = await job.getIgnoredChildrenFailures()
  const outcomes: PartOutcome<unknown>[] = []
  for (const [key, result] of Object.entries(values))
    outcomes.push({ index: partIndexOfKey(key), ok: true, result })
  for (const [key, error] of Object.entries(failures))
    outcomes.push({ index: partIndexOfKey(key), ok: false, error })
  outcomes.sort((a, b) => a.index - b.index)
  if (outcomes.length !== parts) {
    logger.warn(
      { job: def.name, expected: parts, got: outcomes.length },
      'fan-out completed with parts missing',
    )
  }
  await def.complete(outcomes, ctx)
}
