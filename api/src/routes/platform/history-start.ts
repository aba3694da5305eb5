import { snapToSlot, snapUpToSlot } from '@ludex/schemas'
import type { Context } from 'koa'
import { HISTORY_START_HEADER, historyWindow } from '../../viewer/history-window.ts'
import type { Viewer } from '../../viewer/viewer.ts'

/**
 * The start a history read may use: the requested start snapped down to its 10-minute slot, moved up to
 * the visitor window when a visitor asked for more (and then snapped up, so the answer never holds a
 * slot before the window), with the response saying so in X-Ludex-History-Start.
 */
export function visibleStart(viewer: Viewer, ctx: Context, requestedMs: number, nowMs: number): number {
  const window = historyWindow(viewer, requestedMs, nowMs)
  if (!window.clamped) return snapToSlot(requestedMs)
  const start = snapUpToSlot(window.startMs)
  ctx.set(HISTORY_START_HEADER, new Date(start).toISOString())
  return start
}
