import type { Locator } from '@playwright/test'
import { expect, main, test } from './support/fixtures.ts'

// A phone: 390 px wide, as an iPhone 12 to 15 (the content area inside the cards is about 324 px).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

/** The visible part of a table: the box of the element that scrolls it. */
const scrollerOf = (table: Locator): Locator => table.locator('xpath=..')

/** Whether the column header is wholly inside the visible part of its table (1 px for rounding). */
async function headerInView(table: Locator, name: string): Promise<boolean> {
  const view = await scrollerOf(table).boundingBox()
  const header = await table.getByRole('columnheader', { name, exact: true }).boundingBox()
  if (!view || !header) return false
  return header.x >= view.x - 1 && header.x + header.width <= view.x + view.width + 1
}

test.describe('phones', () => {
  test('the experiences list shows name, players online and like %; the rest scrolls, and says so', async ({
    page,
    experiences,
    snap,
  }) => {
    await page.goto('/experiences')
    const table = main(page).getByRole('table')
    await expect(table.locator('tbody tr').first()).toBeVisible()
    // The page itself never scrolls sideways; the table does, inside its card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    for (const name of ['Name', 'Players Online', 'Like %']) {
      expect(await headerInView(table, name), `${name} in view`).toBe(true)
    }
    expect(await headerInView(table, 'Visits')).toBe(false)
    // The rank column gives way; the rank is in the name cell.
    await expect(table.getByRole('columnheader', { name: 'Rank' })).toBeHidden()
    await expect(table.locator('tbody tr').first()).toContainText('#1')
    await expect(table.locator('tbody tr').first()).toContainText(experiences[0]!.name)

    // The affordance: a hint above the table, and the region scrolls by keyboard too.
    const hint = main(page).getByText('Scroll for more')
    await expect(hint).toBeVisible()
    const region = main(page).getByRole('region', { name: 'Experiences' })
    await expect(region).toBeVisible()
    await snap('phone-experiences', { fullPage: false })
    await region.focus()
    await expect(region).toBeFocused()
    // The arrow keys scroll it (a step at a time), as they do any focused scroller.
    // At the end nothing more is hidden to the right: the hint goes, and the last columns are in view.
    await expect
      .poll(
        async () => {
          await page.keyboard.press('ArrowRight')
          return hint.isVisible()
        },
        { intervals: [50], timeout: 20_000 },
      )
      .toBe(false)
    expect(await headerInView(table, 'Genre')).toBe(true)
    expect(await headerInView(table, 'Name')).toBe(false)
  })

  test('the creators and genre tables keep the name and its count in view; the rest scrolls', async ({
    page,
  }) => {
    for (const [path, region, inView, scrolled] of [
      ['/creators', 'Creators', ['Name', 'Experiences'], 'Type'],
      ['/genres', 'Genres', ['Genre', 'Experiences'], 'Average Like Rate'],
    ] as const) {
      await page.goto(path)
      const table = main(page).getByRole('table')
      await expect(table.locator('tbody tr').first()).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390)
      // Long names wrap rather than push the count out of view.
      for (const name of inView)
        expect(await headerInView(table, name), `${path}: ${name} in view`).toBe(true)
      expect(await headerInView(table, scrolled), `${path}: ${scrolled} scrolls`).toBe(false)
      await expect(main(page).getByText('Scroll for more')).toBeVisible()
      await expect(main(page).getByRole('region', { name: region })).toBeVisible()
    }
    // The creators' avatar gives way on a phone.
    await page.goto('/creators')
    await expect(main(page).getByRole('columnheader', { name: 'Avatar' })).toBeHidden()
  })

  test('price history shows its three columns whole', async ({ page, experiences }) => {
    await page.goto(`/experiences/${experiences[0]!.place_id}`)
    const card = main(page).getByRole('region', { name: 'Price History' })
    await card.scrollIntoViewIfNeeded()
    const table = card.getByRole('table')
    await expect(table).toBeVisible()
    for (const name of ['Date', 'Price', 'Change']) {
      expect(await headerInView(table, name), `${name} in view`).toBe(true)
    }
    await expect(card.getByText('Scroll for more')).toBeHidden()
  })
})
