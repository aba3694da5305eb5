/**
 * Page-view analytics behind a pluggable sink (part 1 §2: a page-view event on every route change).
 * The analytics service itself is not chosen yet; main.tsx installs a sink and the shell reports to
 * whichever is installed.
 */
export type PageViewEvent = {
  /** Path and search, never the hash (hashes can carry tokens). */
  path: string
  title: string
  referrer: string
  time: number
}

export interface AnalyticsSink {
  pageView(event: PageViewEvent): void
}

/** Drops events; in development it logs them so the wiring can be seen. */
export const defaultSink: AnalyticsSink = {
  pageView(event) {
    if (import.meta.env.DEV) console.debug('[analytics] page view', event.path)
  },
}

let current: AnalyticsSink = defaultSink

export function setAnalyticsSink(sink: AnalyticsSink): void {
  current = sink
}

export function trackPageView(path: string, title: string, referrer: string): void {
  try {
    current.pageView({ path, title, referrer, time: Date.now() })
  } catch {
    // Analytics must never break navigation.
  }
}
