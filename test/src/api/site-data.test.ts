import {
  COOKIE_PREFERENCES_NAME,
  ERROR_REPORT_MAX_BODY_BYTES,
  PARTIAL_FROM_HEADER,
  periodStart,
  SCHEMA_VERSION,
  SITE_EVENTS_MAX,
  SITE_EVENTS_MAX_BODY_BYTES,
  type SiteEventV1,
  topics,
} from '@ludex/schemas'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, type ErrorBody, getJson, sendJson, startApiFixture } from './fixture.ts'

/*
 * The first-party site data calls over real HTTP, through the real bus and sink into chDB (issue 18
 * points 5 and 6). The API's clock stands within the last day, so the store's TTLs (measured from the
 * real now) keep what the tests write.
 */
const HOUR = 3_600_000
const DAY = 24 * HOUR
/** The day in progress starts at 01:00 UTC; "now" is 13 hours into it. */
const TODAY = periodStart(Date.now(), 'day')
const NOW = TODAY + 13 * HOUR
const LIMITS = { events: 5, errors: 3 }

const refused = `${COOKIE_PREFERENCES_NAME}=${encodeURIComponent(JSON.stringify({ st: false }))}`
const allowed = `${COOKIE_PREFERENCES_NAME}=${encodeURIComponent(JSON.stringify({ st: true }))}`

const pageView = (path: string, extra: Record<string, unknown> = {}) => ({
  type: 'page_view',
  path,
  title: 'Overview | Ludex',
  referrer: '',
  ...extra,
})
const report = (extra: Record<string, unknown> = {}) => ({
  kind: 'error',
  name: 'Error',
  message: 'Something broke',
  stack: 'Error: Something broke\n    at render (/assets/index-abc.js:1:2)',
  path: '/experiences/920587237',
  release: '0.1.0+4897100',
  ...extra,
})

interface SiteRow {
  event: string
  path: string
  title: string
  referrer: string
  user_id: string
  client_ip: string
  at: string
}

