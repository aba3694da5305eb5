/**
 * Cookie preferences (part 1 §3, part 2 §3): `{ st }` — session tracking (analytics) allowed — kept in a
 * cookie so the choice holds before any script asks for it. Absent or unreadable reads as allowed.
 */
export interface CookiePreferences {
  readonly st: boolean
}

export const COOKIE_PREFERENCES_NAME = 'ludex_cookie_preferences'
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = { st: true }
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/** Reads the preferences from a `document.cookie` string. */
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

/** The Set-Cookie-style string that stores the preferences for a year. */
export function cookiePreferencesCookie(prefs: CookiePreferences, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify({ st: prefs.st }))
  return `${COOKIE_PREFERENCES_NAME}=${value}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function readCookiePreferences(): CookiePreferences {
  return typeof document === 'undefined'
    ? DEFAULT_COOKIE_PREFERENCES
    : parseCookiePreferences(document.cookie)
}

export function writeCookiePreferences(prefs: CookiePreferences): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one small cookie; the Cookie Store API is not everywhere yet
  document.cookie = cookiePreferencesCookie(prefs, window.location.protocol === 'https:')
}
