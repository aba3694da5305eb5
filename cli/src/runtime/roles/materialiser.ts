import type { ClickHouseClient } from '@clickhouse/client'
import type { ReadinessCheck } from '@ludex/api'
import { rebuild, resumeMaterialiser } from '@ludex/pipelines'
import type { RoleComponent, RoleContext } from './component.ts'
import { createDeferral, type Deferral, type SlotRange } from './materialiser-deferral.ts'

export type { SlotRange } from './materialiser-deferral.ts'

export interface MaterialiserComponent extends RoleComponent, Deferral {
  /** The sink of this process has just logged a batch: read the insert log now. */
  nudge(): void
  /**
   * Recomputes every materialised table for the slots [fromMs, toMs] and resolves once they are
   * stored: in a process that follows the insert log, one run of its materialiser (so it never races
   * the live recomputes); in a backfill-only process, a rebuild of the range.
   */
  recompute(range: SlotRange): Promise<void>
  /**
   * Calls `listener` after each range this materialiser recomputes (the rollups landed): an API in this
   * process reads its hot reads' watermark again at once rather than within its recheck.
   */
  whenRecomputed(listener: () => void): void
}

/** A recompute was asked of a materialiser that has stopped (shutdown began). */
export class MaterialiserStoppedError extends Error {
  constructor() {
    super('the materialiser has stopped')
    this.name = 'MaterialiserStoppedError'
  }
}

/**
 * The materialiser role: keeps rollups, genre series, movement and benchmarks current. It follows the
 * insert log every live sink writes (`INSERT_LOG_POLL_MS`, sooner when the sink of this process nudges
 * it), from a cursor kept in operator_state, so a restart resumes where it stopped however long it was
 * down; `ludex_materialiser_pending_ranges` shows what it has not recomputed yet.
 */
export async function startMaterialiserRole(
  ctx: RoleContext,
  options: {
    store: ClickHouseClient
    /**
     * false for a process that only publishes a backfill (`ludex backfill`): it rebuilds what it
     * inserted and never follows the insert log, whose cursor belongs to the deployed materialiser.
     */
    followLog: boolean
  },
): Promise<MaterialiserComponent> {
  if (!options.followLog) return holdingOnly(ctx, options.store)
  const { config, logger, clock, metrics } = ctx
  let state: ReadinessCheck = { ok: false, detail: 'catching up on the insert log' }
  const listeners: (() => void)[] = []
  const resumed = await resumeMaterialiser({
    client: options.store,
    logger: logger.child({ component: 'materialiser' }),
    clock,
    pollMs: config.INSERT_LOG_POLL_MS,
    onInsert: () => metrics.markedDirty(),
    onRecomputed: () => {
      for (const listener of listeners) listener()
    },
    onPoll: (result) => {
      state =
        'error' in result
          ? { ok: false, detail: 'cannot read the insert log' }
          : { ok: true, detail: 'following the insert log' }
    },
  })
  metrics.watchMaterialiser(() => resumed.pendingRanges())
  state = { ok: true, detail: `following the insert log (${resumed.caughtUp} batches to catch up)` }

  const deferral = createDeferral((r) => resumed.materialiser.markDirty(r.fromMs, r.toMs))
  let stopped = false
  return {
    hold: deferral.hold,
    nudge: () => resumed.nudge(),
    deferWhile: deferral.deferWhile,
    async recompute(range) {
      // A stopped materialiser ignores new ranges: the caller must not take the range as recomputed.
      if (stopped) throw new MaterialiserStoppedError()
      resumed.materialiser.markDirty(range.fromMs, range.toMs)
      await resumed.materialiser.runNow()
    },
    whenRecomputed: (listener) => {
      listeners.push(listener)
    },
    readiness: () => state,
    // Stop the sink of this process first: the stop reads the log once more, then recomputes what is
    // pending, so everything inserted is materialised before the store closes.
    stop: () => {
      stopped = true
      return resumed.stop()
    },
  }
}

/**
 * A backfill-only process's materialiser: it gathers what its sink inserts during the backfill for the
 * one rebuild at the end; anything its sink inserts outside that goes to the insert log as usual, for
 * the materialiser that follows it.
 */
function holdingOnly(ctx: RoleContext, store: ClickHouseClient): MaterialiserComponent {
  const deferral = createDeferral((range) =>
    // Nothing here recomputes: a failed backfill leaves its range to the following materialiser.
    ctx.logger.warn(range, 'backfill failed: its range is left for `ludex rebuild`'),
  )
  return {
    hold: deferral.hold,
    nudge: () => {},
    deferWhile: deferral.deferWhile,
    recompute: (range) => rebuild(store, { ...range, now: ctx.clock.now() }),
    // No API shares a backfill-only process: nobody listens.
    whenRecomputed: () => {},
    readiness: () => ({
      ok: true,
      detail: 'holds the backfill for one rebuild; not following the insert log',
    }),
    stop: async () => {},
  }
}
