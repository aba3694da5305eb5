/** The parts of the window used here (passed in, so tests give their own). */
export interface IdleScope {
  readonly document: { readonly readyState: DocumentReadyState }
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number
  setTimeout(callback: () => void, ms: number): number
}

/** Resolves once the page's `load` event has fired (at once if it has). */
export function pageLoaded(scope: IdleScope = window): Promise<void> {
  if (scope.document.readyState === 'complete') return Promise.resolve()
  return new Promise((resolve) => scope.addEventListener('load', () => resolve(), { once: true }))
}

/**
 * Resolves `afterMs` from now, at the browser's next idle period (nothing else to do), or `timeoutMs`
 * later at the latest; where there are no idle callbacks (Safari), `afterMs + timeoutMs` from now. For
 * work that must not compete with the page's own (a service worker's install): a page that has just
 * become ready is idle for a moment before the answers it asked for arrive and are drawn, hence the
 * wait before asking.
 */
export function whenIdle(
  { afterMs, timeoutMs }: { readonly afterMs: number; readonly timeoutMs: number },
  scope: IdleScope = window,
): Promise<void> {
  return new Promise((resolve) => {
    scope.setTimeout(() => {
      if (scope.requestIdleCallback) scope.requestIdleCallback(() => resolve(), { timeout: timeoutMs })
      else scope.setTimeout(() => resolve(), timeoutMs)
    }, afterMs)
  })
}
