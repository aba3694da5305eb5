import { expect, main, TEXT, test } from './support/fixtures.ts'

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
})
