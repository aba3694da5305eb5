import type { Page } from '@playwright/test'
import { SEEDED, signInOnboarded, verifiedUser } from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'

/**
 * Staff edits of an experience (issue 17.1): the canonical name and the release date, saved with
 * their toasts and shown at once in the page, the list, the global search and the badge file name,
 * without a reload. Each test puts the experience back as it found it (the run shares one data dir).
 */

const info = (page: Page) => main(page).getByRole('region', { name: 'Information' })

async function putBack(page: Page, placeId: number, body: Record<string, string>): Promise<void> {
  const response = await page.request.put(`/api/place/${placeId}`, { data: body })
  expect(response.status()).toBe(200)
}

test.describe('experience editing', () => {
  test('an editor renames an experience: the toast, then the new name in the page, list, search and CSV', async ({
    page,
    experiences,
    snap,
  }) => {
    const target = experiences[9]!
    const canonical = `Canonical ${target.place_id}`
    await signInOnboarded(page, SEEDED.editor)
    await page.goto(`/experiences/${target.place_id}`)
    try {
      await main(page).getByRole('button', { name: 'Actions' }).click()
      await page.getByRole('menuitem', { name: 'Edit Canonical Name' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Canonical Name' })
      const field = dialog.getByRole('textbox', { name: 'Canonical name' })
      await expect(field).toHaveValue(target.name)
      await field.fill(`  ${canonical} `)
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('Successfully saved experience canonical name')).toBeVisible()
      await expect(dialog).toBeHidden()
      await expect(main(page).getByText(`Canonical name: ${canonical}`)).toBeVisible()
      await expect(info(page)).toContainText(canonical)
      await snap('experience-edit')

      // The badge file is named from it.
      const downloading = page.waitForEvent('download')
      await main(page).getByRole('button', { name: 'Download Badge Stats' }).click()
      expect((await downloading).suggestedFilename()).toBe(
        `${canonical}-${target.place_id}-badges.csv`, // the UTF-8 name (filename*) the app reads first
      )

      // The global search finds it by the new name, with no reload.
      await page.keyboard.press('Control+K')
      const search = page
        .getByRole('dialog')
        .getByRole('textbox')
        .or(page.getByRole('dialog').getByRole('searchbox'))
        .first()
      await search.fill(canonical)
      const suggestion = page
        .getByRole('dialog')
        .locator('.mantine-Spotlight-action')
        .filter({ hasText: canonical })
      await expect(suggestion).toHaveCount(1)
      await page.keyboard.press('Escape')

      // And so does the list's search, through the sidebar (a client-side navigation).
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Experiences', exact: true })
        .click()
      await main(page)
        .getByRole('searchbox', { name: /search/i })
        .fill(canonical)
      const rows = main(page).getByRole('row').filter({ hasText: canonical })
      await expect(rows).toHaveCount(1)
      await expect(rows.getByRole('link', { name: target.name })).toBeVisible()

      // An empty name resets it to the platform's.
      await page.goto(`/experiences/${target.place_id}`)
      await info(page).getByRole('button', { name: 'Edit Canonical Name' }).click()
      await page.getByRole('dialog').getByRole('textbox', { name: 'Canonical name' }).fill('')
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('Successfully saved experience canonical name').first()).toBeVisible()
      await expect(main(page).getByText(/^Canonical name:/)).toHaveCount(0)
    } finally {
      await putBack(page, target.place_id, { canonical_name: '' })
    }
  })

  test('an admin sets and clears the release date from the info panel', async ({ page, experiences }) => {
    const target = experiences[10]!
    await signInOnboarded(page, SEEDED.admin)
    const before = (await (await page.request.get(`/api/place/${target.place_id}`)).json()) as {
      released: string
    }
    await page.goto(`/experiences/${target.place_id}`)
    try {
      await info(page).getByRole('button', { name: 'Edit Release Date' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Release Date' })
      await dialog.getByRole('textbox', { name: 'Release date' }).fill('2019-04-05')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('Successfully saved experience release date')).toBeVisible()
      const released = info(page)
        .locator('dd')
        .filter({ has: page.getByRole('button', { name: 'Edit Release Date' }) })
      await expect(released).toHaveText('Apr 5, 2019')
      // Stored: a fresh load shows it too.
      await page.reload()
      await expect(released).toHaveText('Apr 5, 2019')
      // Emptied, it is saved as unset (the year 0001) and shown as a dash.
      await info(page).getByRole('button', { name: 'Edit Release Date' }).click()
      await page.getByRole('dialog').getByRole('textbox', { name: 'Release date' }).fill('')
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
      await expect(released).toHaveText('-')
      const stored = (await (await page.request.get(`/api/place/${target.place_id}`)).json()) as {
        released: string
      }
      expect(stored.released).toBe('0001-01-01T00:00:00.000Z')
    } finally {
      await putBack(page, target.place_id, { released: before.released })
    }
  })

  test('a viewer sees no edit action, and the API refuses the edit', async ({ page, experiences }) => {
    const target = experiences[9]!
    await verifiedUser(page, 'edit-viewer')
    await page.goto(`/experiences/${target.place_id}`)
    await main(page).getByRole('button', { name: 'Actions' }).click()
    await expect(page.getByRole('menuitem', { name: 'Copy Experience ID' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: /^Edit/ })).toHaveCount(0)
    await expect(info(page).getByRole('button', { name: /^Edit/ })).toHaveCount(0)
    const response = await page.request.put(`/api/place/${target.place_id}`, {
      data: { canonical_name: 'Nope' },
    })
    expect(response.status()).toBe(403)
  })
})
