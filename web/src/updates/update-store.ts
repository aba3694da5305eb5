import { UPDATE_JUST_AFTER_LOAD_MS } from '@ludex/schemas'
import { createContext } from 'react'

/** The dialog's texts (part 2 §4), verbatim. */
export const UPDATE_TEXT = {
  title: 'Update',
  button: 'Reload & Update',
  whileAway: 'A new version of the app was released while you were away. Would you like to update?',
  available: 'A new version of the app is available. Would you like to update?',
} as const

/** A new version, installed and waiting to take over. */
export interface PendingUpdate {
  /** When it was ready, in milliseconds since the page loaded (performance.now()). */
  readonly readyAtMs: number
  /** Lets the new version take over and reloads the page. */
  apply(): void
}

/**
 * The update waiting for this page, if any: the service worker's registration (register.ts) offers
 * it, the app's UpdatePrompt asks the user or reloads. One per app (main.tsx); a server render has none.
 */
export interface UpdateStore {
  current(): PendingUpdate | null
  subscribe(listener: () => void): () => void
  offer(update: PendingUpdate): void
}

export function createUpdateStore(): UpdateStore {
  let pending: PendingUpdate | null = null
  const listeners = new Set<() => void>()
  return {
    current: () => pending,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    offer(update) {
      pending = update
      for (const l of listeners) l()
    },
  }
}

/**
 * The dialog's message: an update ready within 10 s of the page's load was released while the user was
 * away (found by the check at start-up); a later one became available while they were here.
 */
export function updateMessage(readyAtMs: number): string {
  return readyAtMs <= UPDATE_JUST_AFTER_LOAD_MS ? UPDATE_TEXT.whileAway : UPDATE_TEXT.available
}

export const UpdateContext = createContext<UpdateStore | null>(null)
