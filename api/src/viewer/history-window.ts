import { UNSIGNED_HISTORY_MS } from '@ludex/schemas'
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
