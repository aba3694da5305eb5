import { GLOBAL_SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS_MAX } from '@ludex/schemas'
import type { Locator, Page, Route } from '@playwright/test'
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

/**
 * Holds every request matching `pattern` until the returned function is called: a deterministic "before
 * the app's JavaScript has run" or "before the search's own chunk has arrived", whatever the machine's speed.
 */
async function holdRequests(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const held: Route[] = []
  let released = false
  await page.route(pattern, async (route) => {
    if (released) await route.continue()
    else held.push(route)
  })
  return async () => {
    released = true
    await Promise.all(held.splice(0).map((route) => route.continue()))
  }
}

/** Ctrl+K, the name typed without a pause, Enter: the list searched for the whole name. */
async function typeAndSearch(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+K')
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
}

async function expectListSearchedFor(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/experiences#search=/)
  expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#search=${name}`)
  await expect(main(page).getByRole('searchbox', { name: /search/i })).toHaveValue(name)
}

test.describe('global search: keystrokes typed at once all arrive', () => {
  test('right after the page has loaded', async ({ page, experiences }) => {
    const target = experiences[5]!
    await page.goto('/overview')
    await typeAndSearch(page, target.name)
    await expectListSearchedFor(page, target.name)
  })

  test('before the search dialog has loaded', async ({ page, experiences }) => {
    const target = experiences[6]!
    await page.goto('/overview')
    const release = await holdRequests(page, /\/assets\/SearchSpotlight-[^/]*\.js$/)
    await typeAndSearch(page, target.name)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await release()
    await expectListSearchedFor(page, target.name)
  })

  test('before the page has hydrated', async ({ page, baseURL, experiences }) => {
    const target = experiences[8]!
    const release = await holdRequests(page, /\/assets\/[^/]*\.js$/)
    // The whole address skips the fixture's wait for the app; the drawn page is there, its JavaScript is not.
    await page.goto(`${baseURL}/overview`, { waitUntil: 'domcontentloaded' })
    await expect(main(page).getByRole('heading').first()).toBeVisible()
    await typeAndSearch(page, target.name)
    await expect(page.locator('html[data-app-ready]')).toHaveCount(0)
    await release()
    await expectListSearchedFor(page, target.name)
  })

  test('Backspace and a second shortcut before the dialog is up', async ({ page, experiences }) => {
    const target = experiences[9]!
    await page.goto('/overview')
    const release = await holdRequests(page, /\/assets\/SearchSpotlight-[^/]*\.js$/)
    await page.keyboard.press('Control+K')
    await page.keyboard.type(`${target.name}xy`)
    await page.keyboard.press('Control+K')
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Backspace')
    await release()
    const input = page
      .getByRole('dialog')
      .getByRole('textbox')
      .or(page.getByRole('dialog').getByRole('searchbox'))
      .first()
    await expect(input).toBeFocused()
    await expect(input).toHaveValue(target.name)
    // Typing goes on in the box itself.
    await page.keyboard.type('!')
    await expect(input).toHaveValue(`${target.name}!`)
  })
})
