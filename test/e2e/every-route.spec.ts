import type { ConsoleMessage, Page } from '@playwright/test'
import { SEEDED, signInOnboarded } from './support/accounts.ts'
import { expect, main, TEXT, test } from './support/fixtures.ts'
import { watchNetwork } from './support/network.ts'
import { curatedTag } from './support/tags.ts'

/**
 * Every screen loads without a word in the console and without a failed request (issue 13, point 9):
 * each route of part 1, the creators and genre pages and each placeholder of part 2, as a visitor and,
 * where it differs, signed in.
 * A failed request is any same-origin answer of 400 or more (or a request that failed outright), except
 * on a page whose expected status is 404 (a bad id, an unknown path): the page itself and the API's 404s
 * for what does not exist. Images come from the platform's image service,
 * which the sandbox cannot reach: those requests are refused up front and their failures ignored.
 */

interface RouteCase {
  readonly path: string
  /** The page's own status (the document's). */
  readonly status?: number
  /** Where the app ends up (a redirect); the path itself by default. */
  readonly lands?: string
  /** What the page shows once drawn: its h1, or another text. */
  readonly shows: string
}

const VISITOR_ROUTES = (top: { place_id: number; name: string }): RouteCase[] => [
  { path: '/', shows: 'Tracked Games CCU' },
  { path: '/overview', shows: 'Tracked Games CCU' },
  { path: '/experiences', shows: 'Experiences' },
  { path: `/experiences/${top.place_id}`, shows: top.name },
  { path: '/experiences/1', status: 404, shows: TEXT.notFoundTitle },
  { path: '/experiences/abc', status: 404, shows: TEXT.notFoundTitle },
  { path: '/experiences/1.5', status: 404, shows: TEXT.notFoundTitle },
  { path: '/experiences/Mr.Bean', status: 404, shows: TEXT.notFoundTitle },
  { path: '/nonexistent', status: 404, shows: 'Tracked Games CCU' },
  { path: '/some.page', status: 404, shows: 'Tracked Games CCU' },
  { path: '/places', lands: '/experiences', shows: 'Experiences' },
  { path: '/sign-in', shows: 'Explore comprehensive real-time Roblox data' },
  { path: '/sign-up', shows: 'Sign up for free to access additional features and historical data' },
  { path: '/settings', shows: 'Not logged in.' },
  { path: '/users', lands: '/', shows: 'Tracked Games CCU' },
  { path: '/tags', shows: 'Tags' },
  // No tag has id 2147483000: the API's 404, the 404 page.
  { path: '/tags/2147483000', status: 404, shows: TEXT.notFoundTitle },
  { path: '/tags/abc', status: 404, shows: TEXT.notFoundTitle },
  { path: '/creators', shows: 'Creators' },
  // No creator has id 7 in the simulator: the API's 404, the 404 page.
  { path: '/creators/7', status: 404, shows: TEXT.notFoundTitle },
  { path: '/genres', shows: 'Genres' },
  { path: '/genres/obby', shows: 'Obby' },
  { path: '/genres/obby/classic-obby', shows: 'Classic Obby' },
  // A platform genre_l1 is not a genre of the product.
  { path: '/genres/simulation', status: 404, shows: TEXT.notFoundTitle },
  { path: '/genres/obby/tycoon', status: 404, shows: TEXT.notFoundTitle },
  { path: '/daily-picks', shows: 'Daily Picks' },
  { path: '/rankings/8', shows: 'Most Popular' },
  { path: '/rankings/0', status: 404, shows: TEXT.notFoundTitle },
  { path: '/compare/experiences', lands: '/overview', shows: 'Tracked Games CCU' },
  { path: '/compare/tags', lands: '/overview', shows: 'Tracked Games CCU' },
  { path: '/compare/experience-tag', lands: '/overview', shows: 'Tracked Games CCU' },
  { path: '/robux', lands: '/', shows: 'Tracked Games CCU' },
  { path: '/deep-link', lands: '/', shows: 'Tracked Games CCU' },
  { path: '/event-credentials', lands: '/', shows: 'Tracked Games CCU' },
  { path: '/code-library', lands: '/', shows: 'Tracked Games CCU' },
  { path: '/terms-of-use', shows: 'Terms of Use' },
  { path: '/privacy-policy', shows: 'Privacy Policy' },
  { path: '/cookie-policy', shows: 'Cookie Policy' },
  { path: '/methodology', shows: 'Methodology' },
]

