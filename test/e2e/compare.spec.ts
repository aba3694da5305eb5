import type { Locator, Page } from '@playwright/test'
import { verifiedUser } from './support/accounts.ts'
import {
  expect,
  expectCharts,
  gameUrl,
  main,
  promoModal,
  type SlimExperience,
  test,
} from './support/fixtures.ts'
import { curatedTag } from './support/tags.ts'

/** The compare pages' texts (part 2 §2.5, §8 verbatim; the chart titles of §2.5). */
const TEXT = {
  linkCopied: 'Comparison link has been copied to your clipboard.',
  experiencesVsTagCcu: 'Experiences vs Average Tag CCU',
  experienceVsTagPlaytime: 'Experience vs Tag Average Playtime',
  tagVsTagCcu: 'Tag vs Tag Average CCU',
} as const

const picker = (page: Page, n: number): Locator =>
  main(page)
    .locator('input')
    .and(page.getByLabel(`Experience ${n}`, { exact: true }))
const compareButton = (page: Page): Locator =>
  main(page).getByRole('button', { name: 'Compare', exact: true })
const table = (page: Page): Locator => main(page).getByRole('table', { name: 'Comparison' })
const chart = (page: Page, title: string): Locator => main(page).getByRole('region', { name: title })
const ids = (list: readonly SlimExperience[]) => list.map((e) => e.place_id).join(',')

