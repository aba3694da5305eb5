import { COOKIES } from '@ludex/schemas'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { ACCOUNT_TEXT, SEEDED, signInViaApi, verifiedUser } from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'
import { watchNetwork } from './support/network.ts'

/**
 * The cookie prompt (part 1 §2, part 2 §2.15, §3): 'Customize Settings' and 'Allow All', Necessary
 * locked on, Analytics a choice; shown until a choice is stored (the cookie `{st}`), drawn by the
 * server, and edited again from the footer and from Settings. These tests start with no choice stored.
 */
test.use({ cookiePrompt: true })

const prompt = (page: Page): Locator => page.locator('[data-cookie-prompt]')
const T = {
  customize: 'Customize Settings',
  allowAll: 'Allow All',
  save: 'Save Settings',
} as const

/** The stored choice, as the browser holds it: `{ st }`, or null when none is stored. */
async function storedChoice(context: BrowserContext): Promise<{ st: boolean } | null> {
  const cookie = (await context.cookies()).find((c) => c.name === COOKIES.analytics.name)
  if (!cookie) return null
  return JSON.parse(decodeURIComponent(cookie.value)) as { st: boolean }
}

/** The stored cookie's lifetime in days, from its expiry. */
async function storedForDays(context: BrowserContext): Promise<number> {
  const cookie = (await context.cookies()).find((c) => c.name === COOKIES.analytics.name)
  return Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400)
}

test.describe('the cookie prompt', () => {
  test('is in the server’s HTML until a choice is stored, and not after', async ({ request }) => {
    const fresh = await (await request.get('/overview')).text()
    expect(fresh).toContain('data-cookie-prompt')
    expect(fresh).toContain(T.customize)
    expect(fresh).toContain(T.allowAll)
    const value = encodeURIComponent(JSON.stringify({ st: false }))
    const settled = await (
      await request.get('/overview', { headers: { cookie: `${COOKIES.analytics.name}=${value}` } })
    ).text()
    expect(settled).not.toContain('data-cookie-prompt')
    // An unreadable value is no choice: the prompt asks again.
    const unreadable = await (
      await request.get('/overview', { headers: { cookie: `${COOKIES.analytics.name}=%7Bst` } })
    ).text()
    expect(unreadable).toContain('data-cookie-prompt')
  })

  test('Allow All stores analytics allowed for a year, and the prompt stays away', async ({ page, snap }) => {
    await page.goto('/overview')
    await expect(prompt(page)).toBeVisible()
    await expect(prompt(page).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
      'href',
      '/cookie-policy',
    )
    await snap('cookie-prompt', { fullPage: false })
    expect(await storedChoice(page.context())).toBeNull()
    await prompt(page).getByRole('button', { name: T.allowAll }).click()
    await expect(prompt(page)).toHaveCount(0)
    expect(await storedChoice(page.context())).toEqual({ st: true })
    expect(await storedForDays(page.context())).toBe(COOKIES.analytics.days)
    // Persisted: another page and a reload find the choice and draw no prompt.
    await page.goto('/experiences')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Experiences' })).toBeVisible()
    await expect(prompt(page)).toHaveCount(0)
    await page.reload()
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await expect(prompt(page)).toHaveCount(0)
  })

  test('Customize Settings: Necessary is locked on, Analytics can be turned off and is remembered', async ({
    page,
  }) => {
    await page.goto('/overview')
    await prompt(page).getByRole('button', { name: T.customize }).click()
    const necessary = prompt(page).getByRole('switch', { name: 'Necessary' })
    const analytics = prompt(page).getByRole('switch', { name: 'Analytics' })
    await expect(necessary).toBeChecked()
    await expect(necessary).toBeDisabled()
    // A click on the locked toggle changes nothing.
    await necessary.click({ force: true })
    await expect(necessary).toBeChecked()
    await expect(analytics).toBeChecked()
    await analytics.click()
    await expect(analytics).not.toBeChecked()
    // Nothing is stored until the choice is saved.
    expect(await storedChoice(page.context())).toBeNull()
    await prompt(page).getByRole('button', { name: T.save }).click()
    await expect(prompt(page)).toHaveCount(0)
    expect(await storedChoice(page.context())).toEqual({ st: false })

    await page.reload()
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await expect(prompt(page)).toHaveCount(0)
    // The footer's Cookie Settings opens it again, at its settings, with the stored choice.
    await page.locator('footer').getByRole('button', { name: 'Cookie Settings' }).click()
    await expect(prompt(page)).toBeVisible()
    await expect(prompt(page).getByRole('switch', { name: 'Analytics' })).not.toBeChecked()
    await expect(prompt(page).getByRole('switch', { name: 'Necessary' })).toBeDisabled()
    await prompt(page).getByRole('button', { name: T.allowAll }).click()
    await expect(prompt(page)).toHaveCount(0)
    expect(await storedChoice(page.context())).toEqual({ st: true })
  })

  test('works from the keyboard alone', async ({ page }) => {
    await page.goto('/overview')
    // Right after the skip link: the prompt is among the first stops of the Tab key.
    const customize = prompt(page).getByRole('button', { name: T.customize })
    for (let i = 0; i < 6 && !(await customize.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press('Tab')
    }
    await expect(customize).toBeFocused()
    await page.keyboard.press('Enter')
    // The first setting that can change takes the focus.
    const analytics = prompt(page).getByRole('switch', { name: 'Analytics' })
    await expect(analytics).toBeFocused()
    await page.keyboard.press('Space')
    await expect(analytics).not.toBeChecked()
    await page.keyboard.press('Tab')
    await expect(prompt(page).getByRole('button', { name: T.save })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(prompt(page)).toHaveCount(0)
    expect(await storedChoice(page.context())).toEqual({ st: false })
  })

  test('the Settings page’s Cookie Preferences edits the same choice', async ({ page }) => {
    await verifiedUser(page, 'consent', 'Cora', 'Consent')
    await page.goto('/settings')
    await prompt(page).getByRole('button', { name: T.allowAll }).click()
    const tracking = main(page).getByRole('switch', { name: 'Session tracking' })
    await expect(tracking).toBeChecked()
    await tracking.click()
    await expect(tracking).not.toBeChecked()
    expect(await storedChoice(page.context())).toEqual({ st: false })
    // The footer's prompt sees the change at once, and the page after a reload reads it back.
    await page.locator('footer').getByRole('button', { name: 'Cookie Settings' }).click()
    await expect(prompt(page).getByRole('switch', { name: 'Analytics' })).not.toBeChecked()
    await prompt(page).getByRole('button', { name: T.save }).click()
    await page.reload()
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await expect(main(page).getByRole('switch', { name: 'Session tracking' })).not.toBeChecked()
  })

  test('the onboarding modal waits until the prompt is settled (part 1 §2)', async ({ page }) => {
    await signInViaApi(page, SEEDED.waiting)
    const network = watchNetwork(page)
    await page.goto('/overview')
    await expect(prompt(page)).toBeVisible()
    // Everything the page and the onboarding gate load has arrived: the modal is held back, not late.
    await network.settled()
    const onboarding = page.getByRole('dialog', { name: ACCOUNT_TEXT.onboardingTitle })
    await expect(onboarding).toHaveCount(0)
    await prompt(page).getByRole('button', { name: T.allowAll }).click()
    await expect(onboarding).toBeVisible()
  })
})
