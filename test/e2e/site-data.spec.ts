import type { ErrorReportRequest, SiteEvent } from '@ludex/schemas'
import type { Page, Request } from '@playwright/test'
import {
  accountButton,
  newCredentials,
  pickOptions,
  SEEDED,
  signInOnboarded,
  verifiedUser,
} from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'

/*
 * Ludex's own site data in the browser (issue 18 points 4–6): page views and the sign-up's event only
 * with consent, browser error reports without the ignored TypeErrors, the admin panels that read
 * them, and deleting an account from Settings. The browser's requests are recorded on their way to the
 * real server (route.continue), so what is asserted is what the app sends.
 */

const CONSENT = 'ludex_cookie_preferences'

/** Records every batch the page sends to POST /api/analytics/events, letting it through. */
async function recordEvents(page: Page): Promise<SiteEvent[][]> {
  const batches: SiteEvent[][] = []
  await page.route('**/api/analytics/events', async (route) => {
    batches.push((route.request().postDataJSON() as { events: SiteEvent[] }).events)
    await route.continue()
  })
  return batches
}

async function recordReports(page: Page): Promise<ErrorReportRequest[]> {
  const reports: ErrorReportRequest[] = []
  await page.route('**/api/errors', async (route) => {
    if (route.request().method() === 'POST')
      reports.push(route.request().postDataJSON() as ErrorReportRequest)
    await route.continue()
  })
  return reports
}

const pageViews = (batches: SiteEvent[][]) =>
  batches.flat().flatMap((e) => (e.type === 'page_view' ? [e.path] : []))

/** Sets the consent cookie as the cookie prompt and Settings do. */
async function setConsent(page: Page, st: boolean): Promise<void> {
  await page
    .context()
    .addCookies([{ name: CONSENT, value: encodeURIComponent(JSON.stringify({ st })), url: page.url() }])
}

/** Leaving a page sends what waits (pagehide): the next address is the witness that a batch left. */
const sent = (request: Request) => request.url().endsWith('/api/analytics/events')

test.describe('first-party analytics', () => {
  test('page views are sent on route changes only while the cookie preferences allow it', async ({
    page,
  }) => {
    const batches = await recordEvents(page)
    await page.goto('/overview')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Experiences', exact: true }).click()
    await expect(page).toHaveURL(/\/experiences$/)
    await expect.poll(() => pageViews(batches), { timeout: 10_000 }).toEqual(['/overview', '/experiences'])
    const first = batches.flat()[0]
    expect(first).toMatchObject({
      type: 'page_view',
      path: '/overview',
      title: expect.stringContaining('Ludex'),
    })

    // Refused: the routes visited now send nothing, not even when the page is left (pagehide).
    await setConsent(page, false)
    // The title is set in the same commit's effects as the page view, so once it shows, the page view
    // has been decided (under the refusal); the address alone changes before that commit.
    await nav.getByRole('link', { name: 'Tags', exact: true }).click()
    await expect(page).toHaveURL(/\/tags$/)
    await expect(page).toHaveTitle('Tags | Ludex')
    await nav.getByRole('link', { name: 'Creators', exact: true }).click()
    await expect(page).toHaveURL(/\/creators$/)
    await expect(page).toHaveTitle('Creators | Ludex')
    // Allowed again: the next view is sent, and it is the only one after the refusal.
    await setConsent(page, true)
    const next = page.waitForRequest(sent)
    await nav.getByRole('link', { name: 'Genres', exact: true }).click()
    await expect(page).toHaveURL(/\/genres$/)
    await next
    // Recorded as the route handler sees it (after the request event): equal, never with /tags.
    await expect.poll(() => pageViews(batches)).toEqual(['/overview', '/experiences', '/genres'])
  })

  test('the server keeps nothing from a request whose cookie refuses tracking', async ({ page }) => {
    await page.goto('/overview')
    await setConsent(page, false)
    const refused = await page.request.post('/api/analytics/events', {
      data: { events: [{ type: 'page_view', path: '/refused', title: 't', referrer: '' }] },
    })
    expect(await refused.json()).toEqual({ accepted: 0 })
  })

  test('a sign-up sends Registered with the analytics id and the campaign first landed with', async ({
    page,
  }) => {
    const batches = await recordEvents(page)
    // The first landing, on /, carries the campaign; a later one with another does not replace it.
    await page.goto('/?utm_source=newsletter&utm_campaign=launch&token=not-kept')
    await expect(main(page).getByText('Tracked Games CCU').first()).toBeVisible()
    await page.goto('/?utm_source=other')
    const user = newCredentials('campaign', 'Cam', 'Paign')
    await page.goto('/sign-up')
    const form = page.getByRole('form', { name: 'Sign up' })
    await form.getByLabel('First Name').fill(user.firstName)
    await form.getByLabel('Last Name').fill(user.lastName)
    await form.getByLabel('Email').fill(user.email)
    await form.getByLabel('Password', { exact: true }).fill(user.password)
    await form.getByLabel('Confirm Password').fill(user.password)
    await pickOptions(page, form.getByLabel('Interests'), ['Obby'])
    await pickOptions(page, form.getByLabel('I am a'), ['Student'])
    const registered = page.waitForRequest(
      (r) =>
        sent(r) && (r.postDataJSON() as { events: SiteEvent[] }).events.some((e) => e.type === 'registered'),
    )
    await form.getByRole('button', { name: 'Sign Up' }).click()
    await registered
    await expect
      .poll(() => batches.flat().find((e) => e.type === 'registered'))
      .toEqual({
        type: 'registered',
        user_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        properties: { initial_utm_source: 'newsletter', initial_utm_campaign: 'launch' },
      })
    // Never the email or the name.
    expect(JSON.stringify(batches)).not.toContain(user.email)
  })
})

