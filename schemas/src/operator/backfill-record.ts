import { z } from 'zod'

/**
 * What the store keeps about its history backfill (operator_state, key `backfill`), written by `ludex
 * run`'s first start and by `ludex backfill`, read at every start of `ludex run`: a finished one is not
 * done again, and one under way resumes with the older ranges it misses. Slots are epoch ms; the
 * range is [fromMs, toMs).
 */
export const backfillRecord = z.object({
  /** Days of history asked for; a fraction when `ludex backfill` or a test fills part of a day. */
  days: z.number().nonnegative(),
  fromMs: z.number(),
  toMs: z.number(),
  /** Snapshots generated so far (over every process that worked on it). */
  snapshots: z.number().int().nonnegative(),
  /** Set once the whole range is stored and rolled up. A record without progress is a finished one. */
  finishedAt: z.number().optional(),
  /**
   * A newest-first backfill under way: every slot of [doneFromMs, toMs) is stored and rolled up; the
   * older ones are still to come. Moves back a chunk at a time, once the chunk is visible.
   */
  doneFromMs: z.number().optional(),
  /** Where its first chunk, the newest days, begins: [recentFromMs, toMs). */
  recentFromMs: z.number().optional(),
  startedAt: z.number().optional(),
})
export type BackfillRecord = z.infer<typeof backfillRecord>
