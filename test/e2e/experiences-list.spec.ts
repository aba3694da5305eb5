import { LIST_SEARCH_DEBOUNCE_MS } from '@ludex/schemas'
import type { Locator, Page } from '@playwright/test'
import { verifiedUser } from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'

/** The page's own search box (the global search lives in the top bar and a dialog). */
const searchBox = (page: Page): Locator => main(page).getByRole('searchbox', { name: /search/i })
const bodyRows = (page: Page): Locator => main(page).locator('table tbody tr')

/**
 * Resolves once the page has done the work already queued: React renders in tasks posted through a
 * MessageChannel (which the test clock does not hold), so a message posted now arrives after them.
 */
const settled = (page: Page): Promise<void> =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve()
        channel.port2.postMessage(null)
      }),
  )

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

  test('the search filters 300 ms after the last keystroke, not later', async ({ page, experiences }) => {
    const target = experiences[Math.min(40, experiences.length - 1)]!
    // The page's clock is the test's: it runs while the page loads, then stands still while the test
    // types, so the pause counts from the last keystroke exactly (part 1 §5: 300 ms).
    await page.clock.install()
    await page.goto('/experiences')
    await expect(bodyRows(page)).toHaveCount(20)
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
    await searchBox(page).pressSequentially(target.name)
    await expect(searchBox(page)).toHaveValue(target.name)

    await page.clock.runFor(LIST_SEARCH_DEBOUNCE_MS - 1)
    await settled(page)
    await expect(bodyRows(page)).toHaveCount(20)
    expect(new URL(page.url()).hash).toBe('')

    // One more millisecond: the search settles, the address says so and the server is asked for the
    // rows (issue 19 point 4: it searches); no second pause is stacked on the first.
    const asked = page.waitForRequest((r) => {
      const url = new URL(r.url())
      return url.pathname === '/api/place/list' && url.searchParams.get('search') === target.name
    })
    await page.clock.runFor(1)
    await asked
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#search=${target.name}`)
    // The rows show once the answer is in (the query cache hands it over in a timer of its own: the
    // page's clock runs on from here).
    await page.clock.resume()
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
