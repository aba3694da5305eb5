import { describe, expect, it } from 'vitest'
import {
  COOKIE_PREFERENCES_NAME,
  cookiePreferencesCookie,
  parseCookiePreferences,
  readCookiePreferences,
  storedCookiePreferences,
  writeCookiePreferences,
} from './cookie-preferences.ts'

describe('cookie preferences', () => {
  it('default to session tracking allowed when absent or unreadable', () => {
    expect(parseCookiePreferences('')).toEqual({ st: true })
    expect(parseCookiePreferences('other=1')).toEqual({ st: true })
    expect(parseCookiePreferences(`${COOKIE_PREFERENCES_NAME}=not-json`)).toEqual({ st: true })
    expect(parseCookiePreferences(`${COOKIE_PREFERENCES_NAME}=${encodeURIComponent('{"st":"no"}')}`)).toEqual(
      {
        st: true,
      },
    )
  })

  it('count as stored only when present and readable (the prompt asks otherwise)', () => {
    expect(storedCookiePreferences('')).toBeNull()
    expect(storedCookiePreferences(`${COOKIE_PREFERENCES_NAME}=not-json`)).toBeNull()
    expect(
      storedCookiePreferences(`x${COOKIE_PREFERENCES_NAME}=${encodeURIComponent('{"st":false}')}`),
    ).toBeNull()
    expect(
      storedCookiePreferences(`a=1; ${COOKIE_PREFERENCES_NAME}=${encodeURIComponent('{"st":false}')}`),
    ).toEqual({
      st: false,
    })
  })

  it('read back what was stored, among other cookies', () => {
    const cookie = cookiePreferencesCookie({ st: false }, false)
    expect(cookie).toMatch(/Max-Age=31536000; SameSite=Lax$/)
    const pair = cookie.split(';')[0]!
    expect(parseCookiePreferences(`a=1; ${pair}; b=2`)).toEqual({ st: false })
    expect(cookiePreferencesCookie({ st: true }, true)).toMatch(/; Secure$/)
  })

  it('round-trip through document.cookie', () => {
    writeCookiePreferences({ st: false })
    expect(readCookiePreferences()).toEqual({ st: false })
    writeCookiePreferences({ st: true })
    expect(readCookiePreferences()).toEqual({ st: true })
  })
})
