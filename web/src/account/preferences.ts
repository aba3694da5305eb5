import type { UserPreferences } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { api, PREFERENCES_QUERY_KEY } from '../api/queries.ts'
import { useViewer } from '../shell/viewer.ts'

/**
 * View state remembered per user (part 2 §6, DESIGN §4): table page sizes, selected tabs, panel and
 * sidebar group open states. A signed-in user's live in one document on the server (GET
 * /api/users/me/preferences, loaded with the session; every change is saved, debounced, with a PUT of
 * the whole document: preferences-save.ts, loaded on the first change). A visitor's stay in this
 * browser's storage, as before accounts.
 */
export type PreferenceKind = keyof UserPreferences
export type PreferenceValue<K extends PreferenceKind> = UserPreferences[K][string]

/**
 * A visitor's storage key. Page sizes and sidebar groups keep the keys they had before accounts, so a
 * visitor's remembered choices carry over.
 */
export function preferenceStorageKey(kind: PreferenceKind, key: string): string {
  switch (kind) {
    case 'page_sizes':
      return `ludex:table:${key}:page-size`
    case 'groups':
      return `ludex-nav-group-${key}`
    default:
      return `ludex:${kind}:${key}`
  }
}

/**
 * Loads the signed-in user's document into the cache (the shell's loader, right after the session).
 * A failure leaves it unloaded: pages show their defaults, and the first change loads it again before
 * saving (a PUT replaces everything, so it is never sent without the stored document under it).
 */
export async function loadPreferences(queryClient: QueryClient): Promise<void> {
  try {
    await queryClient.ensureQueryData(api.preferences())
  } catch {
    // Defaults for now; see above.
  }
}

/** Writes one value into the cached document of the signed-in user (a no-op while it is not loaded). */
export function writePreference<K extends PreferenceKind>(
  queryClient: QueryClient,
  kind: K,
  key: string,
  value: PreferenceValue<K>,
): void {
  queryClient.setQueryData<UserPreferences>(PREFERENCES_QUERY_KEY, (doc) =>
    doc ? { ...doc, [kind]: { ...doc[kind], [key]: value } } : doc,
  )
}

const isPreferencesKey = (key: readonly unknown[]) => key[0] === PREFERENCES_QUERY_KEY[0]

/** Tells this tab's other readers of a key that it changed ('storage' events reach only other tabs). */
const STORED_EVENT = 'ludex-preference-stored'

function readStored(storageKey: string): string | null {
  try {
    return window.localStorage.getItem(storageKey)
  } catch {
    // Storage blocked (privacy settings): the fallback, as for a first visit.
    return null
  }
}

function parseStored(raw: string | null): unknown {
  if (raw === null) return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

/**
 * A visitor's value in this browser's storage (JSON, as before accounts). The server cannot read it,
 * so the page is drawn and hydrated with no stored value (getServerSnapshot) and React then re-renders
 * with the stored one: a remembered choice (a closed sidebar group, a page size) never makes the
 * hydrated markup differ from the server's. A page drawn in the browser alone reads it at once.
 */
function useStoredValue(storageKey: string): [unknown, (value: unknown) => void] {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === storageKey || event.key === null) onChange()
      }
      const onStored = (event: Event) => {
        if ((event as CustomEvent<string>).detail === storageKey) onChange()
      }
      window.addEventListener('storage', onStorage)
      window.addEventListener(STORED_EVENT, onStored)
      return () => {
        window.removeEventListener('storage', onStorage)
        window.removeEventListener(STORED_EVENT, onStored)
      }
    },
    [storageKey],
  )
  const raw = useSyncExternalStore(
    subscribe,
    () => readStored(storageKey),
    () => null,
  )
  const write = useCallback(
    (value: unknown) => {
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(value))
      } catch {
        // Blocked storage: the choice lasts until the page is left, like any unsaved view state.
      }
      window.dispatchEvent(new CustomEvent(STORED_EVENT, { detail: storageKey }))
    },
    [storageKey],
  )
  return [parseStored(raw), write]
}

/**
 * One remembered value: the signed-in user's from their server document, a visitor's from this
 * browser's storage. A stored value of another type than `fallback` reads as `fallback`. The setter
 * takes a value or a function of the current one.
 */
export function usePreference<K extends PreferenceKind>(
  kind: K,
  key: string,
  fallback: PreferenceValue<K>,
): [
  PreferenceValue<K>,
  (next: PreferenceValue<K> | ((current: PreferenceValue<K>) => PreferenceValue<K>)) => void,
] {
  const queryClient = useQueryClient()
  const viewer = useViewer()
  const signedIn = viewer.kind === 'user'
  // Always called (hooks cannot be conditional); a signed-in user's value does not come from it.
  const storageKey = preferenceStorageKey(kind, key)
  const [stored, writeStored] = useStoredValue(storageKey)
  const getDoc = () => queryClient.getQueryData<UserPreferences>(PREFERENCES_QUERY_KEY)
  const doc = useSyncExternalStore(
    (onChange) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (isPreferencesKey(event.query.queryKey)) onChange()
      }),
    getDoc,
    getDoc,
  )

  // Signed in after start-up without the shell's loader running again: load the document here.
  useEffect(() => {
    if (!signedIn || doc) return
    const state = queryClient.getQueryState(PREFERENCES_QUERY_KEY)
    if (state?.fetchStatus === 'fetching' || state?.status === 'error') return
    void loadPreferences(queryClient)
  }, [signedIn, doc, queryClient])

  const raw: unknown = signedIn ? doc?.[kind][key] : stored
  const value = typeof raw === typeof fallback ? (raw as PreferenceValue<K>) : fallback

  const set = useCallback(
    (next: PreferenceValue<K> | ((current: PreferenceValue<K>) => PreferenceValue<K>)) => {
      if (!signedIn) {
        const current = parseStored(readStored(storageKey))
        const base = typeof current === typeof fallback ? (current as PreferenceValue<K>) : fallback
        writeStored(typeof next === 'function' ? next(base) : next)
        return
      }
      const doc = queryClient.getQueryData<UserPreferences>(PREFERENCES_QUERY_KEY)
      const current = doc?.[kind][key]
      const base = typeof current === typeof fallback ? (current as PreferenceValue<K>) : fallback
      const value = typeof next === 'function' ? next(base) : next
      // The screen follows at once; the saving code loads on the first change (not in the first load).
      if (doc) writePreference(queryClient, kind, key, value)
      void import('./preferences-save.ts').then((m) =>
        doc ? m.scheduleSave(queryClient) : m.setUserPreference(queryClient, kind, key, value),
      )
    },
    [signedIn, storageKey, writeStored, queryClient, kind, key, fallback],
  )
  return [value, set]
}
