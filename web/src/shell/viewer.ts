/**
 * Who is looking at the app. There are no accounts yet, so everyone is a visitor; the hook exists so
 * pages already branch on it (locks, 'Sign in to view', promo modal) and come alive with accounts.
 */
export type Viewer = { kind: 'visitor' }

const VISITOR: Viewer = { kind: 'visitor' }

export function useViewer(): Viewer {
  return VISITOR
}

/** Editor and admin only features (the Tools group) are hidden from visitors. */
export function canUseTools(viewer: Viewer): boolean {
  return viewer.kind !== 'visitor'
}
