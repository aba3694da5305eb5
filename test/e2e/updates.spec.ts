import type { Page } from '@playwright/test'
import { SEEDED, signInOnboarded } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { buildWeb, removeBuild, startTwoBuildsServer, type TwoBuildsServer } from './support/two-builds.ts'

/**
 * The update flow (part 2 §4) in Chromium, with two real builds of the app served in turn: a visitor
 * who has version 1 and comes back (or stays) while version 2 is deployed. A signed-in user is asked
 * ('Update', 'Reload & Update', not closed by a click outside), with the text for an update found at
 * start-up or later; a visitor is reloaded into the new version at once.
 */
const V1 = 'e2e-1'
const V2 = 'e2e-2'
const TEXT = {
  title: 'Update',
  button: 'Reload & Update',
  whileAway: 'A new version of the app was released while you were away. Would you like to update?',
  available: 'A new version of the app is available. Would you like to update?',
} as const

let builds: { v1: string; v2: string }
let site: TwoBuildsServer

test.describe('a new version of the app', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    const [v1, v2] = await Promise.all([buildWeb(V1), buildWeb(V2)])
    builds = { v1, v2 }
    site = await startTwoBuildsServer(test.info().project.use.baseURL!, builds.v1)
  })
  test.afterAll(async () => {
    await site?.close()
    if (builds) await Promise.all([removeBuild(builds.v1), removeBuild(builds.v2)])
  })
  test.beforeEach(() => site.serve(builds.v1))

  /** The caches of the worker that runs this page's origin: one per version, `ludex-<version>`. */
  const caches = (page: Page) => page.evaluate(async () => (await window.caches.keys()).sort())

  /** Opens the app on version 1 and waits until its worker is installed and active. */
  async function openFirstVersion(page: Page, path = '/overview'): Promise<void> {
    await page.goto(`${site.url}${path}`)
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      const worker = registration.active
      if (worker && worker.state !== 'activated') {
        await new Promise<void>((done) =>
          worker.addEventListener('statechange', () => worker.state === 'activated' && done()),
        )
      }
    })
    expect(await caches(page)).toEqual([`ludex-${V1}`])
  }

  test('the worker is served from the root, fresh each time, and caches the app shell', async ({ page }) => {
    const response = await page.request.get(`${test.info().project.use.baseURL}/sw.js`)
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('no-cache')
    await openFirstVersion(page)
    const cached = await page.evaluate(async (name) => {
      const cache = await window.caches.open(name)
      return (await cache.keys()).map((r) => new URL(r.url).pathname)
    }, `ludex-${V1}`)
    expect(cached).toContain('/index.html')
    expect(cached.some((p) => /^\/assets\/.+\.js$/.test(p))).toBe(true)
    expect(cached.some((p) => p.startsWith('/api/'))).toBe(false)
  })

  test('a visitor is reloaded into the new version at once', async ({ page }) => {
    await openFirstVersion(page)
    site.serve(builds.v2)
    let loads = 0
    page.on('load', () => loads++)
    await page.reload()
    // The reload found version 2 at start-up and, for a visitor, let it take over and reloaded again.
    await expect.poll(() => loads, { timeout: 20_000 }).toBe(2)
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await expect.poll(() => caches(page)).toEqual([`ludex-${V2}`])
    await expect(page.getByRole('dialog', { name: TEXT.title })).toHaveCount(0)
  })

  test('a signed-in user coming back is asked, with the text for an update released while away', async ({
    page,
  }) => {
    await signInOnboarded(page, SEEDED.admin)
    await openFirstVersion(page)
    site.serve(builds.v2)
    await page.reload()
    const dialog = page.getByRole('dialog', { name: TEXT.title })
    await expect(dialog).toBeVisible({ timeout: 20_000 })
    await expect(dialog).toContainText(TEXT.whileAway)
    // Not closed by a click outside.
    await page.mouse.click(5, 5)
    await expect(dialog).toBeVisible()
    expect(await caches(page)).toContain(`ludex-${V1}`)
    const reloaded = page.waitForEvent('load')
    await dialog.getByRole('button', { name: TEXT.button }).click()
    await reloaded
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await expect.poll(() => caches(page)).toEqual([`ludex-${V2}`])
    await expect(page.getByRole('dialog', { name: TEXT.title })).toHaveCount(0)
  })

  test('a signed-in user is asked when the 5-minute check finds a new version later', async ({ page }) => {
    await signInOnboarded(page, SEEDED.admin)
    await page.clock.install()
    await openFirstVersion(page)
    site.serve(builds.v2)
    // Nothing before the check: the page keeps version 1.
    await page.clock.fastForward(299_000)
    const dialog = page.getByRole('dialog', { name: TEXT.title })
    await expect(dialog).toHaveCount(0)
    await page.clock.fastForward(1_000)
    await expect(dialog).toBeVisible({ timeout: 20_000 })
    await expect(dialog).toContainText(TEXT.available)
    await expect(dialog.getByRole('button', { name: TEXT.button })).toBeVisible()
  })
})
