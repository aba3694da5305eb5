import type { Page } from '@playwright/test'
import {
  accountButton,
  openGroup,
  SEEDED,
  signInOnboarded,
  toolsGroup,
  verifiedUser,
} from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'

const admin = SEEDED.admin
const adminName = `${admin.firstName} ${admin.lastName}`

/**
 * Users are listed in the order they signed up, 20 to a page: the seeded admin is on the first page, an
 * account made by the test on the last one once other tests' accounts fill the first.
 */
async function showUsersPage(page: Page, which: 'first' | 'last'): Promise<void> {
  const pages = main(page).getByRole('button', { name: /^Page \d+$/ })
  const count = await pages.count()
  if (count > 1) await pages.nth(which === 'first' ? 0 : count - 1).click()
}

test.describe('staff', () => {
  test('the admin changes a role on /users, with its toasts', async ({ page, browser, snap }) => {
    // A member to promote, signed up and verified in a context of its own.
    const memberContext = await browser.newContext()
    const memberPage = await memberContext.newPage()
    const member = await verifiedUser(memberPage, 'member', 'Max', 'Member')
    const memberName = `${member.firstName} ${member.lastName}`

    await signInOnboarded(page, admin)
    await page.goto('/overview')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await openGroup(toolsGroup(page))
    await nav.getByRole('link', { name: 'User Management' }).click()
    await expect(page).toHaveURL(/\/users$/)
    await expect(main(page).getByText('Active in the last 30 days')).toBeVisible()
    await showUsersPage(page, 'last')
    const row = main(page).getByRole('row').filter({ hasText: member.email })
    const role = row.getByRole('combobox', { name: `Role of ${memberName}` })
    await expect(role).toHaveValue('viewer')
    await role.selectOption('editor')
    await expect(page.getByText(`Role successfully updated for ${memberName}`)).toBeVisible()
    await snap('users')

    // Stored: the list loads it again, and the member now sees the Tools group.
    await page.reload()
    await expect(main(page).getByText('Active in the last 30 days')).toBeVisible()
    await showUsersPage(page, 'last')
    await expect(main(page).getByRole('combobox', { name: `Role of ${memberName}` })).toHaveValue('editor')
    await memberPage.goto('/overview')
    await expect(toolsGroup(memberPage)).toBeVisible()
    await openGroup(toolsGroup(memberPage))
    const memberNav = memberPage.getByRole('navigation', { name: 'Main' })
    await expect(memberNav.getByRole('link', { name: 'Robux Converter' })).toBeVisible()
    // Editors lack LIST_USERS.
    await expect(memberNav.getByRole('link', { name: 'User Management' })).toHaveCount(0)
    await memberContext.close()

    // The only admin cannot lose the role: the server refuses (409) and the toast says so.
    await showUsersPage(page, 'first')
    const own = main(page).getByRole('combobox', { name: `Role of ${adminName}` })
    await own.selectOption('viewer')
    await expect(page.getByText(`Could not update role for ${adminName}: 409 Conflict`)).toBeVisible()
    await expect(own).toHaveValue('admin')
  })

  test('the Tools group shows for editors and admins only', async ({ page }) => {
    await page.goto('/overview')
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }),
    ).toBeVisible()
    await expect(toolsGroup(page)).toHaveCount(0)

    await verifiedUser(page, 'viewer')
    await page.reload()
    await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu/ })).toBeVisible()
    await expect(toolsGroup(page)).toHaveCount(0)
  })

  test('Simulate Role cycles admin → editor → viewer → admin', async ({ page }) => {
    await signInOnboarded(page, admin)
    await page.goto('/overview')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const simulate = async (expected: string) => {
      await accountButton(page, adminName).click()
      await page.getByRole('menuitem', { name: /Simulate Role/ }).click()
      await accountButton(page, adminName).click()
      await expect(page.getByRole('menuitem', { name: /Simulate Role/ })).toContainText(expected)
      await page.keyboard.press('Escape')
    }
    await openGroup(toolsGroup(page))
    await expect(nav.getByRole('link', { name: 'User Management' })).toBeVisible()

    await simulate('editor')
    await expect(toolsGroup(page)).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Robux Converter' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'User Management' })).toHaveCount(0)
    // The server applies the simulated role too: /users is not for editors.
    await page.goto('/users')
    await expect(page).toHaveURL(/\/$/)

    await simulate('viewer')
    await expect(toolsGroup(page)).toHaveCount(0)

    await simulate('admin')
    await expect(toolsGroup(page)).toBeVisible()
    await openGroup(toolsGroup(page))
    await expect(nav.getByRole('link', { name: 'User Management' })).toBeVisible()
    await page.goto('/users')
    await expect(page).toHaveURL(/\/users$/)
  })

  test('a visitor is sent away from /users', async ({ page }) => {
    await page.goto('/users')
    await expect(page).toHaveURL(/\/$/)
    await expect(main(page)).toBeVisible()
  })
})
