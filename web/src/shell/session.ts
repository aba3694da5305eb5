import type { Viewer } from './viewer.ts'

/**
 * Restores the stored session before any page shows (part 1 §2, start-up). There are no accounts yet,
 * so it resolves at once to a visitor; the shell loader still awaits it so the start-up spinner and
 * the ordering are in place when sign-in arrives.
 */
let restoring: Promise<Viewer> | null = null

export function restoreSession(): Promise<Viewer> {
  restoring ??= Promise.resolve({ kind: 'visitor' })
  return restoring
}
