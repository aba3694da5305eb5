import type { PlatformModel } from '@ludex/workers'
import type { RoleContext } from '../roles/component.ts'
import type { HistoryChunk } from './chunks.ts'
import { newestFirstPlan } from './chunks.ts'
import { fillNewestFirst, type NewestFirstTarget } from './fill.ts'
import { createFillProgress, describeProgress, type FillView, fillReadiness } from './progress.ts'
import { type FillingRecord, readBackfillState, writeBackfillState } from './state.ts'

/** How a first-start backfill ended in this process. */
export type BackfillOutcome =
  | { readonly outcome: 'finished'; readonly snapshots: number; readonly days: number }
  /** Shutdown began first: the stored progress says where a restart resumes. */
  | { readonly outcome: 'stopped'; readonly view: FillView }
  | { readonly outcome: 'failed'; readonly error: unknown; readonly view: FillView }

/** The first-start backfill running in the background of `ludex run`. */
export interface FirstStartBackfill {
  /** Resolves true once the newest days are stored and rolled up; false if it ended before. */
  readonly recentVisible: Promise<boolean>
  /** Never rejects: how it ended. */
  readonly ended: Promise<BackfillOutcome>
  progress(): FillView
}

export interface FirstStartOptions {
  /** After each chunk is visible: the API of this process forgets what it kept of the older history. */
  readonly onVisible?: () => void
  /** Awaited before each chunk (tests hold the backfill at a chunk boundary). */
  readonly beforeChunk?: (chunk: HistoryChunk) => Promise<void>
  readonly chunkDays?: number
}

/** How often the terminal hears of the backfill between chunks. */
const LOG_EVERY_MS = 5000

/**
 * `ludex run`'s first start: on an empty store, the simulator's past BACKFILL_DAYS, newest first, in
 * the background while the API serves and live polling runs (it starts right after this returns). The
 * plan is stored before anything is generated, so live polls, which write the slots after its last one,
 * and a restart agree on its range; a restart resumes the older ranges it misses (a finished one is not
 * done again). Progress on the terminal (a log line every few seconds and one per chunk) and on
 * /readyz. Null when there is nothing to backfill.
 */
export async function startFirstStartBackfill(
  ctx: RoleContext,
  target: NewestFirstTarget,
  model: PlatformModel | null,
  options: FirstStartOptions = {},
): Promise<FirstStartBackfill | null> {
  const { config, clock, readiness } = ctx
  const logger = ctx.logger.child({ component: 'backfill' })
  const state = await readBackfillState(target.client)
  if (state.kind === 'finished' || state.kind === 'unreadable') {
    if (state.kind === 'unreadable')
      logger.warn({ value: state.value }, 'backfill record not understood; left alone')
    readiness.set('backfill', { ok: true, detail: 'history already present' })
    return null
  }
  if (!model) {
    const detail =
      state.kind === 'filling'
        ? 'unfinished, but the platform is not the simulator: nothing to generate it from'
        : 'no history source for the real platform'
    readiness.set('backfill', { ok: true, detail })
    return null
  }
  let record: FillingRecord
  if (state.kind === 'filling') {
    record = state.record
  } else {
    if (config.BACKFILL_DAYS === 0) {
      readiness.set('backfill', { ok: true, detail: 'disabled (BACKFILL_DAYS=0)' })
      return null
    }
    const now = clock.now()
    const plan = newestFirstPlan(config.BACKFILL_DAYS, now)
    record = { ...plan, doneFromMs: plan.toMs, snapshots: 0, startedAt: now }
    await writeBackfillState(target.client, record, now)
  }

  const progress = createFillProgress(record)
  readiness.track('backfill', () => fillReadiness(progress.view(), config.BACKFILL_READY))
  // 'until', not 'to': the log redacts a top-level 'to' (a mail's recipient).
  const range = {
    from: new Date(record.fromMs).toISOString(),
    until: new Date(record.toMs).toISOString(),
    days: record.days,
  }
  if (state.kind === 'filling') {
    logger.info(
      { ...range, in: describeProgress(progress.view()) },
      'resuming the backfill: the older days it misses',
    )
  } else {
    logger.info(range, 'empty data dir: backfilling history, the newest days first')
  }

  let markRecent: (visible: boolean) => void = () => {}
  const recentVisible = new Promise<boolean>((resolve) => {
    markRecent = resolve
  })
  if (progress.view().recentVisible) markRecent(true)
  const stopping = new AbortController()
  const signal = AbortSignal.any([ctx.lifecycle.signal, stopping.signal])
  let lastLog = performance.now()
  const started = performance.now()

  const ended = (async (): Promise<BackfillOutcome> => {
    try {
      const done = await fillNewestFirst({
        target,
        model,
        record,
        now: () => clock.now(),
        signal,
        ...(options.chunkDays !== undefined && { chunkDays: options.chunkDays }),
        ...(options.beforeChunk && { beforeChunk: options.beforeChunk }),
        onChunkStart: (chunk) => progress.chunkStarted(chunk),
        onPublished: (toSlot) => {
          progress.published(toSlot)
          if (performance.now() - lastLog < LOG_EVERY_MS) return
          lastLog = performance.now()
          logger.info(describeProgress(progress.view()))
        },
        onVisible: (next) => {
          const wasRecent = progress.view().recentVisible
          progress.visible(next)
          options.onVisible?.()
          const view = progress.view()
          lastLog = performance.now()
          logger.info(
            { visibleFrom: new Date(next.doneFromMs).toISOString() },
            `stored and rolled up back to ${new Date(next.doneFromMs).toISOString().slice(0, 10)}: ${describeProgress(view)}`,
          )
          if (!wasRecent && view.recentVisible) {
            markRecent(true)
            logger.info(
              { seconds: Math.round((performance.now() - started) / 100) / 10 },
              `the newest ${Math.floor(view.visibleDays)} days are in: the pages are useful now; older history fills in behind`,
            )
          }
        },
      })
      await writeBackfillState(target.client, { ...done, finishedAt: clock.now() }, clock.now())
      progress.finished(done.snapshots)
      logger.info(
        {
          snapshots: done.snapshots,
          days: done.days,
          seconds: Math.round((performance.now() - started) / 1000),
        },
        'backfill finished',
      )
      return { outcome: 'finished', snapshots: done.snapshots, days: done.days }
    } catch (err) {
      if (signal.aborted) {
        logger.info({ in: describeProgress(progress.view()) }, 'backfill stopped; a restart resumes it')
        return { outcome: 'stopped', view: progress.view() }
      }
      progress.failed(err)
      logger.error({ err }, 'backfill failed; a restart resumes it')
      return { outcome: 'failed', error: err, view: progress.view() }
    } finally {
      markRecent(progress.view().recentVisible)
    }
  })()

  // Stopped before the parts it uses (registered after them): it stops generating at the next batch and
  // lets the chunk under way drain into the store; the stored progress stays at the last whole chunk.
  ctx.lifecycle.add('backfill', async () => {
    stopping.abort(new Error('backfill stopped'))
    await ended
  })
  return { recentVisible, ended, progress: () => progress.view() }
}
