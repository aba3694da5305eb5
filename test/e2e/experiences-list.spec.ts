import type { Locator, Page } from '@playwright/test'
import { verifiedUser } from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'

/** The page's own search box (the global search lives in the top bar and a dialog). */
const searchBox = (page: Page): Locator => main(page).getByRole('searchbox', { name: /search/i })
const bodyRows = (page: Page): Locator => main(page).locator('table tbody tr')

test.describe('experiences list', () => {
  test('shows ranked rows, 20 to a page', async ({ page, experiences, snap }) => {
    await page.goto('/experiences')
    await expect(bodyRows(page).first()).toBeVisible()
    await expect(bodyRows(page)).toHaveCount(20)
    // Rank 1 is the busiest experience (rank derives from players online).
    const top = experiences[0]!
    const firstRow = bodyRows(page).first()
    await expect(firstRow).toContainText(top.name)
    await expect(firstRow.getByRole('cell').filter({ hasText: /^#?1$/ })).toHaveCount(1)
    await snap('experiences')
  })

  test('the search box filters the rows', async ({ page, experiences }) => {
    await page.goto('/experiences')
    await expect(bodyRows(page).first()).toBeVisible()
    const target = experiences[Math.min(30, experiences.length - 1)]!
    await searchBox(page).fill(target.name)
    await expect(bodyRows(page).filter({ hasText: target.name }).first()).toBeVisible()
    await expect.poll(() => bodyRows(page).count()).toBeLessThan(20)
    for (const row of await bodyRows(page).all()) {
      await expect(row).toContainText(target.name, { ignoreCase: true })
    }
  })

  test('#search= prefills the search box', async ({ page, experiences }) => {
    const target = experiences[5]!
    await page.goto(`/experiences#search=${encodeURIComponent(target.name)}`)
    await expect(searchBox(page)).toHaveValue(target.name)
    await expect(bodyRows(page).filter({ hasText: target.name }).first()).toBeVisible()
    await expect.poll(() => bodyRows(page).count()).toBeLessThan(20)
  })

  test('the tag filter keeps the rows of a tag’s experiences, named in the address', async ({
    page,
    experiences,
  }) => {
    await verifiedUser(page, 'tag-filter')
    const members = [experiences[2]!, experiences[7]!, experiences[11]!]
    const created = await page.request.post('/api/placetag', { data: { name: 'Filter me' } })
    expect(created.ok()).toBe(true)
    const { id } = (await created.json()) as { id: number }
    const saved = await page.request.put(`/api/placetag/${id}`, {
      data: { place_ids: members.map((e) => e.place_id) },
    })
    expect(saved.ok()).toBe(true)

    await page.goto('/experiences')
    await expect(bodyRows(page).first()).toBeVisible()
    await main(page).getByRole('button', { name: 'Tags' }).click()
    await expect(page.getByRole('menu').getByText('Your Tags')).toBeVisible()
    await page.getByRole('menuitem', { name: /Filter me/ }).click()
    await expect(page).toHaveURL(new RegExp(`#tag=${id}$`))
    await expect(bodyRows(page)).toHaveCount(3)
    for (const e of members) await expect(bodyRows(page).filter({ hasText: e.name })).toHaveCount(1)
    await main(page).getByRole('button', { name: 'Remove the tag filter Filter me' }).click()
    await expect(bodyRows(page)).toHaveCount(20)
  })

  test('the tag filter menu shows its empty state', async ({ page }) => {
    await page.goto('/experiences')
    await main(page).getByRole('button', { name: 'Tags' }).click()
    await expect(page.getByText('No tags')).toBeVisible()
  })
})
