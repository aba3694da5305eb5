import type { Page } from '@playwright/test'
import { expect, main, promoModal, TEXT, test } from './support/fixtures.ts'

const colorScheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme')

test.describe('shell', () => {
  test('the theme toggle switches the color scheme', async ({ page, snap }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/overview')
    await expect(main(page)).toBeVisible()
    expect(await colorScheme(page)).toBe('light')
    await page.getByRole('button', { name: /dark theme/i }).click()
    await expect.poll(() => colorScheme(page)).toBe('dark')
    await expect(page.getByRole('button', { name: /light theme/i })).toBeVisible()
    await expect(main(page).locator('[data-chart="static"]').first()).toBeVisible()
    await snap('overview-dark')
    // The choice survives a reload.
    await page.reload()
    await expect.poll(() => colorScheme(page)).toBe('dark')
  })

  test('a server-rendered page carries the session and the shell data, and loads no list of everything', async ({
    page,
  }) => {
    const everything = ['/api/auth/session', '/api/place?slim', '/api/creator', '/api/placetag']
    const requested: string[] = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname + new URL(r.url()).search
      if (everything.includes(path)) requested.push(path)
    })
    await page.goto('/overview')
    await expect(main(page).getByText('Players Online')).toBeVisible()
    // The session and the tag list came with the page's state; the slim list of every tracked experience
    // and the list of every creator are neither preloaded nor asked for (issue 19 point 4).
    await expect(page.locator('link[rel="preload"][as="fetch"]')).toHaveCount(0)
    expect(requested).toEqual([])
  })

  test('Tab reaches the search and the navigation links', async ({ page }) => {
    await page.goto('/overview')
    await expect(main(page)).toBeVisible()
    const reached: string[] = []
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab')
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement
          if (!el) return ''
          const label = el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? ''
          return `${el.tagName} ${label} ${(el.textContent ?? '').trim().slice(0, 40)}`
        }),
      )
    }
    const trail = reached.join('\n')
    expect(
      reached.some((r) => /search/i.test(r)),
      trail,
    ).toBe(true)
    expect(
      reached.some((r) => /^A .*Overview/.test(r)),
      trail,
    ).toBe(true)
    expect(
      reached.some((r) => /^A .*Experiences/.test(r)),
      trail,
    ).toBe(true)
  })

  test('the first Tab stop is a skip link to the main content', async ({ page }) => {
    await page.goto('/overview')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    // Hidden until focused, then on screen.
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(main(page)).toBeFocused()
    // The address's hash holds the app's parameters: the skip link leaves it alone.
    expect(new URL(page.url()).hash).toBe('')
    // The next Tab stop is the page's own first control, past the top bar and the sidebar.
    await page.keyboard.press('Tab')
    expect(await main(page).evaluate((m) => m.contains(document.activeElement))).toBe(true)
    await expect(skip).not.toBeInViewport()
  })

  test('a skip link followed before the app had started leaves no hash parameter behind', async ({
    page,
    baseURL,
  }) => {
    // As a plain link (no JavaScript yet), it adds its fragment; the app drops it and draws the page.
    await page.goto(`${baseURL}/overview#main-content`)
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await expect(main(page).getByText('Tracked Games CCU').first()).toBeVisible()
    expect(new URL(page.url()).hash).toBe('')
  })

  test('Escape closes the search dialog', async ({ page }) => {
    await page.goto('/overview')
    await expect(main(page)).toBeVisible()
    await page.keyboard.press('Control+K')
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('the visitor sees Sign Up for Free and Sign In', async ({ page }) => {
    await page.goto('/overview')
    const topBar = page.getByRole('banner')
    await expect(topBar.getByRole('link', { name: 'Sign Up for Free' })).toBeVisible()
    await expect(topBar.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()
  })

  test('Compare items open the sign-up promo for visitors', async ({ page, snap }) => {
    await page.goto('/overview')
    const nav = page.getByRole('navigation')
    // The group remembers whether it is open: open it if it is not.
    const group = nav.getByRole('button', { name: 'Compare', exact: true })
    await expect(group).toBeVisible()
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click()
    await nav.getByRole('button', { name: /^Compare Experiences/ }).click()
    await expect(promoModal(page)).toBeVisible()
    await expect(page).not.toHaveURL(/\/compare\//)
    await expect(promoModal(page)).toHaveCSS('opacity', '1') // faded in
    await snap('promo-modal', { fullPage: false })
    await page.keyboard.press('Escape')
    await expect(promoModal(page)).toHaveCount(0)
  })

  test('range buttons 3m, 6m, YTD, 1y and All open the promo for visitors', async ({ page, experiences }) => {
    await page.goto(`/experiences/${experiences[0]!.place_id}`)
    const ranges = main(page).getByRole('group', { name: 'CCU range' })
    for (const range of ['3m', '6m', 'YTD', '1y', 'All']) {
      // The locked buttons are named '{range} Locked' (the lock icon's label).
      await ranges.getByRole('button', { name: new RegExp(`^${range}( |$)`) }).click()
      await expect(promoModal(page)).toBeVisible()
      await expect(promoModal(page)).toContainText(TEXT.promo)
      await page.keyboard.press('Escape')
      await expect(promoModal(page)).toHaveCount(0)
    }
  })
})
