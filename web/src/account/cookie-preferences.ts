import {
  COOKIE_PREFERENCES_NAME,
  COOKIES,
  type CookiePreferences,
  DEFAULT_COOKIE_PREFERENCES,
  parseCookiePreferences,
  storedCookiePreferences,
} from '@ludex/schemas'

/**
 * Cookie preferences (part 1 §3, part 2 §3): `{ st }` — session tracking (analytics) allowed — kept in a
 * cookie so the choice holds before any script asks for it, so the server refuses analytics from a
 * request whose cookie says no, and so the server render draws the cookie prompt while none is stored.
 * Absent or unreadable reads as allowed. The name and the reading are shared with the server
 * (`@ludex/schemas`); writing the cookie is the browser's part, here.
 */
export {
  COOKIE_PREFERENCES_NAME,
  type CookiePreferences,
  DEFAULT_COOKIE_PREFERENCES,
  parseCookiePreferences,
  storedCookiePreferences,
}

const LIFETIME_SECONDS = COOKIES.analytics.days * 24 * 60 * 60

/** The Set-Cookie-style string that stores the preferences for a year (part 2 §9). */
export function cookiePreferencesCookie(prefs: CookiePreferences, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify({ st: prefs.st }))
  return `${COOKIE_PREFERENCES_NAME}=${value}; Path=/; Max-Age=${LIFETIME_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
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
