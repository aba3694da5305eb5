import type { UserPreferences } from '@ludex/schemas'
import { useLocalStorage } from '@mantine/hooks'
import type { QueryClient } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { apiSend } from '../api/client.ts'
import { api, PREFERENCES_QUERY_KEY } from '../api/queries.ts'
import { useViewer } from '../shell/viewer.ts'

/**
 * View state remembered per user (part 2 §6, DESIGN §4): table page sizes, selected tabs, panel and
 * sidebar group open states. A signed-in user's live in one document on the server (GET
 * /api/users/me/preferences, loaded with the session; every change is saved, debounced, with a PUT of
 * the whole document). A visitor's stay in this browser's storage, as before accounts.
 */
export type PreferenceKind = keyof UserPreferences
export type PreferenceValue<K extends PreferenceKind> = UserPreferences[K][string]

/** Changes within this long of each other are saved with one PUT. */
export const PREFERENCES_SAVE_DELAY_MS = 1000

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

/** The pending save of one app (its query client): a debounce timer and the PUT in flight. */
interface Saver {
  timer: ReturnType<typeof setTimeout> | null
  dirty: boolean
  inFlight: Promise<void>
  detach: () => void
}

// Keyed by the query client the app wires at start-up (tests make their own): the timer belongs to the
// cache whose document it saves, and a client that is dropped takes its saver with it.
const savers = new WeakMap<QueryClient, Saver>()

function saverOf(queryClient: QueryClient): Saver {
  let saver = savers.get(queryClient)
  if (!saver) {
    // A change made just before the tab closes is sent with keepalive rather than lost.
    const onHide = () => {
      if (saver?.dirty) void save(queryClient, { keepalive: true })
    }
    if (typeof window !== 'undefined') window.addEventListener('pagehide', onHide)
    saver = {
      timer: null,
      dirty: false,
      inFlight: Promise.resolve(),
      detach: () => window.removeEventListener('pagehide', onHide),
    }
    savers.set(queryClient, saver)
  }
  return saver
}

/** PUTs the cached document now (after any PUT in flight); nothing when no change is pending. */
function save(queryClient: QueryClient, options: { keepalive?: boolean } = {}): Promise<void> {
  const saver = saverOf(queryClient)
  if (saver.timer) clearTimeout(saver.timer)
  saver.timer = null
  if (!saver.dirty) return saver.inFlight
  saver.dirty = false
  const send = async () => {
    // Read when sent, not when scheduled: the PUT carries every change made until then.
    const doc = queryClient.getQueryData<UserPreferences>(PREFERENCES_QUERY_KEY)
    if (!doc) return
    try {
      await apiSend('PUT', '/api/users/me/preferences', doc, 'userPreferences', options)
    } catch {
      // View state is best effort: the next change sends the whole document again.
      saver.dirty = true
    }
  }
  saver.inFlight = saver.inFlight.then(send)
  return saver.inFlight
}

/** Sends a pending change at once (before signing out, while the session still holds). */
export function flushPreferences(queryClient: QueryClient): Promise<void> {
  return save(queryClient)
}

/** Sets one preference of the signed-in user in the cache and schedules the save. */
export async function setUserPreference<K extends PreferenceKind>(
  queryClient: QueryClient,
  kind: K,
  key: string,
  value: PreferenceValue<K>,
): Promise<void> {
  if (!queryClient.getQueryData(PREFERENCES_QUERY_KEY)) {
    // Not loaded (the start-up call failed): load it first, or the PUT would erase the rest.
    try {
      await queryClient.fetchQuery(api.preferences())
    } catch {
      return
    }
  }
  queryClient.setQueryData<UserPreferences>(PREFERENCES_QUERY_KEY, (doc) =>
    doc ? { ...doc, [kind]: { ...doc[kind], [key]: value } } : doc,
  )
  const saver = saverOf(queryClient)
  saver.dirty = true
  if (saver.timer) clearTimeout(saver.timer)
  saver.timer = setTimeout(() => void save(queryClient), PREFERENCES_SAVE_DELAY_MS)
}

/** Test support: cancels a pending save and forgets the saver of a query client. */
export function disposePreferences(queryClient: QueryClient): void {
  const saver = savers.get(queryClient)
  if (!saver) return
  if (saver.timer) clearTimeout(saver.timer)
  saver.detach()
  savers.delete(queryClient)
}

const isPreferencesKey = (key: readonly unknown[]) => key[0] === PREFERENCES_QUERY_KEY[0]

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
  const [stored, setStored] = useLocalStorage<PreferenceValue<K>>({
    key: preferenceStorageKey(kind, key),
    defaultValue: fallback,
    getInitialValueInEffect: false,
  })
  const doc = useSyncExternalStore(
    (onChange) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (isPreferencesKey(event.query.queryKey)) onChange()
      }),
    () => queryClient.getQueryData<UserPreferences>(PREFERENCES_QUERY_KEY),
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
        setStored((current) => {
          const base = typeof current === typeof fallback ? current : fallback
          return typeof next === 'function' ? next(base) : next
        })
        return
      }
      const current = queryClient.getQueryData<UserPreferences>(PREFERENCES_QUERY_KEY)?.[kind][key]
      const base = typeof current === typeof fallback ? (current as PreferenceValue<K>) : fallback
      void setUserPreference(queryClient, kind, key, typeof next === 'function' ? next(base) : next)
    },
    [signedIn, setStored, queryClient, kind, key, fallback],
  )
  return [value, set]
}
