import { SIGNUP_CALLOUT_DISMISS_DAYS, SIGNUP_CALLOUT_DISMISSED_KEY } from '@ludex/schemas'
import { isLegalPath } from '../legal/paths.ts'

/** The callout's words (part 1 §2), verbatim. */
export const CALLOUT_TEXT = 'Psst! Sign up for free to unlock full access!'

/** Where the dismissal is remembered: the time it happened, in epoch milliseconds. */
export const CALLOUT_DISMISSED_KEY = SIGNUP_CALLOUT_DISMISSED_KEY
const DISMISS_MS = SIGNUP_CALLOUT_DISMISS_DAYS * 24 * 60 * 60 * 1000

/** Whether a dismissal stored as `stored` still holds at `now`: for 30 days after it. */
export function calloutDismissed(stored: string | null, now: number): boolean {
  if (stored === null || !/^\d+$/.test(stored)) return false
  return now - Number(stored) < DISMISS_MS
}

/** The callout is hidden on the sign-in, sign-up and legal pages (part 1 §2). */
export function calloutHiddenOn(pathname: string): boolean {
  return /^\/sign-(in|up)(\/|$)/.test(pathname) || isLegalPath(pathname)
}

export function readDismissal(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    return storage.getItem(CALLOUT_DISMISSED_KEY)
  } catch {
    // Storage refused (private mode, blocked): as if never dismissed.
    return null
  }
}

export function storeDismissal(storage: Pick<Storage, 'setItem'>, now: number): void {
  try {
    storage.setItem(CALLOUT_DISMISSED_KEY, String(now))
  } catch {
    // Not remembered: it is gone for this visit all the same.
  }
}
