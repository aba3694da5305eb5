import { SERVICE_WORKER_UPDATE_CHECK_MS } from '@ludex/schemas'
import { SKIP_WAITING } from './service-worker.ts'
import { SERVICE_WORKER_FILE } from './sw-manifest.ts'
import type { UpdateStore } from './update-store.ts'

/**
 * Registers the service worker (/sw.js, scope /) and reports each new version to the update store
 * once it is installed and waiting (part 2 §4): one found at start-up (installed on an earlier visit, or
 * by the check the registration makes), one found by the check every 5 minutes, or one another tab
 * let take over. The browser's first worker is no update. Called once a page is ready, loaded and the
 * browser idle (main.tsx), so the worker's install competes with the page neither for the network nor
 * for the CPU.
 */
export async function registerServiceWorker(
  store: UpdateStore,
  options: { readonly checkEveryMs?: number } = {},
): Promise<void> {
  const container = navigator.serviceWorker
  const registration = await container.register(`/${SERVICE_WORKER_FILE}`, {
    scope: '/',
    updateViaCache: 'none',
  })
  let applying = false
  const offer = (apply: () => void) =>
    store.offer({
      readyAtMs: performance.now(),
      apply: () => {
        applying = true
        apply()
      },
    })
  const offerWorker = (worker: ServiceWorker) => offer(() => activate(worker))

  if (registration.waiting && registration.active) offerWorker(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    if (!installing || !registration.active) return
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerWorker(installing)
    })
  })
  const controlled = container.controller !== null
  container.addEventListener('controllerchange', () => {
    if (applying) reloadOnce()
    // Another tab let a new version take over: this page still runs the old one.
    else if (controlled) offer(reloadOnce)
  })
  setInterval(() => {
    registration.update().catch(() => {
      // Offline or the server restarting: the next check tries again.
    })
  }, options.checkEveryMs ?? SERVICE_WORKER_UPDATE_CHECK_MS)
}

/** Lets a waiting worker take over, then reloads: once it is active (or controls the page). */
function activate(worker: ServiceWorker): void {
  worker.addEventListener('statechange', () => {
    if (worker.state === 'activated') reloadOnce()
  })
  if (worker.state === 'activated') reloadOnce()
  else worker.postMessage({ type: SKIP_WAITING })
}

function reloadOnce(): void {
  // Both the worker's activation and the controller change may call it; one reload is enough.
  if (document.documentElement.dataset.reloading !== undefined) return
  document.documentElement.dataset.reloading = ''
  window.location.reload()
}
