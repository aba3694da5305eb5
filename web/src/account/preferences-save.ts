import type { UserPreferences } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import { apiSend } from '../api/client.ts'
import { api, PREFERENCES_QUERY_KEY } from '../api/queries.ts'
import { type PreferenceKind, type PreferenceValue, writePreference } from './preferences.ts'

/**
 * Saving a signed-in user's view state (see preferences.ts): changes are written to the cached document
 * at once and sent with one PUT of the whole document once they stop coming for a moment. Its own
 * module, loaded on the first change, so the first load's JavaScript does not carry it.
 */

/** Changes within this long of each other are saved with one PUT. */
export const PREFERENCES_SAVE_DELAY_MS = 1000

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

/** Schedules the save of the cached document (a change was just written to it). */
export function scheduleSave(queryClient: QueryClient): void {
  const saver = saverOf(queryClient)
  saver.dirty = true
  if (saver.timer) clearTimeout(saver.timer)
  saver.timer = setTimeout(() => void save(queryClient), PREFERENCES_SAVE_DELAY_MS)
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
  writePreference(queryClient, kind, key, value)
  scheduleSave(queryClient)
}

/** Test support: cancels a pending save and forgets the saver of a query client. */
export function disposePreferences(queryClient: QueryClient): void {
  const saver = savers.get(queryClient)
  if (!saver) return
  if (saver.timer) clearTimeout(saver.timer)
  saver.detach()
  savers.delete(queryClient)
}
