import type { SiteEvent } from '@ludex/schemas'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { writeCookiePreferences } from '../account/cookie-preferences.ts'
import { createFirstPartySink } from './first-party-sink.ts'
import { createAnalytics } from './sink.ts'

function harness(campaign: Record<string, string> = {}) {
  const sent: SiteEvent[][] = []
  const target = new EventTarget()
  const sink = createFirstPartySink({
    campaign: () => campaign,
    send: (body) => sent.push([...body.events]),
    flushDelayMs: 2000,
    target: target as unknown as Window,
  })
  return { sent, sink, target, analytics: createAnalytics(sink) }
}

describe('the first-party analytics sink', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    writeCookiePreferences({ st: true })
  })
  afterEach(() => {
    vi.useRealTimers()
    writeCookiePreferences({ st: true })
  })

  it('batches page views and sends them once the flush delay has passed', () => {
    const { sent, analytics } = harness()
    analytics.trackPageView('/overview', 'Overview | Ludex', '')
    analytics.trackPageView('/tags?x=1', 'Tags | Ludex', 'http://localhost/overview')
    vi.advanceTimersByTime(1999)
    expect(sent).toEqual([])
    vi.advanceTimersByTime(1)
    expect(sent).toEqual([
      [
        { type: 'page_view', path: '/overview', title: 'Overview | Ludex', referrer: '' },
        {
          type: 'page_view',
          path: '/tags?x=1',
          title: 'Tags | Ludex',
          referrer: 'http://localhost/overview',
        },
      ],
    ])
  })

  it('sends at once when the page is hidden or closed', () => {
    const { sent, analytics, target } = harness()
    analytics.trackPageView('/overview', 'Overview', '')
    target.dispatchEvent(new Event('pagehide'))
    expect(sent).toHaveLength(1)
  })

  it('sends nothing without consent, even what waited from before it was withdrawn', () => {
    const { sent, analytics } = harness()
    analytics.trackPageView('/before', 'x', '')
    writeCookiePreferences({ st: false })
    analytics.trackPageView('/after', 'x', '')
    vi.advanceTimersByTime(5000)
    expect(sent).toEqual([])
  })

  it('identifies a sign-up by its analytics id alone, with the initial campaign prefixed initial_', () => {
    const { sent, analytics } = harness({ utm_source: 'newsletter', utm_campaign: 'launch' })
    analytics.identifyUser('c1d5c4de-0a4b-4a47-8f33-9c0f1b2e3a4d', {
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
    })
    analytics.captureEvent('Registered')
    // A sign-up does not wait for the delay.
    expect(sent).toEqual([
      [
        {
          type: 'registered',
          user_id: 'c1d5c4de-0a4b-4a47-8f33-9c0f1b2e3a4d',
          properties: { initial_utm_source: 'newsletter', initial_utm_campaign: 'launch' },
        },
      ],
    ])
    expect(JSON.stringify(sent)).not.toContain('ada@example.com')
  })

  it('splits a long queue into requests of at most 20 events', () => {
    const { sent, analytics } = harness()
    for (let i = 0; i < 45; i++) analytics.trackPageView(`/p/${i}`, 't', '')
    vi.advanceTimersByTime(2000)
    expect(sent.map((b) => b.length)).toEqual([20, 20, 5])
  })

  it('encodes white space in a path the way an address does', () => {
    const { sent, analytics } = harness()
    analytics.trackPageView('/experiences/a b', 't', '')
    vi.advanceTimersByTime(2000)
    expect(sent[0]?.[0]).toMatchObject({ path: '/experiences/a%20b' })
  })
})
