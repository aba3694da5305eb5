/**
 * Cookie preferences (part 1 §3, part 2 §3): `{ st }` — session tracking (analytics) allowed — kept in a
 * cookie so the choice holds before any script asks for it, and so the server can honour it on the
 * requests that carry analytics. Absent or unreadable reads as allowed.
 */
export interface CookiePreferences {
  readonly st: boolean
}

export const COOKIE_PREFERENCES_NAME = 'ludex_cookie_preferences'
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = { st: true }

/** Reads the preferences from a Cookie header or a `document.cookie` string. */
export function parseCookiePreferences(cookieHeader: string): CookiePreferences {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1 || part.slice(0, eq).trim() !== COOKIE_PREFERENCES_NAME) continue
    try {
      const value: unknown = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim()))
      if (typeof value === 'object' && value !== null && 'st' in value && typeof value.st === 'boolean') {
        return { st: value.st }
      }
    } catch {
      // Unreadable: the default.
    }
    return DEFAULT_COOKIE_PREFERENCES
  }
  return DEFAULT_COOKIE_PREFERENCES
}
