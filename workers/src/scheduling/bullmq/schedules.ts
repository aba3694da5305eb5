import type { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { type JobSchedule, nextAlignedAfter } from '../scheduler.ts'
import { OCCURRENCE_DATA, schedulerIdOf } from './job-data.ts'
import type { ResolvedBullmqOptions } from './options.ts'

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * The schedule half in Redis: one BullMQ job scheduler per planned job (`upsertJobScheduler`, every =
 * interval, first run on the next aligned boundary plus the offset, so every process computes the same
 * slots). Used only by a process with the schedule duty.
 */
export interface SchedulePlanner {
  /** Upserts every planned job, then removes the schedulers of jobs no longer planned. */
  syncAll(plans: Iterable<JobSchedule>): Promise<void>
  upsert(plan: JobSchedule): Promise<void>
  /** After a reconnect, upserts the plans again: a Redis that lost its data gets them back. */
  reupsertAfterReconnect(
    connection: Redis,
    plans: () => Iterable<JobSchedule>,
    track: (p: Promise<void>) => void,
  ): void
}

export function createSchedulePlanner(queue: Queue, options: ResolvedBullmqOptions): SchedulePlanner {
  const { logger, clock, jobOptions } = options

  const upsert = async (def: JobSchedule) => {
    const id = schedulerIdOf(def.name)
    const offset = def.offsetMs ?? 0
    // BullMQ keeps an existing scheduler's planned times on upsert; a new interval or offset starts afresh.
    const existing = await queue.getJobScheduler(id)
    if (existing && (existing.every !== def.everyMs || (existing.offset ?? 0) !== offset)) {
      await queue.removeJobScheduler(id)
      logger.info(
        { job: def.name, everyMs: def.everyMs, offsetMs: offset },
        'job schedule changed; its scheduler starts afresh',
      )
    }
    await queue.upsertJobScheduler(
      id,
      {
        every: def.everyMs,
        ...(offset > 0 ? { offset } : {}),
        // Only read when the scheduler is new (or its interval changed): the first run is on a boundary.
        startDate: nextAlignedAfter(clock.now(), def.everyMs, offset),
      },
      { name: def.name, data: OCCURRENCE_DATA, opts: jobOptions },
    )
  }

  const prune = async (plans: readonly JobSchedule[]) => {
    if (!options.pruneUnregistered) return
    const wanted = new Set(plans.map((d) => schedulerIdOf(d.name)))
    for (const existing of await queue.getJobSchedulers()) {
      const id = existing.id ?? existing.key
      if (!wanted.has(id)) {
        await queue.removeJobScheduler(id)
        logger.info({ scheduler: id }, 'removed the job scheduler of a job no longer registered')
      }
    }
  }

  return {
    upsert,
    async syncAll(plans) {
      const all = [...plans]
      for (const def of all) await upsert(def)
      await prune(all)
    },
    reupsertAfterReconnect(connection, plans, track) {
      // Upserting an existing scheduler keeps its next occurrence, so this is safe after any reconnect.
      let ready = true
      connection.on('close', () => {
        ready = false
      })
      connection.on('ready', () => {
        if (ready) return
        ready = true
        track(
          (async () => {
            for (const def of plans()) await upsert(def)
          })().catch((err) => logger.warn({ err: messageOf(err) }, 'could not re-upsert schedulers')),
        )
      })
    },
  }
}
