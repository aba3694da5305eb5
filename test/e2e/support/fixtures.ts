import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { COOKIES, SIGNUP_CALLOUT_DISMISSED_KEY } from '@ludex/schemas'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { E2E_ENV } from './server.ts'

/** One row of /api/place?slim, as far as the tests need it. */
export interface SlimExperience {
  readonly place_id: number
  readonly universe_id: number
  readonly name: string
  readonly players_online: number
}

/** Screenshots of each screen, kept as artifacts of the run (gitignored; CI uploads the folder). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url))

/** The texts of the sign-up promo modal, the sign-in prompt and the error page (part 1 §2, §6), verbatim. */
export const TEXT = {
  promo: 'Sign Up for Free for FULL Access',
  notFoundTitle: '404 - PAGE NOT FOUND',
  notFoundBody: "This is not the resource you're looking for..",
  signInToView: 'Sign in to view',
  signInToSeeMore: 'Sign In to See More',
} as const

interface Options {
  /**
   * Show the cookie prompt: the browser starts with no stored choice. Otherwise (the default) every
   * test starts with the choice stored (analytics allowed), as after 'Allow All', so the prompt covers
   * nothing the test clicks.
   */
  cookiePrompt: boolean
  /**
   * Let the sign-up callout appear (3 s after the prompt is settled). Otherwise (the default) the
   * browser remembers a dismissal from a moment ago, so the floating callout covers nothing.
   */
  signUpCallout: boolean
}

interface Fixtures {
  /**
   * Saves a screenshot under test/e2e/screenshots/{name}.png and attaches it to the report: the full page,
   * or only the viewport when a modal covers it.
   */
  snap: (name: string, options?: { fullPage?: boolean }) => Promise<void>
}

interface WorkerFixtures {
  /** The slim list the server answers, busiest first (the simulator's data, whatever the seed). */
  experiences: readonly SlimExperience[]
}

export const test = base.extend<Options & Fixtures, WorkerFixtures>({
  cookiePrompt: [false, { option: true }],
  signUpCallout: [false, { option: true }],
  context: async ({ context, cookiePrompt, signUpCallout }, use) => {
    if (!cookiePrompt) {
      await context.addCookies([
        {
          name: COOKIES.analytics.name,
          value: encodeURIComponent(JSON.stringify({ st: true })),
          url: `http://127.0.0.1:${process.env[E2E_ENV.port]}`,
        },
      ])
    }
    if (!signUpCallout) {
      await context.addInitScript((key) => {
        if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, String(Date.now()))
      }, SIGNUP_CALLOUT_DISMISSED_KEY)
    }
    await use(context)
  },
  experiences: [
    async ({ playwright }, use) => {
      const baseURL = `http://127.0.0.1:${process.env[E2E_ENV.port]}`
      const request = await playwright.request.newContext({ baseURL })
      const response = await request.get('/api/place?slim')
      expect(response.ok(), 'GET /api/place?slim').toBe(true)
      const list = ((await response.json()) as SlimExperience[]).toSorted(
        (a, b) => b.players_online - a.players_online,
      )
      await request.dispose()
      await use(list)
    },
    { scope: 'worker' },
  ],
  page: async ({ page }, use) => {
    // A server-rendered page shows before its JavaScript has run; a click then would do nothing (or
    // submit a form natively). Every navigation (goto, and reload: a click on a freshly reloaded page was
    // lost and the test's next fill waited out its timeout) waits until the app has hydrated (main.tsx).
    const appReady = () =>
      page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 15_000 })
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      // Only the app's own pages (paths on the base URL); about:blank and other origins have no app.
      if (url.startsWith('/')) await appReady()
      return response
    }
    const reload = page.reload.bind(page)
    page.reload = async (options) => {
      const response = await reload(options)
      if (page.url().startsWith(`http://127.0.0.1:${process.env[E2E_ENV.port]}/`)) await appReady()
      return response
    }
    await use(page)
  },
  snap: async ({ page }, use, testInfo) => {
    await mkdir(SCREENSHOT_DIR, { recursive: true })
    await use(async (name, options) => {
      const path = `${SCREENSHOT_DIR}${name}.png`
      // From the top: a full-page capture of a scrolled page draws the fixed shell mid-page.
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path, fullPage: options?.fullPage ?? true, animations: 'disabled' })
      await testInfo.attach(name, { path, contentType: 'image/png' })
    })
  },
})

export { expect }

/** The routed page's content (the shell's top bar and sidebar excluded). */
export const main = (page: Page): Locator => page.getByRole('main')

/**
 * Every chart draws first as a static drawing (`[data-chart="static"]`) and as Plotly (`.js-plotly-plot`)
 * once activated; resolves once `count` charts have drawn either way.
 */
export async function expectCharts(page: Page, count: number): Promise<void> {
  const drawn = page.locator('figure').filter({ has: page.locator('[data-chart="static"], .js-plotly-plot') })
  await expect.poll(() => drawn.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(count)
}

/**
 * Upgrades a chart to Plotly the way a user does (the pointer enters it) and resolves once Plotly has
 * drawn in it and the static drawing is gone.
 */
export async function activateChart(figure: Locator): Promise<void> {
  await figure.scrollIntoViewIfNeeded()
  await figure.hover()
  await expect(figure.locator('.js-plotly-plot .main-svg').first()).toBeVisible({ timeout: 20_000 })
  await expect(figure.locator('[data-chart="static"]')).toHaveCount(0)
}

/** The sign-up promo modal, whatever opened it. */
export const promoModal = (page: Page): Locator => page.getByRole('dialog').filter({ hasText: TEXT.promo })

/** A game URL as people paste it from the browser's address bar. */
export const gameUrl = (e: SlimExperience): string =>
  `https://www.roblox.com/games/${e.place_id}/${e.name.replaceAll(/\W+/g, '-')}`
