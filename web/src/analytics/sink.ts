import { readCookiePreferences } from '../account/cookie-preferences.ts'

/**
 * Analytics behind a pluggable sink (part 1 §2: a page-view event on every route change; part 2 §4: a
 * sign-up identifies the user and captures a Registered event). The analytics service itself is not
 * chosen yet; main.tsx installs a sink and the app reports to whichever is installed. Nothing is sent
 * when the cookie preferences forbid session tracking (st: false).
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
  /** Ties later events to a user: an opaque analytics id (never the database id) and its traits. */
  identify?(id: string, traits: Readonly<Record<string, string>>): void
  capture?(event: string, properties?: Readonly<Record<string, string>>): void
}

/** Drops events; in development it logs them so the wiring can be seen. */
export const defaultSink: AnalyticsSink = {
  pageView(event) {
    if (import.meta.env.DEV) console.debug('[analytics] page view', event.path)
  },
  capture(event) {
    if (import.meta.env.DEV) console.debug('[analytics] event', event)
  },
}

let current: AnalyticsSink = defaultSink

export function setAnalyticsSink(sink: AnalyticsSink): void {
  current = sink
}

/** Runs a report if tracking is allowed; analytics must never break the app. */
function report(send: (sink: AnalyticsSink) => void): void {
  try {
    if (!readCookiePreferences().st) return
    send(current)
  } catch {
    // Ignored: a failing sink is not the user's problem.
  }
}

export function trackPageView(path: string, title: string, referrer: string): void {
  report((sink) => sink.pageView({ path, title, referrer, time: Date.now() }))
}

export function identifyUser(id: string, traits: Readonly<Record<string, string>>): void {
  report((sink) => sink.identify?.(id, traits))
}

export function captureEvent(event: string, properties?: Readonly<Record<string, string>>): void {
  report((sink) => sink.capture?.(event, properties))
}
