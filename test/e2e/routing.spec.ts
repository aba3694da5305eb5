import type { Page } from '@playwright/test'
import { SEEDED, signInOnboarded } from './support/accounts.ts'
import { expect, main, TEXT, test } from './support/fixtures.ts'

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('routing', () => {
  test('legacy /places redirects to /experiences', async ({ page }) => {
    await page.goto('/places')
    await expect(page).toHaveURL(/\/experiences$/)
    await expect(main(page).locator('table tbody tr').first()).toBeVisible()
  })

  test('legacy /places/{id} redirects to /experiences/{id}', async ({ page, experiences }) => {
    const top = experiences[0]!
    await page.goto(`/places/${top.place_id}`)
    await expect(page).toHaveURL(new RegExp(`/experiences/${top.place_id}$`))
    await expect(main(page).getByRole('heading', { name: top.name, level: 1 })).toBeVisible()
  })

  test('a detail id that is not a positive integer is a 404', async ({ page, snap }) => {
    await page.goto('/experiences/abc')
    await expect(page.getByRole('heading', { name: TEXT.notFoundTitle })).toBeVisible()
    await expect(page.getByText(TEXT.notFoundBody)).toBeVisible()
    await snap('not-found')
  })

  test('an unknown experience is a 404 with the server status', async ({ page }) => {
    await page.goto('/experiences/1')
    await expect(page.getByRole('heading', { name: TEXT.notFoundTitle })).toBeVisible()
    await expect(page.getByText(TEXT.notFoundBody)).toBeVisible()
  })

  test('an unknown hash key raises an error naming it', async ({ page }) => {
    await page.goto('/overview#bogusKey=1')
    await expect(page.getByText(/bogusKey/).first()).toBeVisible()
    await expect(main(page).getByText('Tracked Games CCU')).toHaveCount(0)
  })

  test('an address with a dot is the app: the 404 page for a bad id, the overview for an unknown path', async ({
    page,
    request,
  }) => {
    for (const path of ['/experiences/1.5', '/experiences/Mr.Bean']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { name: TEXT.notFoundTitle }), path).toBeVisible()
    }
    const response = await page.goto('/some.page')
    expect(response?.status()).toBe(404)
    await expect(main(page).getByText('Tracked Games CCU').first()).toBeVisible()
    // A missing build file stays a missing file, never a page.
    const chunk = await request.get('/assets/index-missing.js')
    expect(chunk.status()).toBe(404)
    expect(chunk.headers()['content-type']).not.toContain('text/html')
  })

  test('the sidebar’s part 2 items open their pages, each with its own title', async ({ page }) => {
    await page.goto('/overview')
    for (const [item, path, title] of [
      ['Genres', '/genres', 'Genres'],
      ['Creators', '/creators', 'Creators'],
      ['Daily Picks', '/daily-picks', 'Daily Picks'],
      ['Rankings', '/rankings/8', 'Most Popular'],
      ['Tags', '/tags', 'Tags'],
    ] as const) {
      await sidebar(page).getByRole('link', { name: item, exact: true }).click()
      await expect(page).toHaveURL((url) => url.pathname === path)
      await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(main(page).getByText('Coming soon', { exact: true })).toHaveCount(0)
      await expect(page).toHaveTitle(`${title} | Ludex`)
      await expect(sidebar(page).getByRole('link', { name: item, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      )
    }
  })

  test('the creator link of an experience opens the creator’s page under Creators', async ({
    page,
    experiences,
  }) => {
    await page.goto(`/experiences/${experiences[0]!.place_id}`)
    const creator = main(page).locator('a[href^="/creators/"]').first()
    const href = (await creator.getAttribute('href')) ?? ''
    const name = (await creator.textContent()) ?? ''
    await creator.click()
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href)
    await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Creators' }),
    ).toBeVisible()
  })

  test('legal addresses and part 2 rules: titles, 404s, and the compare pages only signed in', async ({
    page,
  }) => {
    for (const [path, title] of [
      ['/terms-of-use', 'Terms of Use'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/cookie-policy', 'Cookie Policy'],
    ] as const) {
      await page.goto(path)
      await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page).toHaveTitle(`${title} | Ludex`)
    }
    for (const path of ['/tags/abc', '/creators/0', '/rankings/0', '/rankings/13']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { name: TEXT.notFoundTitle }), path).toBeVisible()
    }
    await page.goto('/compare/tags')
    await expect(page).toHaveURL(/\/overview$/)
    await signInOnboarded(page, SEEDED.admin)
    await page.goto('/compare/tags')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Compare Tags' })).toBeVisible()
    await page.goto('/robux')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Robux Converter' })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  })

  test('a navigation waiting on a slow experience call shows the top progress bar', async ({
    page,
    experiences,
  }) => {
    const top = experiences[0]!
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(`**/api/place/${top.place_id}`, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/experiences')
    const bar = page.getByRole('progressbar', { name: 'Loading page' })
    await expect(bar).toHaveCount(0)
    const layoutBefore = await main(page).boundingBox()
    await main(page).getByRole('link', { name: top.name, exact: true }).first().click()
    await expect(bar).toBeVisible()
    await expect(bar).toHaveAttribute('aria-busy', 'true')
    // The page left on screen stays where it was: the bar lies over the layout.
    expect(await main(page).boundingBox()).toEqual(layoutBefore)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Experiences' })).toBeVisible()
    release()
    await expect(main(page).getByRole('heading', { level: 1, name: top.name })).toBeVisible()
    await expect(bar).toHaveCount(0)
  })
})
