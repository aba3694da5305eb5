import { createContext, useContext, useSyncExternalStore } from 'react'
import {
  type CookiePreferences,
  DEFAULT_COOKIE_PREFERENCES,
  storedCookiePreferences,
} from '../account/cookie-preferences.ts'

/** Where the visitor stands with the cookie prompt (part 1 §2). */
export interface ConsentState {
  /** What analytics may do: the stored choice, or the default (allowed) while none is stored. */
  readonly prefs: CookiePreferences
  /** A choice is stored: the prompt is settled. */
  readonly stored: boolean
  /** The prompt was opened again to change a stored choice (the footer's Cookie Settings). */
  readonly reopened: boolean
}

/**
 * The cookie preferences of one app (main.tsx) or one server render (entry-server.tsx), read once
 * from the cookie the page was requested with, so the server and the first render in the browser
 * agree on whether the prompt shows. The cookie prompt, the Settings page's toggle and the footer all
 * edit it here, so each sees the others' changes at once.
 */
export interface ConsentStore {
  state(): ConsentState
  subscribe(listener: () => void): () => void
  /** Stores a choice (the cookie) and settles the prompt. */
  save(prefs: CookiePreferences): void
  /** Shows the prompt again, open at its settings. */
  reopen(): void
}

export function createConsentStore(
  cookieHeader: string,
  /** Writes the cookie (the browser); a server render's store never saves. */
  persist: (prefs: CookiePreferences) => void,
): ConsentStore {
  const stored = storedCookiePreferences(cookieHeader)
  let state: ConsentState = {
    prefs: stored ?? DEFAULT_COOKIE_PREFERENCES,
    stored: stored !== null,
    reopened: false,
  }
  const listeners = new Set<() => void>()
  const set = (next: ConsentState) => {
    state = next
    for (const l of listeners) l()
  }
  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    save(prefs) {
      persist(prefs)
      set({ prefs: { st: prefs.st }, stored: true, reopened: false })
    },
    reopen() {
      set({ ...state, reopened: true })
    },
  }
}

/** Whether the prompt shows: until a choice is stored, and again when reopened. */
export const promptShowing = (state: ConsentState): boolean => !state.stored || state.reopened

export const ConsentContext = createContext<ConsentStore | null>(null)

/** Without a provider (component tests) the prompt is settled with the defaults. */
const SETTLED: ConsentState = { prefs: DEFAULT_COOKIE_PREFERENCES, stored: true, reopened: false }
const noSubscription = () => () => {}

export function useConsentStore(): ConsentStore | null {
  return useContext(ConsentContext)
}

export function useConsent(): ConsentState {
  const store = useContext(ConsentContext)
  const get = () => store?.state() ?? SETTLED
  // The server's snapshot is the same store: it was made from the cookie the server saw.
  return useSyncExternalStore(store?.subscribe ?? noSubscription, get, get)
}
