/// <reference types="node" />
import { AsyncLocalStorage } from 'node:async_hooks'

/** The page request a server-side render answers: where the API is and whose session it is. */
export interface ServerRequestContext {
  /** The API's own origin as the server reaches it (loopback), e.g. http://127.0.0.1:8080. */
  readonly origin: string
  /** The page request's Cookie header, forwarded so the API sees the same session. */
  readonly cookie: string | undefined
  /** Headers the API asked every call of this render to carry (its render pass). */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

// Render-scoped, not global state: each render runs inside its own context (withServerRequest), so
// concurrent renders never see each other's cookie.
const requestContext = new AsyncLocalStorage<ServerRequestContext>()

export function withServerRequest<T>(context: ServerRequestContext, run: () => T): T {
  return requestContext.run(context, run)
}

/** The server build's apiFetch (transport.ts in the browser): the path against the API's origin. */
export function apiFetch(path: string, init: RequestInit): Promise<Response> {
  const context = requestContext.getStore()
  if (!context) return Promise.reject(new Error(`${path} was requested outside a server render`))
  const headers = new Headers(init.headers)
  for (const [name, value] of Object.entries(context.headers ?? {})) headers.set(name, value)
  if (context.cookie) headers.set('cookie', context.cookie)
  return fetch(new URL(path, context.origin), { ...init, headers })
}
