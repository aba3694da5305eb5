import { snapToSlot, snapUpToSlot, UNSIGNED_HISTORY_MS } from '@ludex/schemas'
import type { Context } from 'koa'
import type { Viewer } from './viewer.ts'

/** The header a clamped response carries: the earliest time it includes (ISO 8601). */
export const HISTORY_START_HEADER = 'X-Ludex-History-Start'

export interface HistoryWindow {
  readonly startMs: number
  /** True when the viewer asked for more than a visitor may see and the start was moved. */
  readonly clamped: boolean
}

/**
 * Visitors see at most the last 30 days (part 1 §6): the server clamps the start, whatever the UI sent.
 */
export function historyWindow(viewer: Viewer, requestedStartMs: number, nowMs: number): HistoryWindow {
  if (viewer.kind === 'user') return { startMs: requestedStartMs, clamped: false }
  const earliest = nowMs - UNSIGNED_HISTORY_MS
  return requestedStartMs < earliest
    ? { startMs: earliest, clamped: true }
    : { startMs: requestedStartMs, clamped: false }
}

/** Tells the client where a clamped answer starts (the UI reads it to prompt 'Sign In to See More'). */
export function announceHistoryStart(ctx: Context, startMs: number): void {
  ctx.set(HISTORY_START_HEADER, new Date(startMs).toISOString())
}

/**
 * The start a slot-based history read may use: the requested start snapped down to its 10-minute slot,
 * moved up to the visitor window when a visitor asked for more (then snapped up, so the answer never
 * holds a slot before the window), announced in the header.
 */
export function visibleStart(viewer: Viewer, ctx: Context, requestedMs: number, nowMs: number): number {
  const window = historyWindow(viewer, requestedMs, nowMs)
  if (!window.clamped) return snapToSlot(requestedMs)
  const start = snapUpToSlot(window.startMs)
  announceHistoryStart(ctx, start)
  return start
}
