import type { Locator, Page } from '@playwright/test'
import { signInViaForm, verifiedUser } from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'

const bodyRows = (page: Page): Locator => main(page).locator('table tbody tr')
const pageSize = (page: Page): Locator => main(page).getByLabel('Rows per page')

test.describe('view state per user', () => {
  test('a table’s page size chosen while signed in is kept for the user in another browser', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000)
    // A fresh account (signed in in this context), so no other test's choices are in its document.
    const user = await verifiedUser(page, 'prefs', 'Pia', 'Prefs')
    await page.goto('/experiences')
    await expect(bodyRows(page)).toHaveCount(20)

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/me/preferences') && r.request().method() === 'PUT',
    )
    await pageSize(page).selectOption('50')
    await expect(bodyRows(page)).toHaveCount(50)
    const put = await saved
    expect(put.status()).toBe(200)
    expect(((await put.json()) as { page_sizes: Record<string, number> }).page_sizes.experiences).toBe(50)
    // The user's choice lives on the server, not in this browser's storage.
    expect(await page.evaluate(() => localStorage.getItem('ludex:table:experiences:page-size'))).not.toBe(
      '50',
    )

    // Another browser: nothing stored, no session until the user signs in there.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    try {
      const elsewhere = await other.newPage()
      await elsewhere.goto('/sign-in')
      await signInViaForm(elsewhere, user)
      await expect(elsewhere).toHaveURL(/\/overview$/)
      await elsewhere.goto('/experiences')
      await expect(bodyRows(elsewhere)).toHaveCount(50)
      await expect(pageSize(elsewhere)).toHaveValue('50')
    } finally {
      await other.close()
    }
  })
})
