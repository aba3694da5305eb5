/**
 * How the app reaches /api. In the browser a path is relative to the page's origin. The server-side
 * render swaps this module for transport.server.ts (see vite.config.ts), which sends the same paths to
 * the API with the visitor's cookie.
 */
export function apiFetch(path: string, init: RequestInit): Promise<Response> {
  const held = requestGate.held()
  return held ? held.then(() => fetch(path, init)) : fetch(path, init)
}

/**
 * Holds the app's requests while a server-rendered page hydrates (main.tsx closes it before hydrating
 * and opens it once the page is ready). The parts of such a page hydrate one after another
 * (app/hydration/); an answer landing meanwhile would reach a part that has not hydrated yet, which
 * would then draw the data where the server drew its loader, and React would throw the server's markup
 * away. Held, every part hydrates against the state the server drew, and the answers land after.
 */
export interface RequestGate {
  close(): void
  open(): void
  /** While closed, a promise that resolves when it opens; otherwise null. */
  held(): Promise<void> | null
}

function createRequestGate(): RequestGate {
  let waiting: { promise: Promise<void>; release: () => void } | null = null
  return {
    close() {
      if (waiting) return
      let release = () => {}
      const promise = new Promise<void>((resolve) => {
        release = resolve
      })
      waiting = { promise, release }
    },
    open() {
      waiting?.release()
      waiting = null
    },
    held: () => waiting?.promise ?? null,
  }
}

/** The browser app's one gate: a page hydrates once per load. */
export const requestGate: RequestGate = createRequestGate()