test.describe('error reports', () => {
  test('uncaught errors and rejections are reported with the release; the ignored TypeErrors are not', async ({
    page,
  }) => {
    const reports = await recordReports(page)
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await page.goto('/overview')
    await expect(main(page).getByText('Tracked Games CCU').first()).toBeVisible()
    // The ignored ones first: by the time the kept ones arrive, any report of them would have too.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('Failed to fetch')
      })
      void Promise.reject(new TypeError('Load failed'))
      void Promise.reject(new TypeError('The operation was aborted.'))
    })
    await expect.poll(() => pageErrors.length).toBeGreaterThanOrEqual(3)
    const kept = page.waitForRequest((r) => r.url().endsWith('/api/errors') && r.method() === 'POST')
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e uncaught error')
      })
      void Promise.reject(new RangeError('e2e unhandled rejection'))
    })
    await kept
    await expect.poll(() => reports.length).toBe(2)
    expect(reports.map((r) => [r.kind, r.name, r.message]).sort()).toEqual([
      ['error', 'Error', 'e2e uncaught error'],
      ['unhandledrejection', 'RangeError', 'e2e unhandled rejection'],
    ])
    for (const r of reports) {
      expect(r.release).toMatch(/^0\.1\.0(\+[0-9a-f]{4,40})?$/)
      expect(r.path).toBe('/overview')
    }
  })
})

test.describe('the users page’s panels (admin)', () => {
  test('Visitors: page views per day with the day in progress marked, top pages; Error Reports grouped', async ({
    page,
    snap,
  }) => {
    await signInOnboarded(page, SEEDED.admin)
    // What the panels show, sent as the browser sends it (a call without Origin is not a browser's,
    // and the origin check lets it through).
    expect(
      (
        await page.request.post('/api/analytics/events', {
          data: {
            events: [{ type: 'page_view', path: '/overview', title: 'Overview | Ludex', referrer: '' }],
          },
        })
      ).ok(),
    ).toBe(true)
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post('/api/errors', {
        data: {
          kind: 'error',
          name: 'Error',
          message: 'e2e panel error',
          stack: 'Error: e2e panel error\n    at panel (/assets/index.js:1:1)',
          path: '/users',
          release: '0.1.0+e2e',
        },
      })
      expect(await res.json()).toEqual({ accepted: 1 })
    }

    await page.goto('/users')
    const visitors = page.getByRole('region', { name: 'Visitors', exact: true })
    await expect(visitors).toBeVisible()
    const days = visitors.locator('rect[data-day]')
    await expect(days).toHaveCount(30)
    // The last column is the day in progress, and only it.
    await expect(visitors.locator('rect[data-partial]')).toHaveCount(1)
    await expect(days.last()).toHaveAttribute('data-partial', 'true')
    await expect(visitors.getByText('Today so far')).toBeVisible()
    const topPages = visitors.getByRole('table', { name: 'Top pages' })
    await expect(topPages.getByRole('cell', { name: '/overview', exact: true })).toBeVisible()

    const errors = page.getByRole('region', { name: 'Error Reports', exact: true })
    const row = errors.getByRole('row').filter({ hasText: 'Error: e2e panel error' })
    await expect(row).toBeVisible()
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^\d+$/)
    expect(Number(await row.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(2)
    await expect(row.getByText('0.1.0+e2e')).toBeVisible()
    await row.locator('summary').click()
    await expect(row.getByText('at panel (/assets/index.js:1:1)')).toBeVisible()
    await snap('users-site-data-panels')
  })

  test('are for admins only: the calls refuse a viewer', async ({ page }) => {
    await verifiedUser(page, 'panels-viewer')
    expect((await page.request.get('/api/analytics/visitors')).status()).toBe(403)
    expect((await page.request.get('/api/errors')).status()).toBe(403)
  })
})

test.describe('deleting an account from Settings', () => {
  test('confirmed with the password: signed out, on the overview, and the account is gone', async ({
    page,
    snap,
  }) => {
    const user = await verifiedUser(page, 'deleted', 'Del', 'Eted')
    await page.goto('/settings')
    const section = page.getByRole('region', { name: 'Delete Account' })
    await section.getByRole('button', { name: 'Delete Account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Password', { exact: true }).fill('not the password')
    await dialog.getByRole('button', { name: 'Delete Account' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('The password is not right')
    await snap('settings-delete-account')
    await dialog.getByLabel('Password', { exact: true }).fill(user.password)
    await dialog.getByRole('button', { name: 'Delete Account' }).click()
    await expect(page).toHaveURL(/\/overview$/)
    await expect(page.getByText('Your account was deleted')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()
    const again = await page.request.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
    })
    expect(again.status()).toBe(401)
  })

  test('the last admin is told why not, and keeps the account', async ({ page }) => {
    await signInOnboarded(page, SEEDED.admin)
    await page.goto('/settings')
    await page
      .getByRole('region', { name: 'Delete Account' })
      .getByRole('button', { name: 'Delete Account' })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByLabel('Password', { exact: true }).fill(SEEDED.admin.password)
    await dialog.getByRole('button', { name: 'Delete Account' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(
      'The last admin cannot delete their account: make another user admin first',
    )
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(accountButton(page, `${SEEDED.admin.firstName} ${SEEDED.admin.lastName}`)).toBeVisible()
    expect((await page.request.get('/api/auth/session')).ok()).toBe(true)
  })
})
