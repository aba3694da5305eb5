import type { ClickHouseClient } from '@clickhouse/client'
import { topics } from '@ludex/schemas'
import type { Logger } from 'pino'
import {
  followInsertLog,
  type InsertLogFollower,
  insertLogGapAfter,
  type LoggedInsert,
  readInsertLogCursor,
  writeInsertLogCursor,
} from '../insert-log/index.ts'
import { type Clock, createMaterialiser, type Materialiser } from './materialiser.ts'
import type { SlotRange } from './rollups.ts'

export interface ResumeMaterialiserOptions {
  readonly client: ClickHouseClient
  readonly logger: Logger
  readonly clock: Clock
  /** How often the insert log is read (INSERT_LOG_POLL_MS); a nudge reads sooner. */
  readonly pollMs: number
  /** Debounce of the materialiser (default its own, 2 s). */
  readonly debounceMs?: number
  /** The follower's re-read window for rows visible late (default its own, 30 s). */
  readonly overlapMs?: number
  /** Each logged insert handed to the materialiser (metrics). */
  readonly onInsert?: (insert: LoggedInsert) => void
  /** After each read of the log: new rows, or the error (readiness). */
  readonly onPoll?: (result: { rows: number } | { error: unknown }) => void
  /** After each range whose rollups were recomputed (createMaterialiser's onRecomputed). */
  readonly onRecomputed?: (range: SlotRange) => void
}

export interface ResumedMaterialiser {
  readonly materialiser: Materialiser
  /** Where it resumed: the stored cursor (null on a store that never had one). */
  readonly resumedFrom: number | null
  /** Logged inserts the first read found (what the materialiser had to catch up on). */
  readonly caughtUp: number
  /** Reads the log now: a sink in this process just logged a batch. */
  nudge(): void
  /**
   * Reads the log as it is now and recomputes everything found; resolves when done, rejects if a
   * read or recompute fails (tests; an operator's "materialise now").
   */
  catchUp(): Promise<void>
  /** Dirty ranges not yet recomputed (the pending-ranges gauge). */
  pendingRanges(): number
  /**
   * Stops following after one last read of the log (stop this process's sink first), then recomputes
   * what is pending; the cursor follows.
   */
  stop(): Promise<void>
}

/**
 * The materialiser of a process, kept current from the insert log and resuming where it stopped. At
 * start it reads its cursor from operator_state and follows the log from there (the whole log when
 * there is none). If the row at the cursor has left the log (its 7-day TTL), rows logged after it may
 * have gone too: it warns and recomputes every slot from the cursor's time to now, rather than stay
 * silently stale. After each successful recompute the cursor moves to the settled position (see
 * createMaterialiser), never past a range whose recompute failed.
 */
export async function resumeMaterialiser(options: ResumeMaterialiserOptions): Promise<ResumedMaterialiser> {
  const { client, logger, clock } = options
  const cursor = await readInsertLogCursor(client)
  const materialiser = createMaterialiser({
    client,
    logger,
    clock,
    ...(options.debounceMs !== undefined && { debounceMs: options.debounceMs }),
    ...(cursor !== null && { settledFrom: cursor }),
    onSettled: (position) => writeInsertLogCursor(client, position, clock.now()),
    ...(options.onRecomputed && { onRecomputed: options.onRecomputed }),
  })
  if (cursor !== null && (await insertLogGapAfter(client, cursor))) {
    const now = clock.now()
    logger.warn(
      { cursor: new Date(cursor).toISOString(), fromMs: cursor, toMs: now },
      'the insert log no longer holds the materialiser cursor (down longer than its retention): recomputing every slot since',
    )
    // Positioned at the cursor: it stays there until this span is recomputed.
    materialiser.markDirty(cursor, now, cursor)
  }
  const follower: InsertLogFollower = followInsertLog({
    client,
    logger: logger.child({ component: 'insert-log' }),
    pollMs: options.pollMs,
    from: cursor ?? 0,
    ...(options.overlapMs !== undefined && { overlapMs: options.overlapMs }),
    onInsert: (insert) => {
      // Game events touch only their daily counts; every other topic, every materialised table.
      const scope = insert.topic === topics.gameEvents.name ? 'events' : 'all'
      materialiser.markDirty(insert.minSlot, insert.maxSlot, insert.loggedAt, scope)
      options.onInsert?.(insert)
    },
    ...(options.onPoll && { onPoll: options.onPoll }),
  })
  let caughtUp: number
  try {
    caughtUp = await follower.poll()
  } catch (err) {
    await follower.stop()
    await materialiser.stop()
    throw err
  }
  logger.info(
    { resumedFrom: cursor === null ? null : new Date(cursor).toISOString(), caughtUp },
    'materialiser following the insert log',
  )
  return {
    materialiser,
    resumedFrom: cursor,
    caughtUp,
    nudge: () => follower.nudge(),
    catchUp: async () => {
      // A read in flight may have started before the caller's last insert: wait for it, read again.
      await follower.poll().catch(() => undefined)
      await follower.poll()
      await materialiser.runNow()
    },
    pendingRanges: () => materialiser.pendingRanges(),
    stop: async () => {
      await follower.stop()
      // One last read: what a sink of this process logged after the read in flight had started.
      await follower.poll().catch((err: unknown) => {
        logger.warn({ err }, 'last read of the insert log failed; the next start reads it from the cursor')
      })
      await materialiser.stop()
    },
  }
}
