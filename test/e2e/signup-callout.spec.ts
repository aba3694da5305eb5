import { SIGNUP_CALLOUT_DISMISSED_KEY } from '@ludex/schemas'
import type { Locator, Page } from '@playwright/test'
import { SEEDED, signInOnboarded } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'

/**
 * The sign-up callout (part 1 §2, §9): 3 s after the cookie prompt is settled, shaking every 5 s for
 * about 820 ms, dismissible for 30 days, never on the sign-in, sign-up and legal pages nor for a
 * signed-in user, still with reduced motion. Time is Playwright's clock, driven by the test.
 */
test.use({ signUpCallout: true })

const CALLOUT = 'Psst! Sign up for free to unlock full access!'
const DAY_MS = 86_400_000
const callout = (page: Page): Locator => page.locator('[data-signup-callout]')

/** Loads a page on the test's clock (installed first, so every timer of the app is on it). */
async function open(page: Page, path: string): Promise<void> {
  await page.clock.install()
  await page.goto(path)
}

test.describe('the sign-up callout', () => {
  test.describe('after the cookie prompt', () => {
    test.use({ cookiePrompt: true })

    test('appears 3 s after the prompt is settled, not before, and links to sign-up', async ({ page }) => {
      await open(page, '/overview')
      // However long the prompt stays unanswered, the callout waits for it.
      await page.clock.runFor(10_000)
      await expect(callout(page)).toHaveCount(0)
      await page.getByRole('button', { name: 'Allow All' }).click()
      await expect(page.locator('[data-cookie-prompt]')).toHaveCount(0)
      await page.clock.runFor(2_900)
      await expect(callout(page)).toHaveCount(0)
      await page.clock.runFor(200)
      await expect(callout(page)).toBeVisible()
      await expect(callout(page).getByRole('link', { name: CALLOUT })).toHaveAttribute('href', '/sign-up')
    })
  })

  test('shakes every 5 s, each shake about 820 ms', async ({ page, snap }) => {
    await open(page, '/overview')
    await page.clock.runFor(3_100)
    await expect(callout(page)).toBeVisible()
    await snap('signup-callout', { fullPage: false })
    await expect(callout(page)).not.toHaveAttribute('data-shaking')
    await page.clock.runFor(5_000)
    await expect(callout(page)).toHaveAttribute('data-shaking')
    const animation = await callout(page).evaluate((el) => getComputedStyle(el).animationName)
    expect(animation).toMatch(/shake/)
    await page.clock.runFor(900)
    await expect(callout(page)).not.toHaveAttribute('data-shaking')
    await page.clock.runFor(4_200)
    await expect(callout(page)).toHaveAttribute('data-shaking')
  })

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' })

    test('it shows but never shakes', async ({ page }) => {
      await open(page, '/overview')
      await page.clock.runFor(3_100)
      await expect(callout(page)).toBeVisible()
      for (let i = 0; i < 3; i++) {
        await page.clock.runFor(5_000)
        await expect(callout(page)).not.toHaveAttribute('data-shaking')
      }
    })
  })

  test('a dismissal is remembered for 30 days', async ({ page }) => {
    await open(page, '/overview')
    await page.clock.runFor(3_100)
    await callout(page).getByRole('button', { name: 'Dismiss' }).click()
    await expect(callout(page)).toHaveCount(0)
    const stored = await page.evaluate((key) => localStorage.getItem(key), SIGNUP_CALLOUT_DISMISSED_KEY)
    const now = await page.evaluate(() => Date.now())
    expect(Number(stored)).toBeGreaterThan(now - 60_000)
    expect(Number(stored)).toBeLessThanOrEqual(now)

    // Another page of the visit, later: still dismissed.
    await page.goto('/experiences')
    await page.clock.runFor(60_000)
    await expect(callout(page)).toHaveCount(0)

    // 29 days on, still away; 30 days on, back.
    const dismissedAt = (ms: number) =>
      page.evaluate(([key, at]) => localStorage.setItem(key, String(at)), [
        SIGNUP_CALLOUT_DISMISSED_KEY,
        ms,
      ] as const)
    await dismissedAt(now - 29 * DAY_MS)
    await page.goto('/overview')
    await page.clock.runFor(10_000)
    await expect(callout(page)).toHaveCount(0)
    await dismissedAt(now - 30 * DAY_MS - 60_000)
    await page.goto('/overview')
    await page.clock.runFor(3_100)
    await expect(callout(page)).toBeVisible()
  })

  test('is hidden on the sign-in, sign-up and legal pages', async ({ page }) => {
    for (const path of ['/sign-in', '/sign-up', '/terms-of-use', '/privacy-policy', '/cookie-policy']) {
      await open(page, path)
      await page.clock.runFor(10_000)
      await expect(callout(page), path).toHaveCount(0)
    }
    // Shown elsewhere, it goes as the visitor moves to a legal page and comes back with them.
    await page.goto('/overview')
    await page.clock.runFor(3_100)
    await expect(callout(page)).toBeVisible()
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page).toHaveURL(/\/privacy-policy$/)
    await expect(callout(page)).toHaveCount(0)
    await page.goBack()
    await expect(page).toHaveURL(/\/overview$/)
    await expect(callout(page)).toBeVisible()
  })

  test('is not shown to a signed-in user', async ({ page }) => {
    await signInOnboarded(page, SEEDED.admin)
    await open(page, '/overview')
    await page.clock.runFor(10_000)
    await expect(callout(page)).toHaveCount(0)
  })
})
