import type { ClickHouseClient } from '@clickhouse/client'
import type { ReadinessCheck } from '@ludex/api'
import { resumeMaterialiser } from '@ludex/pipelines'
import type { RoleComponent, RoleContext } from './component.ts'

export interface SlotRange {
  readonly fromMs: number
  readonly toMs: number
}

export interface MaterialiserComponent extends RoleComponent {
  /**
   * A batch the sink of this process inserted. While a `deferWhile` runs, its range is gathered for
   * the one rebuild at the end and true comes back: the sink then leaves it out of the insert log.
   * Otherwise false: the sink logs it and `nudge`s.
   */
  hold(minSlot: number, maxSlot: number): boolean
  /** The sink of this process has just logged a batch: read the insert log now. */
  nudge(): void
  /**
   * Runs `work` with the ranges this process's sink inserts meanwhile gathered instead of logged and
   * recomputed, and returns them, so a backfill rebuilds its range once instead of after every batch.
   */
  deferWhile<T>(work: () => Promise<T>): Promise<{ result: T; range: SlotRange | null }>
  /**
   * Calls `listener` after each range this materialiser recomputes (the rollups landed): an API in this
   * process reads its hot reads' watermark again at once rather than within its recheck.
   */
  whenRecomputed(listener: () => void): void
}

export class MaterialiserDeferError extends Error {
  constructor() {
    super('the materialiser is already deferring its recomputes')
    this.name = 'MaterialiserDeferError'
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
  if (!options.followLog) return holdingOnly(ctx)
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

  const deferral = createDeferral((fromMs, toMs) => resumed.materialiser.markDirty(fromMs, toMs))
  return {
    hold: deferral.hold,
    nudge: () => resumed.nudge(),
    deferWhile: deferral.deferWhile,
    whenRecomputed: (listener) => {
      listeners.push(listener)
    },
    readiness: () => state,
    // Stop the sink of this process first: the stop reads the log once more, then recomputes what is
    // pending, so everything inserted is materialised before the store closes.
    stop: () => resumed.stop(),
  }
}

/**
 * A backfill-only process's materialiser: it gathers what its sink inserts during the backfill for the
 * one rebuild at the end; anything its sink inserts outside that goes to the insert log as usual, for
 * the materialiser that follows it.
 */
function holdingOnly(ctx: RoleContext): MaterialiserComponent {
  const deferral = createDeferral((fromMs, toMs) =>
    // Nothing here recomputes: a failed backfill leaves its range to the following materialiser.
    ctx.logger.warn({ fromMs, toMs }, 'backfill failed: its range is left for `ludex rebuild`'),
  )
  return {
    hold: deferral.hold,
    nudge: () => {},
    deferWhile: deferral.deferWhile,
    // It recomputes nothing itself (the backfill's one rebuild is the caller's).
    whenRecomputed: () => {},
    readiness: () => ({
      ok: true,
      detail: 'holds the backfill for one rebuild; not following the insert log',
    }),
    stop: async () => {},
  }
}

/** The gathering of ranges while a `deferWhile` runs; `release` takes a range a failed run leaves. */
function createDeferral(
  release: (fromMs: number, toMs: number) => void,
): Pick<MaterialiserComponent, 'hold' | 'deferWhile'> {
  let deferred: { range: SlotRange | null } | null = null
  return {
    hold(minSlot, maxSlot) {
      if (!deferred) return false
      const r = deferred.range
      deferred.range = r
        ? { fromMs: Math.min(r.fromMs, minSlot), toMs: Math.max(r.toMs, maxSlot) }
        : { fromMs: minSlot, toMs: maxSlot }
      return true
    },
    async deferWhile(work) {
      if (deferred) throw new MaterialiserDeferError()
      const holding: { range: SlotRange | null } = { range: null }
      deferred = holding
      try {
        const result = await work()
        return { result, range: holding.range }
      } catch (err) {
        // The caller will not rebuild: what was inserted is recomputed as usual.
        if (holding.range) release(holding.range.fromMs, holding.range.toMs)
        throw err
      } finally {
        deferred = null
      }
    },
  }
}