/** What differs for a signed-in admin: the locked and staff pages open, the account screens send on. */
const ADMIN_ROUTES = (top: { place_id: number; name: string }): RouteCase[] => [
  { path: '/overview', shows: 'Tracked Games CCU' },
  { path: `/experiences/${top.place_id}`, shows: top.name },
  { path: '/experiences', shows: 'Experiences' },
  { path: '/settings', shows: 'Settings' },
  { path: '/users', shows: 'User Management' },
  { path: '/sign-in', lands: '/overview', shows: 'Tracked Games CCU' },
  { path: '/compare/experiences', shows: 'Compare Experiences' },
  { path: '/compare/tags', shows: 'Compare Tags' },
  { path: '/compare/experience-tag', shows: 'Compare Experience vs Tag' },
  { path: '/robux', shows: 'Robux Converter' },
  { path: '/deep-link', shows: 'Roblox-style Deep Link' },
  { path: '/event-credentials', shows: 'Event Credentials' },
  { path: '/code-library', shows: 'Code Library' },
  { path: '/tags', shows: 'Tags' },
]

type Seen = Awaited<ReturnType<typeof watch>>

/**
 * Records what the pages say and ask while they load: console warnings and errors, uncaught errors,
 * same-origin answers of 400 or more and same-origin requests that failed; and the app's fetch calls
 * (a preload the app never fetches is one the browser warns about, seconds after the load).
 */
