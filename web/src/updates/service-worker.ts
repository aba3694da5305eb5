/**
 * The service worker (/sw.js, scope /), written out at build time by vite.config.ts from
 * `installServiceWorker` with the build's manifest, as search-keys.js is: the function must not use
 * anything from outside its body. It makes repeat visits fast and lets the app start offline, and it
 * never stands between the app and its data:
 *
 * - navigations go to the network first (the server-rendered page and its state are always fresh);
 *   only when the network fails is the cached app shell (index.html) served, which starts the app
 *   client-rendered;
 * - /api (and the health and metrics paths) is never cached nor answered by the worker: no stale data;
 * - hashed files under /assets/ never change, so they come from the cache, cached at install (or on
 *   first use for the largest);
 * - the root files (scripts, icons) go to the network first, the cache when offline.
 *
 * A new build is a new worker (its version is in the file): it installs beside the running one and
 * waits until the page asks it to take over ({ type: 'SKIP_WAITING' }, the update dialog); activated,
 * it drops the caches of other versions.
 */
import type { ServiceWorkerManifest } from './sw-manifest.ts'

/** The message a page sends a waiting worker to take over. */
export const SKIP_WAITING = 'SKIP_WAITING'
/** Every cache this worker makes starts with this; the version follows. */
export const CACHE_PREFIX = 'ludex-'

/** The parts of the worker's global scope used here (the WebWorker lib cannot join the DOM one). */
interface WorkerScope {
  readonly location: { readonly origin: string }
  readonly registration: {
    readonly navigationPreload?: { enable(): Promise<void> }
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
}
interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void
  /** Chromium's static routing: requests matching a rule never wake the worker. */
  addRoutes?(rules: readonly { condition: { urlPattern: unknown }; source: 'network' }[]): Promise<void>
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  readonly preloadResponse: Promise<Response | undefined>
  respondWith(response: Promise<Response>): void
}

export function installServiceWorker(
  sw: WorkerScope,
  manifest: ServiceWorkerManifest & {
    readonly shell: string
    readonly skipWaiting: string
    readonly prefix: string
  },
): void {
  const cacheName = manifest.prefix + manifest.version
  const precached = new Set(manifest.precache)
  const networkOnly = ['/api/', '/healthz', '/readyz', '/metrics']
  const isNetworkOnly = (path: string) => path === '/api' || networkOnly.some((p) => path.startsWith(p))

  sw.addEventListener('install', (event) => {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(cacheName)
        await cache.addAll(manifest.precache)
        // Where the browser can, /api requests skip the worker altogether.
        const Pattern = (globalThis as { URLPattern?: new (init: { pathname: string }) => unknown })
          .URLPattern
        if (event.addRoutes && Pattern) {
          await event
            .addRoutes([
              { condition: { urlPattern: new Pattern({ pathname: '/api/*' }) }, source: 'network' },
            ])
            .catch(() => undefined)
        }
      })(),
    )
  })

  sw.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        for (const key of await caches.keys()) {
          if (key.startsWith(manifest.prefix) && key !== cacheName) await caches.delete(key)
        }
        // The page request starts while the worker wakes up, instead of after.
        await sw.registration.navigationPreload?.enable()
      })(),
    )
  })

  sw.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown } | null
    if (data && data.type === manifest.skipWaiting) void sw.skipWaiting()
  })

  sw.addEventListener('fetch', (event) => {
    const request = event.request
    if (request.method !== 'GET') return
    const url = new URL(request.url)
    if (url.origin !== sw.location.origin) return
    if (request.mode === 'navigate') {
      event.respondWith(navigate(event, !isNetworkOnly(url.pathname)))
      return
    }
    if (isNetworkOnly(url.pathname)) return
    if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request, url.pathname))
    else if (precached.has(url.pathname)) event.respondWith(networkFirst(request, url.pathname))
  })

  async function navigate(event: FetchEvent, shellWhenOffline: boolean): Promise<Response> {
    try {
      const preloaded = await event.preloadResponse
      return preloaded ?? (await fetch(event.request))
    } catch (error) {
      const shell = shellWhenOffline ? await (await caches.open(cacheName)).match(manifest.shell) : undefined
      if (shell) return shell
      throw error
    }
  }

  async function cacheFirst(request: Request, path: string): Promise<Response> {
    const cache = await caches.open(cacheName)
    const hit = await cache.match(path)
    if (hit) return hit
    const response = await fetch(request)
    // Hashed names never change content: kept for the next visit.
    if (response.ok) await cache.put(path, response.clone())
    return response
  }

  async function networkFirst(request: Request, path: string): Promise<Response> {
    try {
      return await fetch(request)
    } catch (error) {
      const hit = await (await caches.open(cacheName)).match(path)
      if (hit) return hit
      throw error
    }
  }
}

/** The text of /sw.js for a build. */
export function serviceWorkerSource(manifest: ServiceWorkerManifest, shell: string): string {
  const config = { ...manifest, shell, skipWaiting: SKIP_WAITING, prefix: CACHE_PREFIX }
  return `// Ludex's service worker: web/src/updates/service-worker.ts (generated by vite.config.ts).\n// Version ${manifest.version}.\n;(${installServiceWorker.toString()})(self, ${JSON.stringify(config)})\n`
}
