import { expect, expectCharts, main, test } from './support/fixtures.ts'

// The screens in the dark theme (the system preference, before any stored choice): drawn, and kept as
// screenshots beside the light ones.
test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' })

  test('the list and the detail page render dark', async ({ page, experiences, snap }) => {
    await page.goto('/experiences')
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await expect(main(page).locator('table tbody tr').first()).toBeVisible()
    await snap('experiences-dark')

    await page.goto(`/experiences/${experiences[0]!.place_id}`)
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await expectCharts(page, 3)
    await snap('experience-detail-dark')
  })
})
