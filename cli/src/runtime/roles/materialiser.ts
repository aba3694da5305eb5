import type { ClickHouseClient } from '@clickhouse/client'
import type { ReadinessCheck } from '@ludex/api'
import { createMaterialiser, followInsertLog, type InsertLogFollower } from '@ludex/pipelines'
import type { RoleComponent, RoleContext } from './component.ts'

const RECENT_RECOMPUTE_MS = 86_400_000

export interface SlotRange {
  readonly fromMs: number
  readonly toMs: number
}

export interface MaterialiserComponent extends RoleComponent {
  /** A slot range the sink of this process inserted (when it feeds the materialiser directly). */
  inserted(minSlot: number, maxSlot: number): void
  /**
   * Runs `work` with recomputes held back: the ranges inserted meanwhile, by this process's sink or
   * logged by any sink, are gathered instead of recomputed and returned, so a backfill rebuilds its range
   * once instead of after every batch. Ranges logged during `work` are read before it returns.
   */
  deferWhile<T>(work: () => Promise<T>): Promise<{ result: T; range: SlotRange | null }>
}

export class MaterialiserDeferError extends Error {
  constructor() {
    super('the materialiser is already deferring its recomputes')
    this.name = 'MaterialiserDeferError'
  }
}

/**
 * The materialiser role: keeps rollups, genre series, movement and benchmarks current. Fed directly by
 * the sink in this process on the in-process bus, otherwise by following the insert log every sink
 * writes (`INSERT_LOG_POLL_MS`), so it can run in any process.
 */
export async function startMaterialiserRole(
  ctx: RoleContext,
  options: { store: ClickHouseClient; fedBySink: boolean },
): Promise<MaterialiserComponent> {
  const { config, logger, clock, metrics } = ctx
  const materialiser = createMaterialiser({
    client: options.store,
    logger: logger.child({ component: 'materialiser' }),
    clock,
  })
  let deferred: { range: SlotRange | null } | null = null
  const feed = (minSlot: number, maxSlot: number, source: 'sink' | 'insert-log') => {
    metrics.markedDirty(source)
    if (!deferred) {
      materialiser.markDirty(minSlot, maxSlot)
      return
    }
    const r = deferred.range
    deferred.range = r
      ? { fromMs: Math.min(r.fromMs, minSlot), toMs: Math.max(r.toMs, maxSlot) }
      : { fromMs: minSlot, toMs: maxSlot }
  }

  let follower: InsertLogFollower | null = null
  let state: ReadinessCheck
  if (options.fedBySink) {
    // A crash may have stopped the process between an insert and its rollup run: recompute the last day.
    materialiser.markDirty(clock.now() - RECENT_RECOMPUTE_MS, clock.now())
    state = { ok: true, detail: 'fed by the sink in this process' }
  } else {
    const following = followInsertLog({
      client: options.store,
      logger: logger.child({ component: 'insert-log' }),
      pollMs: config.INSERT_LOG_POLL_MS,
      now: () => clock.now(),
      onInsert: (insert) => feed(insert.minSlot, insert.maxSlot, 'insert-log'),
      onPoll: (result) => {
        state =
          'error' in result
            ? { ok: false, detail: 'cannot read the insert log' }
            : { ok: true, detail: 'following the insert log' }
      },
    })
    follower = following
    try {
      const caughtUp = await following.poll()
      state = { ok: true, detail: `following the insert log (${caughtUp} batches to catch up)` }
    } catch (err) {
      await following.stop()
      await materialiser.stop()
      throw err
    }
  }

  return {
    inserted: (minSlot, maxSlot) => feed(minSlot, maxSlot, 'sink'),
    async deferWhile(work) {
      if (deferred) throw new MaterialiserDeferError()
      const holding: { range: SlotRange | null } = { range: null }
      deferred = holding
      try {
        const result = await work()
        // What the sinks logged during the work (a Kafka sink logs before it commits) belongs to it too.
        await follower?.poll()
        return { result, range: holding.range }
      } catch (err) {
        // The caller will not rebuild: what was inserted is recomputed as usual.
        if (holding.range) materialiser.markDirty(holding.range.fromMs, holding.range.toMs)
        throw err
      } finally {
        deferred = null
      }
    },
    readiness: () => state,
    stop: async () => {
      await follower?.stop()
      // Runs what is still pending, so everything inserted is materialised before the store closes.
      await materialiser.stop()
    },
  }
}