test.describe('compare experiences (signed in)', () => {
  test('pickers → address → table and charts; share; the 6 cap; duplicates; align by launch', async ({
    page,
    context,
    experiences,
    snap,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await verifiedUser(page, 'compare')
    const [first, second, third] = experiences as [SlimExperience, SlimExperience, SlimExperience]

    await page.goto('/compare/experiences')
    await expect(main(page).getByText('Pick two experiences or more to compare them.')).toBeVisible()
    await expect(compareButton(page)).toBeDisabled()
    // The shared search: suggestions from 3 characters, a pasted game link reduced to its id.
    await picker(page, 1).fill(first.name.slice(0, 2))
    await expect(page.getByRole('option')).toHaveCount(0)
    await picker(page, 1).fill(first.name)
    await page.getByRole('option', { name: `${first.name} (${first.place_id})` }).click()
    await picker(page, 2).fill(gameUrl(second))
    await expect(picker(page, 2)).toHaveValue(String(second.place_id))
    await compareButton(page).click()
    await expect(page).toHaveURL(new RegExp(`/compare/experiences#exp=${first.place_id},${second.place_id}$`))

    // Two: side by side, the CCU of the last completed day, week and month marked as such.
    await expect(table(page).getByRole('columnheader')).toHaveText(['Measure', first.name, second.name])
    const dailyRow = table(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Daily CCU' }) })
    await expect(dailyRow.getByRole('cell').first()).toContainText('last completed day:')
    for (const title of ['CCU', 'Average Playtime', 'Visits', 'Like Rate']) {
      await expect(chart(page, title)).toBeVisible()
      // Weekly over 7 days by default.
      await expect(chart(page, title).getByRole('radio', { name: 'Week' })).toBeChecked()
      await expect(chart(page, title).getByRole('button', { name: '1w' })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
    }
    await expectCharts(page, 4)
    await snap('compare-experiences-two')

    // Share copies the page link.
    await main(page).getByRole('button', { name: 'Share' }).click()
    await expect(page.getByText(TEXT.linkCopied)).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())

    // Three: a row each, with swatches.
    await page.goto(`/compare/experiences#exp=${ids([first, second, third])}`)
    await expect(table(page).locator('tbody tr')).toHaveCount(3)
    await expect(table(page).getByRole('link', { name: third.name })).toHaveAttribute(
      'href',
      `/experiences/${third.place_id}`,
    )
    await expect(table(page).locator('tbody tr').first().locator('.mantine-ColorSwatch-root')).toHaveCount(1)
    await expectCharts(page, 4)

    // An address of 8 keeps 6; no seventh picker.
    const eight = experiences.slice(0, 8)
    await page.goto(`/compare/experiences#exp=${ids(eight)}`)
    await expect(table(page).locator('tbody tr')).toHaveCount(6)
    await expect(picker(page, 6)).toBeVisible()
    await expect(picker(page, 7)).toHaveCount(0)
    await expect(main(page).getByRole('button', { name: 'Add Experience' })).toBeDisabled()
    await snap('compare-experiences-six')

    // A repeated experience: Compare off, the row marked.
    await picker(page, 3).fill(String(first.place_id))
    await expect(compareButton(page)).toBeDisabled()
    await expect(main(page).getByRole('alert')).toHaveText(
      'Each experience can be compared once: remove the repeated one.',
    )
    await main(page).getByRole('button', { name: 'Remove experience 3' }).click()
    await expect(compareButton(page)).toBeEnabled()
    await compareButton(page).click()
    const five = [eight[0], eight[1], ...eight.slice(3, 6)] as SlimExperience[]
    await expect(page).toHaveURL(new RegExp(`#exp=${ids(five)}$`))

    // Align by launch: kept in the query, the hash untouched, the charts on days since launch.
    await page.goto(`/compare/experiences#exp=${ids([first, second])}`)
    // A click, not check(): the switch follows the address, which changes a render later.
    const align = main(page).getByRole('switch', { name: /Align by launch/ })
    await align.click()
    await expect(align).toBeChecked()
    await expect(page).toHaveURL(
      new RegExp(`/compare/experiences\\?align=launch#exp=${ids([first, second])}$`),
    )
    await expect(chart(page, 'CCU').locator('figure')).toContainText('aligned by launch')
    await page.reload()
    await expect(main(page).getByRole('switch', { name: /Align by launch/ })).toBeChecked()
    await expectCharts(page, 4)
    await snap('compare-experiences-aligned')
  })
})

test.describe('compare with tags (signed in)', () => {
  test('an experience against a tag, and a tag against a tag, from the address and the pickers', async ({
    page,
    browser,
    experiences,
    snap,
  }) => {
    const stamp = Date.now().toString(36)
    const one = await curatedTag(
      browser,
      `Compare A ${stamp}`,
      experiences.slice(0, 4).map((e) => e.place_id),
    )
    const two = await curatedTag(
      browser,
      `Compare B ${stamp}`,
      experiences.slice(4, 8).map((e) => e.place_id),
    )
    try {
      await verifiedUser(page, 'compare-tags')
      const target = experiences[10]!
      // The tag page's entry point names tag-1; the experience is picked here.
      await page.goto(`/compare/experience-tag#tag-1=${one.id}`)
      await expect(main(page).getByRole('combobox', { name: 'Tag', exact: true })).toHaveValue(
        `Compare A ${stamp}`,
      )
      await expect(compareButton(page)).toBeDisabled()
      await picker(page, 1).fill(String(target.place_id))
      await compareButton(page).click()
      await expect(page).toHaveURL(new RegExp(`#tag-1=${one.id}&exp=${target.place_id}$`))
      await expect(table(page).getByRole('link', { name: `Compare A ${stamp} (average)` })).toBeVisible()
      await expect(table(page).getByRole('link', { name: target.name })).toBeVisible()
      await expect(chart(page, TEXT.experiencesVsTagCcu)).toBeVisible()
      await expect(chart(page, TEXT.experienceVsTagPlaytime)).toBeVisible()
      await expectCharts(page, 2)
      await snap('compare-experience-tag')

      await page.goto(`/compare/tags#tag-1=${one.id}`)
      await expect(main(page).getByText('Pick two tags to compare them.')).toBeVisible()
      const second = main(page).getByRole('combobox', { name: 'Tag 2' })
      await second.click()
      await second.fill(`Compare A ${stamp}`)
      await page.getByRole('option', { name: `Compare A ${stamp}` }).click()
      // The same tag twice is refused.
      await expect(compareButton(page)).toBeDisabled()
      await second.fill(`Compare B ${stamp}`)
      await page.getByRole('option', { name: `Compare B ${stamp}` }).click()
      await compareButton(page).click()
      await expect(page).toHaveURL(new RegExp(`#tag-1=${one.id}&tag-2=${two.id}$`))
      await expect(table(page).getByRole('columnheader')).toHaveText([
        'Measure',
        `Compare A ${stamp}`,
        `Compare B ${stamp}`,
      ])
      await expect(table(page).getByRole('rowheader')).toHaveText([
        'Average Players Online',
        'Average Like %',
        'Average Visits',
        'Experiences',
      ])
      await expect(chart(page, TEXT.tagVsTagCcu)).toBeVisible()
      await expect(chart(page, 'Tag vs Tag Average Playtime')).toBeVisible()
      await expectCharts(page, 2)
      await snap('compare-tags')
    } finally {
      await one.remove()
      await two.remove()
    }
  })
})

test.describe('entry points and locks', () => {
  test('a visitor is sent to /overview and finds Compare with… locked', async ({ page, experiences }) => {
    const top = experiences[0]!
    for (const path of ['/compare/experiences#exp=1,2', '/compare/tags#tag-1=1', '/compare/experience-tag']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/overview$/)
    }
    await page.goto(`/experiences/${top.place_id}`)
    await main(page).getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Compare with… (sign up to unlock)' }).click()
    await expect(promoModal(page)).toBeVisible()
  })

  test('a user opens the comparison from a row menu, the detail page and the legacy address', async ({
    page,
    experiences,
  }) => {
    await verifiedUser(page, 'compare-entry')
    const [first, second] = experiences as [SlimExperience, SlimExperience]
    await page.goto(`/experiences/${first.place_id}`)
    await main(page).getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Compare with…' }).click()
    await expect(page).toHaveURL(new RegExp(`/compare/experiences#exp=${first.place_id}$`))
    await expect(picker(page, 1)).toHaveValue(`${first.name} (${first.place_id})`)

    await page.goto('/experiences')
    await main(page)
      .getByRole('button', { name: `Actions for ${second.name}` })
      .click()
    await expect(page.getByRole('menuitem', { name: 'Compare with…' })).toHaveAttribute(
      'href',
      `/compare/experiences#exp=${second.place_id}`,
    )

    await page.goto(`/experiences/compare#exp=${first.place_id},${second.place_id}`)
    await expect(page).toHaveURL(new RegExp(`/compare/experiences#exp=${first.place_id},${second.place_id}$`))
    await expect(table(page)).toBeVisible()
    await page.goto('/tags/compare#tag-1=4')
    await expect(page).toHaveURL(/\/compare\/tags#tag-1=4$/)
  })
})
