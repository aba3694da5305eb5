import { COOKIES } from '@ludex/schemas'

/**
 * Cookie preferences (part 1 §3, part 2 §3): `{ st }` — session tracking (analytics) allowed — kept in a
 * cookie so the choice holds before any script asks for it, and so the server sees it (the cookie
 * prompt is drawn by the server render when no choice is stored). Absent or unreadable reads as allowed.
 */
export interface CookiePreferences {
  readonly st: boolean
}

export const COOKIE_PREFERENCES_NAME = COOKIES.analytics.name
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = { st: true }
const LIFETIME_SECONDS = COOKIES.analytics.days * 24 * 60 * 60

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

/** Reads the preferences from a `document.cookie` string: the default when absent or unreadable. */
export function parseCookiePreferences(cookieHeader: string): CookiePreferences {
  return storedCookiePreferences(cookieHeader) ?? DEFAULT_COOKIE_PREFERENCES
}

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
