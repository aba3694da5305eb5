import {
  initialCampaignProperties,
  SITE_EVENTS_MAX,
  SITE_PATH_MAX,
  SITE_TITLE_MAX,
  type SiteEvent,
} from '@ludex/schemas'
import { readCookiePreferences } from '../account/cookie-preferences.ts'
import type { AnalyticsSink } from './sink.ts'

/** Events wait this long for others to go in one request. */
export const ANALYTICS_FLUSH_DELAY_MS = 2000
export const SITE_EVENTS_PATH = '/api/analytics/events'

/** Sends one batch; the first-party sink sends `{ events }` to SITE_EVENTS_PATH. */
export type SendEvents = (body: { readonly events: readonly SiteEvent[] }) => void

export interface FirstPartySinkOptions {
  /** The campaign the visitor first landed with (campaign.ts), read when a sign-up is captured. */
  readonly campaign: () => Record<string, string>
  readonly send?: SendEvents
  readonly flushDelayMs?: number
  /** Where `pagehide` is listened for (a page closing sends what waits); default window. */
  readonly target?: Pick<Window, 'addEventListener'>
}

/**
 * POSTs with keepalive, so a batch sent while the page closes still leaves; the answer is not read (the
 * server says how many it kept, and refuses events without consent itself). Never throws.
 */
export const sendEvents: SendEvents = (body) => {
  void fetch(SITE_EVENTS_PATH, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined)
}

/**
 * Ludex's own analytics (issue 18 point 5): page views and the sign-up's Registered event, batched (up
 * to SITE_EVENTS_MAX per request, ANALYTICS_FLUSH_DELAY_MS apart, at once when the page is hidden or
 * closed) to POST /api/analytics/events. createAnalytics only hands events over with consent; a batch
 * waiting when consent is withdrawn is dropped. A sign-up is identified by its analytics id alone: the
 * identity's email and names are never sent.
 */
export function createFirstPartySink(options: FirstPartySinkOptions): AnalyticsSink & { flush(): void } {
  const send = options.send ?? sendEvents
  const delay = options.flushDelayMs ?? ANALYTICS_FLUSH_DELAY_MS
  let queue: SiteEvent[] = []
  let timer: ReturnType<typeof setTimeout> | null = null
  let userId: string | null = null

  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = null
    const batch = queue
    queue = []
    if (batch.length === 0 || !readCookiePreferences().st) return
    for (let i = 0; i < batch.length; i += SITE_EVENTS_MAX)
      send({ events: batch.slice(i, i + SITE_EVENTS_MAX) })
  }
  const enqueue = (event: SiteEvent) => {
    queue.push(event)
    if (queue.length >= SITE_EVENTS_MAX) flush()
    else timer ??= setTimeout(flush, delay)
  }
  const target = options.target ?? (typeof window === 'undefined' ? null : window)
  target?.addEventListener('pagehide', flush)
  target?.addEventListener('visibilitychange', () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') flush()
  })

  return {
    pageView: ({ path, title, referrer }) => {
      // As the server takes it: a path with no white space (an address's own is encoded already).
      const clean = path.replace(/\s/g, encodeURIComponent).slice(0, SITE_PATH_MAX)
      enqueue({
        type: 'page_view',
        path: clean,
        title: title.slice(0, SITE_TITLE_MAX),
        referrer: referrer.slice(0, SITE_PATH_MAX),
      })
    },
    identify: (id) => {
      userId = id
    },
    capture: (event) => {
      // The one event the product captures (part 2 §4); the server knows no other.
      if (event !== 'Registered' || !userId) return
      enqueue({
        type: 'registered',
        user_id: userId,
        properties: initialCampaignProperties(options.campaign()),
      })
      // A sign-up is rare and worth not losing to a closing tab.
      flush()
    },
    flush,
  }
}
