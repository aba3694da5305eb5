import { GLOBAL_SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS_MAX } from '@ludex/schemas'
import type { Locator, Page } from '@playwright/test'
import { expect, gameUrl, main, type SlimExperience, test } from './support/fixtures.ts'

/** Opens the global search with Ctrl+K and returns its input. */
async function openSearch(page: Page): Promise<Locator> {
  await page.goto('/overview')
  await expect(main(page)).toBeVisible()
  await page.keyboard.press('Control+K')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const input = dialog.getByRole('textbox').or(dialog.getByRole('searchbox')).first()
  await expect(input).toBeFocused()
  return input
}

/** The suggestions of the open search (the 'see all' entry excluded). */
const suggestions = (page: Page): Locator =>
  page.getByRole('dialog').locator('.mantine-Spotlight-action').filter({ hasNotText: 'See all results' })

/** Picks the suggestion naming the experience and expects its detail page. */
async function pickSuggestion(page: Page, e: SlimExperience): Promise<void> {
  const suggestion = suggestions(page).filter({ hasText: e.name }).first()
  await expect(suggestion).toBeVisible()
  await suggestion.click()
  await expect(page).toHaveURL(new RegExp(`/experiences/${e.place_id}(#.*)?$`))
  await expect(main(page).getByRole('heading', { name: e.name, level: 1 })).toBeVisible()
}

test.describe('global search', () => {
  test('by name (Ctrl+K)', async ({ page, experiences, snap }) => {
    const target = experiences[3]!
    const input = await openSearch(page)
    await input.fill(target.name)
    await expect(suggestions(page).filter({ hasText: target.name }).first()).toBeVisible()
    await snap('global-search', { fullPage: false })
    await pickSuggestion(page, target)
  })

  test('by place id', async ({ page, experiences }) => {
    const target = experiences[7]!
    const input = await openSearch(page)
    await input.fill(String(target.place_id))
    await pickSuggestion(page, target)
  })

  test('by a pasted game URL', async ({ page, context, experiences }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const target = experiences[11]!
    const input = await openSearch(page)
    await page.evaluate((text) => navigator.clipboard.writeText(text), gameUrl(target))
    await input.press('ControlOrMeta+V')
    await expect(input).toHaveValue(String(target.place_id))
    await pickSuggestion(page, target)
  })

  test('Enter goes to the list searched for the text', async ({ page, experiences }) => {
    const target = experiences[2]!
    const input = await openSearch(page)
    await input.fill(target.name)
    await expect(suggestions(page).filter({ hasText: target.name }).first()).toBeVisible()
    await input.press('Enter')
    await expect(page).toHaveURL(/\/experiences#search=/)
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#search=${target.name}`)
    await expect(main(page).getByRole('searchbox', { name: /search/i })).toHaveValue(target.name)
  })

  test('at most 9 suggestions, none under 3 characters', async ({ page, experiences }) => {
    // The commonest 3-letter piece of the names matches more than 9 experiences.
    const counts = new Map<string, number>()
    for (const e of experiences) {
      const name = e.name.toLowerCase()
      const pieces = new Set<string>()
      for (let i = 0; i + 3 <= name.length; i += 1) pieces.add(name.slice(i, i + 3))
      for (const p of pieces) if (/^[a-z]{3}$/.test(p)) counts.set(p, (counts.get(p) ?? 0) + 1)
    }
    const [common, matches] = [...counts].toSorted((a, b) => b[1] - a[1])[0]!
    expect(matches).toBeGreaterThan(SEARCH_SUGGESTIONS_MAX)

    // The page's clock is the test's: time runs on its own while the page loads, then stands still, so
    // the debounce fires exactly when the test moves the clock past it.
    await page.clock.install()
    const input = await openSearch(page)
    await input.fill(common)
    await expect(suggestions(page)).toHaveCount(SEARCH_SUGGESTIONS_MAX)
    // A moment ahead of the page's clock, which runs on while this call travels.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
    await input.fill(common.slice(0, 2))
    // Until the debounce has run, the list still answers the previous text…
    await expect(suggestions(page)).toHaveCount(SEARCH_SUGGESTIONS_MAX)
    await page.clock.runFor(GLOBAL_SEARCH_DEBOUNCE_MS)
    // …then 2 characters suggest nothing.
    await expect(suggestions(page)).toHaveCount(0)
    await input.fill(common)
    await page.clock.runFor(GLOBAL_SEARCH_DEBOUNCE_MS)
    await expect(suggestions(page)).toHaveCount(SEARCH_SUGGESTIONS_MAX)
  })
})
