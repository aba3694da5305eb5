import type { Locator, Page } from '@playwright/test'
import { SEEDED, signInOnboarded, verifiedUser } from './support/accounts.ts'
import {
  expect,
  expectCharts,
  gameUrl,
  main,
  promoModal,
  type SlimExperience,
  test,
} from './support/fixtures.ts'
import { adminRequest, createTagViaApi, curatedTag, deleteTagAsAdmin } from './support/tags.ts'

/** The tag screens' texts (part 2 §2.3, §2.4, §5, §8), verbatim. */
const TEXT = {
  removed: 'Successfully removed experience from tag',
  idsCopied: 'Experience IDs has been copied to your clipboard.',
  formatNotValid: 'format is not valid',
  noTags: 'No tags',
} as const

const experiencesSection = (page: Page): Locator =>
  main(page).getByRole('region', { name: /^Experiences \(\d+\)$/ })
const experienceRows = (page: Page): Locator => experiencesSection(page).locator('table tbody tr')
const tab = (page: Page, name: RegExp | string): Locator => main(page).getByRole('tab', { name })
const rowBox = (page: Page, n: number): Locator =>
  page
    .getByRole('dialog')
    .locator('input')
    .and(page.getByLabel(`Experience ${n}`, { exact: true }))

test.describe('a user’s tag from creation to deletion', () => {
  test('create → add (dialog and bulk) → charts → rename → remove → delete', async ({
    page,
    context,
    experiences,
    snap,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await verifiedUser(page, 'tags')
    const [first, second, third, fourth] = experiences as [
      SlimExperience,
      SlimExperience,
      SlimExperience,
      SlimExperience,
    ]
    const name = `Portfolio ${Date.now().toString(36)}`

    await page.goto('/tags')
    await main(page).getByRole('button', { name: 'New Tag' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Tag' })
    const create = dialog.getByRole('button', { name: 'Create' })
    await expect(create).toBeDisabled()
    // Only editors may make a curated tag.
    await expect(dialog.getByLabel('Curated Tag')).toHaveCount(0)
    await dialog.getByRole('textbox', { name: 'Name' }).fill('   ')
    await expect(create).toBeDisabled()
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
    await create.click()
    await expect(page).toHaveURL(/\/tags\/\d+$/)
    const tagId = Number(new URL(page.url()).pathname.split('/').pop())
    await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible()
    // Empty: the list is open and there are no charts.
    await expect(main(page).getByText('This tag has no experiences yet.')).toBeVisible()
    await expect(main(page).getByRole('heading', { name: 'Average CCU' })).toHaveCount(0)

    // The dialog: a suggestion picked, and a pasted game link taken on blur as its one exact match.
    await main(page).getByRole('button', { name: 'Add Experiences' }).click()
    await rowBox(page, 1).fill(first.name.slice(0, 4))
    await page.getByRole('option', { name: `${first.name} (${first.place_id})` }).click()
    await page.getByRole('button', { name: 'Add Row' }).click()
    await rowBox(page, 2).fill(gameUrl(second))
    await expect(rowBox(page, 2)).toHaveValue(String(second.place_id))
    await rowBox(page, 2).blur()
    await expect(page.getByRole('dialog').getByText(`Adds ${second.name}`)).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click()
    await expect(experienceRows(page)).toHaveCount(2)

    // Bulk Add: a bad entry blocks Add; an id Ludex does not track is kept as 'tracking soon'.
    await main(page).getByRole('button', { name: 'Options' }).click()
    await page.getByRole('menuitem', { name: 'Bulk Add' }).click()
    const bulk = page.getByRole('dialog')
    await bulk.getByLabel('Experience IDs').fill(`${third.place_id}, abc`)
    await expect(bulk.getByText(TEXT.formatNotValid)).toBeVisible()
    await expect(bulk.getByRole('button', { name: 'Add', exact: true })).toBeDisabled()
    const untracked = 987_654_321_012
    await bulk.getByLabel('Experience IDs').fill(`${third.place_id},${fourth.place_id}\n${untracked}`)
    await expect(bulk.getByText(TEXT.formatNotValid)).toHaveCount(0)
    await bulk.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(experienceRows(page)).toHaveCount(4)
    await expect(main(page).getByText(new RegExp(`Tracking soon.*${untracked}`))).toBeVisible()

    // The detail with experiences: totals, the four charts and the averages.
    for (const label of ['Total Players Online', 'Total Visits', 'Total Favorites', 'Like Range']) {
      await expect(main(page).getByText(label, { exact: true })).toBeVisible()
    }
    await expect(main(page).getByText(/^\d+\.\d\d% - \d+\.\d\d%$/)).toBeVisible()
    for (const title of [
      'Average CCU',
      'Average Playtime',
      'Tag Genre Distribution',
      'Tag Averages',
      'Top Five CCU',
    ]) {
      await expect(main(page).getByRole('heading', { name: title })).toBeVisible()
    }
    for (const label of [
      'Average Players Online',
      'Average Visits',
      'Average Favorites',
      'Average Like Rate',
    ]) {
      await expect(main(page).getByText(label, { exact: true })).toBeVisible()
    }
    for (const t of ['Active', 'Top Five', 'All']) await expect(tab(page, t)).toBeVisible()
    await expectCharts(page, 4)
    await tab(page, 'All').click()
    await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true')
    await expectCharts(page, 4)
    await snap('tag-detail')

    // Copy Experience IDs: every member, in the order added.
    await main(page).getByRole('button', { name: 'Options' }).click()
    await page.getByRole('menuitem', { name: 'Copy Experience IDs' }).click()
    await expect(page.getByText(TEXT.idsCopied)).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      [first.place_id, second.place_id, third.place_id, fourth.place_id, untracked].join(','),
    )

    // Rename: disabled when empty; the new name shows.
    await main(page).getByRole('button', { name: 'Rename' }).click()
    const rename = page.getByRole('dialog', { name: 'Rename Tag' })
    await rename.getByRole('textbox', { name: 'Name' }).fill('')
    await expect(rename.getByRole('button', { name: 'Rename' })).toBeDisabled()
    const renamed = `${name} renamed`
    await rename.getByRole('textbox', { name: 'Name' }).fill(renamed)
    await rename.getByRole('button', { name: 'Rename' }).click()
    await expect(main(page).getByRole('heading', { level: 1, name: renamed })).toBeVisible()

    // Remove one experience.
    await experiencesSection(page)
      .getByRole('button', { name: `Remove ${first.name} from the tag` })
      .click()
    await expect(page.getByText(TEXT.removed)).toBeVisible()
    await expect(experienceRows(page)).toHaveCount(3)

    // The experiences list's tag filter lists the renamed tag at once (no reload).
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Experiences', exact: true })
      .first()
      .click()
    await main(page).getByRole('button', { name: 'Tags' }).click()
    await expect(page.getByRole('menuitem', { name: new RegExp(renamed) })).toBeVisible()
    await page.keyboard.press('Escape')

    // Delete: confirmed, irreversible, back to the list.
    await page.goto(`/tags/${tagId}`)
    await main(page).getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText(`Successfully deleted tag ${renamed}`)).toBeVisible()
    await expect(page).toHaveURL(/\/tags$/)
    await tab(page, 'Your Tags').click()
    await expect(main(page).getByText(TEXT.noTags)).toBeVisible()
    expect((await page.request.get(`/api/placetag/${tagId}`)).status()).toBe(404)
  })
})

test.describe('the tabs and locks per role', () => {
  const stamp = Date.now().toString(36)
  const curatedName = `Curated ${stamp}`
  const personalName = `Personal ${stamp}`
  let curatedId = 0

  // Curated tags are every visitor's: the ones made here go again (other specs expect none).
  const made: number[] = []

  test.beforeAll(async ({ browser, experiences }) => {
    const tag = await curatedTag(
      browser,
      curatedName,
      experiences.slice(0, 3).map((e) => e.place_id),
    )
    curatedId = tag.id
    made.push(tag.id)
  })

  test.afterAll(async ({ browser }) => {
    for (const id of made) await deleteTagAsAdmin(browser, id)
  })

  test('a visitor sees curated tags; Your Tags, New Tag and the compare items are locked', async ({
    page,
  }) => {
    await page.goto('/tags')
    await expect(tab(page, 'Curated Tags')).toHaveAttribute('aria-selected', 'true')
    await expect(main(page).getByRole('link', { name: curatedName })).toBeVisible()
    await expect(tab(page, 'Other Users Tags')).toHaveCount(0)
    await tab(page, /Your Tags/).click()
    await expect(promoModal(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(tab(page, 'Curated Tags')).toHaveAttribute('aria-selected', 'true')
    await main(page)
      .getByRole('button', { name: /New Tag/ })
      .click()
    await expect(promoModal(page)).toBeVisible()
    await page.keyboard.press('Escape')

    await page.goto(`/tags/${curatedId}`)
    await expect(main(page).getByText('Curated', { exact: true })).toBeVisible()
    await expect(main(page).getByRole('button', { name: 'Rename' })).toHaveCount(0)
    await expect(main(page).getByRole('button', { name: 'Add Experiences' })).toHaveCount(0)
    await main(page).getByRole('button', { name: 'Options' }).click()
    await expect(page.getByRole('menuitem', { name: 'Bulk Add' })).toHaveCount(0)
    await page.getByRole('menuitem', { name: /Compare To Tag/ }).click()
    await expect(promoModal(page)).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/tags/${curatedId}$`))
  })

  test('a viewer has Your Tags (remembered), no curated checkbox and no other users’ tags', async ({
    page,
  }) => {
    await verifiedUser(page, 'tags-viewer')
    await createTagViaApi(page.request, personalName, false, [])
    await page.goto('/tags')
    await expect(tab(page, 'Other Users Tags')).toHaveCount(0)
    // The tab is remembered per user: the document is saved (debounced) before the reload.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/me/preferences') && r.request().method() === 'PUT',
    )
    await tab(page, 'Your Tags').click()
    expect((await saved).ok()).toBe(true)
    await expect(main(page).getByRole('link', { name: personalName })).toBeVisible()
    await expect(main(page).getByRole('link', { name: curatedName })).toHaveCount(0)
    await page.reload()
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await expect(tab(page, 'Your Tags')).toHaveAttribute('aria-selected', 'true')
    await main(page).getByRole('button', { name: 'New Tag' }).click()
    await expect(page.getByRole('dialog').getByLabel('Curated Tag')).toHaveCount(0)
    await page.keyboard.press('Escape')
    // Another user's curated tag: seen, not changed; the compare items open.
    await page.goto(`/tags/${curatedId}`)
    await expect(main(page).getByRole('button', { name: 'Delete' })).toHaveCount(0)
    await main(page).getByRole('button', { name: 'Options' }).click()
    await expect(page.getByRole('menuitem', { name: 'Compare To Experience' })).toHaveAttribute(
      'href',
      `/compare/experience-tag#tag-1=${curatedId}`,
    )
    await expect(page.getByRole('menuitem', { name: 'Compare To Tag' })).toHaveAttribute(
      'href',
      `/compare/tags#tag-1=${curatedId}`,
    )
  })

  test('an editor sees Other Users Tags and may create a curated tag', async ({ page, browser }) => {
    const editor = await verifiedUser(page, 'tags-editor')
    const admin = await adminRequest(browser)
    const users = (await (await admin.request.get('/api/users')).json()) as {
      users: { id: number; email: string }[]
    }
    const me = users.users.find((u) => u.email === editor.email)!
    expect((await admin.request.put(`/api/users/${me.id}`, { data: { role: 'editor' } })).ok()).toBe(true)
    // Another user's personal tag, so that the tab has something to show.
    const other = await admin.request.post('/api/placetag', {
      data: { name: `Admin's ${stamp}`, global: false },
    })
    expect(other.ok()).toBe(true)
    await admin.close()

    await page.goto('/tags')
    await tab(page, 'Other Users Tags').click()
    await expect(main(page).getByRole('link', { name: `Admin's ${stamp}` })).toBeVisible()
    await main(page).getByRole('button', { name: 'New Tag' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Tag' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Editor curated ${stamp}`)
    await dialog.getByLabel('Curated Tag').check()
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(page).toHaveURL(/\/tags\/\d+$/)
    made.push(Number(new URL(page.url()).pathname.split('/').pop()))
    await expect(main(page).getByText('Curated', { exact: true })).toBeVisible()
    // Editors change curated tags: Bulk Add is theirs.
    await main(page).getByRole('button', { name: 'Options' }).click()
    await expect(page.getByRole('menuitem', { name: 'Bulk Add' })).toBeVisible()
  })

  test('an admin sees the Owner column', async ({ page, snap }) => {
    await signInOnboarded(page, SEEDED.admin)
    await page.goto('/tags')
    await expect(main(page).getByRole('columnheader', { name: 'Owner' })).toBeVisible()
    await expect(main(page).getByRole('row', { name: new RegExp(curatedName) })).toContainText(
      SEEDED.admin.email,
    )
    await snap('tags')
  })

  test('an unknown tag is the 404 page, with status 404', async ({ page }) => {
    const response = await page.goto('/tags/2147483000')
    expect(response?.status()).toBe(404)
    await expect(main(page).getByText('404 - PAGE NOT FOUND')).toBeVisible()
  })

  test('an experience’s Add Curated Tags (EDIT_PLACE) adds it to a curated tag', async ({
    page,
    experiences,
  }) => {
    await signInOnboarded(page, SEEDED.admin)
    const target = experiences[5]!
    await page.goto(`/experiences/${target.place_id}`)
    await main(page).getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Add Curated Tags' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Curated Tags' })
    const add = dialog.getByRole('button', { name: 'Add', exact: true })
    await expect(add).toBeDisabled()
    await dialog.getByRole('combobox', { name: 'Curated tags' }).click()
    await page.getByRole('option', { name: curatedName, exact: true }).click()
    await page.keyboard.press('Escape')
    await expect(add).toBeEnabled()
    await add.click()
    await expect(page.getByText(`Added ${target.name} to ${curatedName}`)).toBeVisible()
    const tag = (await (await page.request.get(`/api/placetag/${curatedId}`)).json()) as {
      place_ids: number[]
    }
    expect(tag.place_ids).toContain(target.place_id)
  })
})