describe('first-party site data', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture({
      store: 'empty',
      now: () => NOW,
      env: { RATE_LIMIT_SITE_EVENTS: String(LIMITS.events), RATE_LIMIT_ERROR_REPORTS: String(LIMITS.errors) },
    })
  })
  afterAll(() => f?.close())
  // Each test starts with whole budgets: the rate windows (a minute) run on the accounts' clock.
  beforeEach(() => f.advanceClock(61_000))

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    sendJson<{ accepted: number } & Partial<ErrorBody>>(f, 'POST', path, body, headers)
  const siteRows = async (path: string) => {
    await f.bus.drain()
    return f.raw<SiteRow>(
      `SELECT event, path, title, referrer, user_id, client_ip, toString(at) AS at
       FROM site_events FINAL WHERE path = {path:String} ORDER BY event, at`,
      { path },
    )
  }

  describe('POST /api/analytics/events', () => {
    it('takes page views and the Registered event into the store, with the server’s time and the address', async () => {
      const res = await post('/api/analytics/events', {
        events: [
          pageView('/tags?sort=name', { referrer: 'https://example.com/page?q=1#token=secret' }),
          {
            type: 'registered',
            user_id: 'c1d5c4de-0a4b-4a47-8f33-9c0f1b2e3a4d',
            properties: { initial_utm_source: 'newsletter', initial_utm_campaign: 'launch' },
          },
        ],
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ accepted: 2 })
      const [view] = await siteRows('/tags?sort=name')
      expect(view).toMatchObject({
        event: 'page_view',
        title: 'Overview | Ludex',
        // The hash of a referrer is never kept.
        referrer: 'https://example.com/page?q=1',
        user_id: '',
        at: new Date(NOW).toISOString().replace('T', ' ').slice(0, 19),
      })
      expect(view?.client_ip).toMatch(/127\.0\.0\.1$/)
      const signUps = await f.raw<{ user_id: string; properties: Record<string, string>; client_ip: string }>(
        `SELECT user_id, properties, client_ip FROM site_events FINAL WHERE event = 'registered'`,
      )
      expect(signUps).toHaveLength(1)
      expect(signUps[0]).toMatchObject({
        user_id: 'c1d5c4de-0a4b-4a47-8f33-9c0f1b2e3a4d',
        properties: { initial_utm_source: 'newsletter', initial_utm_campaign: 'launch' },
      })
    })

    it('keeps nothing when the cookie preferences refuse session tracking, and takes it when they allow it', async () => {
      const no = await post(
        '/api/analytics/events',
        { events: [pageView('/consent-no')] },
        { cookie: refused },
      )
      expect(no.status).toBe(200)
      expect(no.body).toEqual({ accepted: 0 })
      // Whatever else the request carries: other cookies, a session.
      const withSession = await asUser(f)
      const noAgain = await sendJson(
        withSession,
        'POST',
        '/api/analytics/events',
        { events: [pageView('/consent-no')] },
        { cookie: `${withSession.headers?.cookie}; ${refused}` },
      )
      expect(noAgain.body).toEqual({ accepted: 0 })
      const yes = await post(
        '/api/analytics/events',
        { events: [pageView('/consent-yes')] },
        { cookie: allowed },
      )
      expect(yes.body).toEqual({ accepted: 1 })
      expect(await siteRows('/consent-no')).toEqual([])
      expect(await siteRows('/consent-yes')).toHaveLength(1)
    })

    it('refuses malformed events with a 400 naming the field', async () => {
      const bad = async (body: unknown, field: string) => {
        const res = await post('/api/analytics/events', body)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.body.error?.details?.map((d) => d.field)).toContain(field)
      }
      await bad({}, 'body.events')
      await bad({ events: [] }, 'body.events')
      await bad({ events: Array.from({ length: SITE_EVENTS_MAX + 1 }, () => pageView('/x')) }, 'body.events')
      await bad({ events: [pageView('overview')] }, 'body.events.0.path')
      await bad({ events: [pageView('/a#token=x')] }, 'body.events.0.path')
      await bad({ events: [pageView('/a', { title: 't'.repeat(301) })] }, 'body.events.0.title')
      await bad({ events: [{ type: 'click', path: '/' }] }, 'body.events.0.type')
      await bad({ events: [{ type: 'registered', user_id: 'x', properties: {} }] }, 'body.events.0.user_id')
      await bad(
        { events: [{ type: 'registered', user_id: 'abcdefgh-1234', properties: { initial_utm_source: 7 } }] },
        'body.events.0.properties.initial_utm_source',
      )
      expect(await siteRows('overview')).toEqual([])
    })

    it('refuses a body over its cap with 413 before reading it as JSON', async () => {
      const res = await post('/api/analytics/events', {
        events: [pageView('/big')],
        padding: 'x'.repeat(SITE_EVENTS_MAX_BODY_BYTES),
      })
      expect(res.status).toBe(413)
      expect(res.body.error?.code).toBe('payload_too_large')
      expect(await siteRows('/big')).toEqual([])
    })

    it('limits requests per client address, with Retry-After', async () => {
      for (let i = 0; i < LIMITS.events; i++) {
        expect((await post('/api/analytics/events', { events: [pageView(`/limited-${i}`)] })).status).toBe(
          200,
        )
      }
      const over = await post('/api/analytics/events', { events: [pageView('/limited-over')] })
      expect(over.status).toBe(429)
      expect(over.body.error?.code).toBe('rate_limited')
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await siteRows('/limited-over')).toEqual([])
      // A refused consent costs nothing and is answered as always.
      expect(
        (await post('/api/analytics/events', { events: [pageView('/x')] }, { cookie: refused })).status,
      ).toBe(200)
      f.advanceClock(61_000)
      expect((await post('/api/analytics/events', { events: [pageView('/limited-after')] })).status).toBe(200)
    })
  })

  describe('POST /api/errors', () => {
    const reports = async (message: string) => {
      await f.bus.drain()
      return f.raw<{ name: string; release: string; user_agent: string; path: string; stack: string }>(
        'SELECT name, release, user_agent, path, stack FROM error_reports FINAL WHERE message = {message:String}',
        { message },
      )
    }

    it('keeps a report with its release, page and browser, and no address', async () => {
      const res = await post('/api/errors', report({ message: 'kept report' }), {
        'user-agent': 'TestBrowser/1.0',
      })
      expect(res.body).toEqual({ accepted: 1 })
      expect(await reports('kept report')).toEqual([
        {
          name: 'Error',
          release: '0.1.0+4897100',
          user_agent: 'TestBrowser/1.0',
          path: '/experiences/920587237',
          stack: 'Error: Something broke\n    at render (/assets/index-abc.js:1:2)',
        },
      ])
      const columns = await f.raw<{ name: string }>(
        "SELECT name FROM system.columns WHERE database = currentDatabase() AND table = 'error_reports'",
      )
      expect(columns.map((c) => c.name)).not.toContain('client_ip')
    })

    it('ignores the TypeErrors of part 2 §8, and only those', async () => {
      for (const message of ['Failed to fetch', 'Load failed', 'The operation was aborted. ']) {
        const res = await post('/api/errors', report({ name: 'TypeError', message }))
        expect(res.body, message).toEqual({ accepted: 0 })
        expect(await reports(message)).toEqual([])
      }
      const other = await post('/api/errors', report({ name: 'Error', message: 'Failed to fetch' }))
      expect(other.body).toEqual({ accepted: 1 })
      expect(await reports('Failed to fetch')).toHaveLength(1)
    })

    it('is taken whatever the cookie preferences say (no session tracking in it)', async () => {
      const res = await post('/api/errors', report({ message: 'with consent refused' }), { cookie: refused })
      expect(res.body).toEqual({ accepted: 1 })
    })

    it('refuses malformed reports (400 naming the field) and oversized ones (413)', async () => {
      const bad = async (body: unknown, field: string) => {
        const res = await post('/api/errors', body)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.body.error?.details?.map((d) => d.field)).toContain(field)
      }
      await bad(report({ release: undefined }), 'body.release')
      await bad(report({ release: 'a b' }), 'body.release')
      await bad(report({ kind: 'warning' }), 'body.kind')
      await bad(report({ message: 'm'.repeat(1001) }), 'body.message')
      const big = await post('/api/errors', report({ stack: 's'.repeat(ERROR_REPORT_MAX_BODY_BYTES) }))
      expect(big.status).toBe(413)
    })

    it('limits reports per client address', async () => {
      for (let i = 0; i < LIMITS.errors; i++) {
        expect((await post('/api/errors', report({ message: `limited ${i}` }))).status).toBe(200)
      }
      const over = await post('/api/errors', report({ message: 'limited over' }))
      expect(over.status).toBe(429)
      expect(await reports('limited over')).toEqual([])
    })
  })

  describe('what admins read (LIST_USERS)', () => {
    const event = (at: number, path: string, id: number, kind: 'page_view' | 'registered' = 'page_view') =>
      ({
        schema_version: SCHEMA_VERSION,
        id: `feed${String(id).padStart(28, '0')}`,
        event: kind,
        at,
        path,
        title: '',
        referrer: '',
        user_id: '',
        properties: {},
        client_ip: '',
      }) satisfies SiteEventV1

    it('is refused to visitors and to users without the permission', async () => {
      for (const path of ['/api/analytics/visitors', '/api/errors']) {
        expect((await getJson(f, path)).status, path).toBe(401)
        expect((await getJson(await asUser(f, 'editor'), path)).status, path).toBe(403)
      }
    })

    it('counts page views per whole day, the day in progress named by X-Ludex-Partial-From', async () => {
      const admin = await asUser(f, 'admin')
      const before = await getJson<{
        days: { date: string; page_views: number }[]
        top_pages: { path: string; page_views: number }[]
        sign_ups: number
      }>(admin, '/api/analytics/visitors?days=7')
      const baseline = new Map(before.body.days.map((d) => [d.date, d.page_views]))
      // Hand-worked: the product's day starts at 01:00 UTC, so 00:30 belongs to the day before.
      const yesterday = TODAY - DAY
      await f.bus.publish(topics.siteEvents, [
        event(yesterday + 5 * HOUR, '/genres?x=1', 1),
        event(yesterday + 6 * HOUR, '/genres?x=2', 2),
        event(TODAY - 30 * 60_000, '/genres', 3), // 00:30: yesterday's
        event(TODAY + HOUR, '/genres', 4),
        event(TODAY - 3 * DAY, '/creators', 5),
        event(TODAY - 7 * DAY, '/creators', 6), // before the 7 days asked
        event(TODAY + 2 * HOUR, '', 7, 'registered'),
      ])
      // A redelivered message counts once.
      await f.bus.publish(topics.siteEvents, [event(TODAY + HOUR, '/genres', 4)])
      await f.bus.drain()

      const res = await getJson<typeof before.body>(admin, '/api/analytics/visitors?days=7')
      expect(res.status).toBe(200)
      expect(res.headers.get(PARTIAL_FROM_HEADER)).toBe(new Date(TODAY).toISOString())
      expect(res.body.days.map((d) => d.date)).toEqual(
        Array.from({ length: 7 }, (_, i) => new Date(TODAY - (6 - i) * DAY).toISOString()),
      )
      const added = Object.fromEntries(
        res.body.days.map((d) => [d.date, d.page_views - (baseline.get(d.date) ?? 0)]),
      )
      expect(added).toEqual({
        [new Date(TODAY - 6 * DAY).toISOString()]: 0,
        [new Date(TODAY - 5 * DAY).toISOString()]: 0,
        [new Date(TODAY - 4 * DAY).toISOString()]: 0,
        [new Date(TODAY - 3 * DAY).toISOString()]: 1,
        [new Date(TODAY - 2 * DAY).toISOString()]: 0,
        [new Date(yesterday).toISOString()]: 3,
        [new Date(TODAY).toISOString()]: 1,
      })
      expect(res.body.sign_ups).toBe(before.body.sign_ups + 1)
      const genres = res.body.top_pages.find((p) => p.path === '/genres')
      const beforeGenres = before.body.top_pages.find((p) => p.path === '/genres')?.page_views ?? 0
      // Paths without their query: /genres?x=1 and /genres?x=2 are /genres.
      expect(genres?.page_views).toBe(beforeGenres + 4)
      expect(res.body.top_pages.map((p) => p.path)).not.toContain('/genres?x=1')
      const counts = res.body.top_pages.map((p) => p.page_views)
      expect(counts).toEqual(counts.toSorted((a, b) => b - a))
    })

    it('answers 30 days by default and refuses other day counts naming the parameter', async () => {
      const admin = await asUser(f, 'admin')
      const res = await getJson<{ days: { date: string }[] }>(admin, '/api/analytics/visitors')
      expect(res.body.days).toHaveLength(30)
      expect(res.body.days.at(-1)?.date).toBe(new Date(TODAY).toISOString())
      for (const days of ['0', '91', '7.5', 'x', '-1', '007']) {
        const bad = await getJson<ErrorBody>(admin, `/api/analytics/visitors?days=${days}`)
        expect(bad.status, days).toBe(400)
        expect(bad.body.error.details?.map((d) => d.field)).toContain('days')
      }
    })

    it('groups the latest error reports by error and message, newest first, with their releases', async () => {
      const admin = await asUser(f, 'admin')
      const at = (ms: number, message: string, release: string, id: number, stack = 'stack') => ({
        schema_version: SCHEMA_VERSION,
        id: `e${String(id).padStart(31, '0')}`,
        at: ms,
        kind: 'error' as const,
        name: 'TypeError',
        message,
        stack,
        path: `/page-${id}`,
        release,
        user_agent: '',
      })
      await f.bus.publish(topics.errorReports, [
        at(NOW - 5 * DAY, 'x is undefined', '0.1.0+aaa', 1, 'old stack'),
        at(NOW - 2 * DAY, 'x is undefined', '0.1.0+bbb', 2, 'newer stack'),
        at(NOW - DAY, 'x is undefined', '0.1.0+aaa', 3, 'newest stack'),
        at(NOW - 3 * HOUR, 'y is not a function', '0.1.0+bbb', 4),
        at(NOW - 40 * DAY, 'too old to list', '0.1.0+aaa', 5),
      ])
      await f.bus.drain()
      const res = await getJson<
        {
          name: string
          message: string
          count: number
          first_seen: string
          last_seen: string
          releases: string[]
          stack: string
          path: string
        }[]
      >(admin, '/api/errors')
      expect(res.status).toBe(200)
      const mine = res.body.filter((g) =>
        ['x is undefined', 'y is not a function', 'too old to list'].includes(g.message),
      )
      expect(mine).toEqual([
        {
          name: 'TypeError',
          message: 'y is not a function',
          count: 1,
          first_seen: new Date(NOW - 3 * HOUR).toISOString(),
          last_seen: new Date(NOW - 3 * HOUR).toISOString(),
          releases: ['0.1.0+bbb'],
          stack: 'stack',
          path: '/page-4',
        },
        {
          name: 'TypeError',
          message: 'x is undefined',
          count: 3,
          first_seen: new Date(NOW - 5 * DAY).toISOString(),
          last_seen: new Date(NOW - DAY).toISOString(),
          releases: ['0.1.0+aaa', '0.1.0+bbb'],
          stack: 'newest stack',
          path: '/page-3',
        },
      ])
    })
  })
})