async function watch(page: Page) {
  const local = (url: string) => /^http:\/\/127\.0\.0\.1[:/]/.test(url)
  await page.context().route(
    (url) => !local(url.href),
    (route) => route.abort(),
  )
  await page.addInitScript(() => {
    const calls: string[] = []
    ;(window as unknown as { __fetched: string[] }).__fetched = calls
    const fetch = window.fetch.bind(window)
    window.fetch = (input, init) => {
      calls.push(new URL(input instanceof Request ? input.url : String(input), window.location.href).href)
      return fetch(input, init)
    }
  })
  const problems: string[] = []
  const failed: { url: string; status: number | string }[] = []
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() !== 'warning' && m.type() !== 'error') return
    // A failed load is judged by its request below (the image service's are refused on purpose).
    if (m.text().startsWith('Failed to load resource')) return
    problems.push(`${m.type()}: ${m.text().slice(0, 400)}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('response', (r) => {
    if (r.status() >= 400 && local(r.url())) failed.push({ url: r.url(), status: r.status() })
  })
  page.on('requestfailed', (r) => {
    // A request the app cancels (a query dropped by a navigation) is not a failure.
    const error = r.failure()?.errorText ?? ''
    if (local(r.url()) && error !== 'net::ERR_ABORTED') failed.push({ url: r.url(), status: error })
  })
  return { problems, failed, network: watchNetwork(page) }
}

async function visit(page: Page, c: RouteCase, seen: Seen): Promise<void> {
  const before = { problems: seen.problems.length, failed: seen.failed.length }
  const status = c.status ?? 200
  const response = await page.goto(c.path)
  expect(response?.status(), `${c.path}: status`).toBe(status)
  await expect(page, `${c.path}: lands`).toHaveURL((url) => url.pathname === (c.lands ?? c.path))
  await expect(main(page).getByText(c.shows, { exact: true }).first(), `${c.path}: shows`).toBeVisible()
  // Whatever the page started loading has settled.
  await seen.network.settled()
  const fetched = await page.evaluate(() => (window as unknown as { __fetched: string[] }).__fetched)
  const preloads = await page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href))
  const pageUrl = new URL(c.path, page.url()).href
  // A 404 page's own 404s are expected: the page itself, and on an experience that does not exist its
  // lookups (the experience, and the chart data the loader asked for alongside it).
  const expected = (f: { url: string; status: number | string }) =>
    f.status === 404 && status === 404 && (f.url === pageUrl || new URL(f.url).pathname.startsWith('/api/'))
  const failed = seen.failed
    .slice(before.failed)
    .filter((f) => !(f.url === pageUrl && f.status === status) && !expected(f))
    .map((f) => `${f.status} ${f.url}`)
  expect(
    {
      console: seen.problems.slice(before.problems),
      failed,
      unusedPreloads: preloads.filter((href) => !fetched.includes(href)),
    },
    c.path,
  ).toEqual({ console: [], failed: [], unusedPreloads: [] })
}

test.describe('every route loads without console noise or failed requests', () => {
  test('as a visitor', async ({ page, browser, experiences }) => {
    // A ceiling, not a budget: the sweep grows with every page, and a busy 2-core runner is slow.
    test.setTimeout(300_000)
    const tagName = `Route sweep ${Date.now().toString(36)}`
    const tag = await curatedTag(
      browser,
      tagName,
      experiences.slice(0, 4).map((e) => e.place_id),
    )
    const tagId = tag.id
    const seen = await watch(page)
    const [creator] = (await (await page.request.get('/api/creator')).json()) as {
      id: number
      name: string
    }[]
    for (const c of [
      ...VISITOR_ROUTES(experiences[0]!),
      { path: `/creators/${creator!.id}`, shows: creator!.name },
      { path: `/tags/${tagId}`, shows: tagName },
    ])
      await visit(page, c, seen)
    await tag.remove()
  })

  test('as a returning visitor: remembered choices and a clock ahead of the server hydrate as drawn', async ({
    page,
    experiences,
  }) => {
    // What this browser remembers (a collapsed sidebar, a closed Compare group, a page size) is not
    // known to the server; neither is its clock, here some minutes ahead (the charts' first view ends
    // at the minute the page was drawn for).
    test.setTimeout(240_000)
    await page.addInitScript(() => {
      localStorage.setItem('ludex-sidebar-mode', JSON.stringify('minimal'))
      localStorage.setItem('ludex-nav-group-compare', 'false')
      localStorage.setItem('ludex:table:experiences:page-size', '50')
    })
    await page.clock.setFixedTime(Date.now() + 7 * 60_000)
    const seen = await watch(page)
    const [creator] = (await (await page.request.get('/api/creator')).json()) as {
      id: number
      name: string
    }[]
    const pages: RouteCase[] = [
      { path: '/overview', shows: 'Tracked Games CCU' },
      { path: '/experiences', shows: 'Experiences' },
      ...experiences.slice(0, 3).map((e) => ({ path: `/experiences/${e.place_id}`, shows: e.name })),
      // Its chart's first view ends at the loader's minute, as an experience's do.
      { path: `/creators/${creator!.id}`, shows: creator!.name },
    ]
    for (const c of pages) {
      await visit(page, c, seen)
      await page.reload()
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
      await seen.network.settled()
      expect(seen.problems, `${c.path} reloaded`).toEqual([])
    }
    // The remembered choices did apply once hydrated.
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
  })

  test('signed in as an admin', async ({ page, browser, experiences }) => {
    test.setTimeout(300_000)
    const tagName = `Admin sweep ${Date.now().toString(36)}`
    const tag = await curatedTag(
      browser,
      tagName,
      experiences.slice(0, 4).map((e) => e.place_id),
    )
    const tagId = tag.id
    await signInOnboarded(page, SEEDED.admin)
    const seen = await watch(page)
    const [a, b, c3] = experiences.map((e) => e.place_id)
    // The compare pages with a selection: tables, charts, a tag's band, alignment by launch. Each
    // address differs from the one before by more than its hash, so each is a page load.
    const comparisons: RouteCase[] = [
      { path: `/compare/experiences#exp=${a},${b}`, lands: '/compare/experiences', shows: 'Daily CCU' },
      {
        path: `/compare/experiences?align=launch#exp=${a},${b}`,
        lands: '/compare/experiences',
        shows: 'Daily CCU',
      },
      {
        path: `/compare/experience-tag#tag-1=${tagId}&exp=${c3}`,
        lands: '/compare/experience-tag',
        shows: 'Experiences vs Average Tag CCU',
      },
      { path: `/compare/experiences#exp=${a},${b},${c3}`, lands: '/compare/experiences', shows: 'Name' },
      { path: `/compare/tags#tag-1=${tagId}`, lands: '/compare/tags', shows: 'Compare Tags' },
    ]
    for (const c of [
      ...ADMIN_ROUTES(experiences[0]!),
      { path: `/tags/${tagId}`, shows: tagName },
      ...comparisons,
    ])
      await visit(page, c, seen)
    await tag.remove()
  })
})

test('a page whose analytics batch leaves while it still loads settles once every answer is in', async ({
  page,
}) => {
  // The batch is a keepalive request, whose end Chromium never reports: Playwright's networkidle, not
  // reached before it left, never is (support/network.ts).
  const network = watchNetwork(page)
  let beaconLeft = () => {}
  const beacon = new Promise<void>((resolve) => {
    beaconLeft = resolve
  })
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/analytics/events') beaconLeft()
  })
  // A request of the page held open until the batch has left.
  await page.route('**/api/held-open', async (route) => {
    await beacon
    await route.fulfill({ json: {} })
  })
  let heldAnswered = false
  page.on('response', (r) => {
    if (r.url().endsWith('/api/held-open')) heldAnswered = true
  })
  await page.goto('/overview')
  await expect(main(page).getByText('Tracked Games CCU', { exact: true }).first()).toBeVisible()
  // Settling is awaited once the held request is out: a page quiet by then would settle before it.
  const started = page.waitForRequest('**/api/held-open')
  const held = page.evaluate(() => fetch('/api/held-open').then((r) => r.status))
  await started
  await network.settled()
  expect(heldAnswered).toBe(true)
  expect(await held).toBe(200)
})
