import { openGroup, verifiedUser } from './support/accounts.ts'
import { expect, main, promoModal, TEXT, test } from './support/fixtures.ts'

test.describe('signed in, the visitor locks are lifted', () => {
  test('ranges 3m to All, the overview tiles and the Compare group', async ({ page, experiences }) => {
    await verifiedUser(page, 'locks')

    await page.goto('/overview')
    await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu/ })).toBeVisible()
    await expect(main(page).getByText('Average Daily CCU')).toBeVisible()
    await expect(main(page).getByText(TEXT.signInToView)).toHaveCount(0)
    await expect(main(page).getByRole('button', { name: 'Sign Up for Free' })).toHaveCount(0)

    const nav = page.getByRole('navigation', { name: 'Main' })
    await openGroup(nav.getByRole('button', { name: 'Compare', exact: true }))
    await expect(nav.getByRole('link', { name: 'Compare Experiences' })).toBeVisible()
    await expect(nav.getByRole('button', { name: /sign up to unlock/ })).toHaveCount(0)

    await page.goto(`/experiences/${experiences[0]!.place_id}`)
    const ranges = main(page).getByRole('group', { name: 'CCU range' })
    for (const range of ['3m', '6m', 'YTD', '1y', 'All']) {
      // Unlocked buttons are named by their label alone (no 'Locked' icon).
      const button = ranges.getByRole('button', { name: range, exact: true })
      await button.click()
      await expect(button).toHaveAttribute('aria-pressed', 'true')
      await expect(promoModal(page)).toHaveCount(0)
    }
  })
})
