import { createContext, useContext } from 'react'
import { readCookiePreferences } from '../account/cookie-preferences.ts'

/**
 * Analytics behind a pluggable sink (part 1 §2: a page-view event on every route change; part 2 §4: a
 * sign-up identifies the user and captures a Registered event). main.tsx creates the app's Analytics
 * over Ludex's own sink (first-party-sink.ts: POST /api/analytics/events, into Ludex's store) and
 * provides it (AnalyticsContext); components report through useAnalytics(). Nothing is sent when the
 * cookie preferences forbid session tracking (st: false), and the server refuses it too.
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

/** What the app reports through; one per app (main.tsx), handed to components by AnalyticsContext. */
export interface Analytics {
  trackPageView(path: string, title: string, referrer: string): void
  identifyUser(id: string, traits: Readonly<Record<string, string>>): void
  captureEvent(event: string, properties?: Readonly<Record<string, string>>): void
}

export function createAnalytics(sink: AnalyticsSink): Analytics {
  /** Runs a report if tracking is allowed; analytics must never break the app. */
  const report = (send: (sink: AnalyticsSink) => void): void => {
    try {
      if (!readCookiePreferences().st) return
      send(sink)
    } catch {
      // Ignored: a failing sink is not the user's problem.
    }
  }
  return {
    trackPageView: (path, title, referrer) =>
      report((s) => s.pageView({ path, title, referrer, time: Date.now() })),
    identifyUser: (id, traits) => report((s) => s.identify?.(id, traits)),
    captureEvent: (event, properties) => report((s) => s.capture?.(event, properties)),
  }
}

/** Drops every event: a server render's (its effects never run) and the default without a provider. */
export const noAnalytics: Analytics = { trackPageView() {}, identifyUser() {}, captureEvent() {} }

export const AnalyticsContext = createContext<Analytics>(noAnalytics)

export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext)
}
