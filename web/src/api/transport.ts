/**
 * How the app reaches /api. In the browser a path is relative to the page's origin. The server-side
 * render swaps this module for transport.server.ts (see vite.config.ts), which sends the same paths to
 * the API with the visitor's cookie.
 */
export function apiFetch(path: string, init: RequestInit): Promise<Response> {
  return fetch(path, init)
}
