import type { Page, Request } from '@playwright/test'

/** A page's requests in flight, watched from before it navigates. */
export interface NetworkWatch {
  /**
   * Resolves once no request of the page is in flight and none has started or ended for `quietMs`;
   * rejects after `timeoutMs` naming the requests still open.
   */
  settled(options?: { readonly quietMs?: number; readonly timeoutMs?: number }): Promise<void>
}

/**
 * What Playwright's `networkidle` means, without its blind spot: Chromium never reports the end of a
 * keepalive request's body to the page, so an answered beacon (the app's analytics batch and error
 * reports, sent with keepalive so they outlive the page) stays in flight for Playwright until the next
 * navigation, and a `networkidle` the page had not reached before the beacon left is never reached
 * (CI timed out so on a busy runner). Here a request counts as ended once answered, finished or failed.
 * Attach before the navigation whose requests are to be awaited.
 */
export function watchNetwork(page: Page): NetworkWatch {
  const open = new Set<Request>()
  let lastChange = Date.now()
  const listeners = new Set<() => void>()
  const changed = () => {
    lastChange = Date.now()
    for (const listener of listeners) listener()
  }
  const end = (request: Request) => {
    if (open.delete(request)) changed()
  }
  page.on('request', (request) => {
    open.add(request)
    changed()
  })
  page.on('response', (response) => end(response.request()))
  page.on('requestfinished', end)
  page.on('requestfailed', end)

  return {
    settled: ({ quietMs = 500, timeoutMs = 30_000 } = {}) =>
      new Promise<void>((resolve, reject) => {
        let quiet: ReturnType<typeof setTimeout> | undefined
        const stop = () => {
          clearTimeout(quiet)
          clearTimeout(limit)
          listeners.delete(arm)
        }
        function arm() {
          clearTimeout(quiet)
          if (open.size > 0) return
          quiet = setTimeout(
            () => {
              stop()
              resolve()
            },
            Math.max(0, quietMs - (Date.now() - lastChange)),
          )
        }
        const limit = setTimeout(() => {
          stop()
          const pending = [...open].map((r) => `${r.method()} ${r.url()}`)
          reject(new Error(`${page.url()}: still loading after ${timeoutMs} ms: ${pending.join(', ')}`))
        }, timeoutMs)
        listeners.add(arm)
        arm()
      }),
  }
}
