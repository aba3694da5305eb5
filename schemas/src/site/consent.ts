import { COOKIES } from '../constants/legal.ts'

/**
 * Cookie preferences (part 1 §3, part 2 §3): `{ st }` — session tracking (analytics) allowed — kept in a
 * cookie so the choice holds before any script asks for it, so the server can honour it on the
 * requests that carry analytics, and so the server render draws the cookie prompt while no choice is
 * stored. Absent or unreadable reads as allowed.
 */
export interface CookiePreferences {
  readonly st: boolean
}

/** The cookie's name, as the cookie policy lists it (COOKIES.analytics). */
export const COOKIE_PREFERENCES_NAME = COOKIES.analytics.name
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = { st: true }

/**
 * The preferences stored in a Cookie header or `document.cookie` string, or null when none are stored
 * or the stored value is unreadable (the prompt then asks again).
 */
export function storedCookiePreferences(cookieHeader: string): CookiePreferences | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1 || part.slice(0, eq).trim() !== COOKIE_PREFERENCES_NAME) continue
    try {
      const value: unknown = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim()))
      if (typeof value === 'object' && value !== null && 'st' in value && typeof value.st === 'boolean') {
        return { st: value.st }
      }
    } catch {
      // Unreadable: as if absent.
    }
    return null
  }
  return null
}

/** Reads the preferences from a Cookie header or a `document.cookie` string: the default when none. */
export function parseCookiePreferences(cookieHeader: string): CookiePreferences {
  return storedCookiePreferences(cookieHeader) ?? DEFAULT_COOKIE_PREFERENCES
}
