import type { Locator, Page } from '@playwright/test'
import { verifiedUser } from './support/accounts.ts'
import { expect, main, promoModal, TEXT, test } from './support/fixtures.ts'

/*
 * Issue 15 point 3 in the browser, on the simulator's picks (35 days of backfill, then live): the month
 * calendar, its navigation limits, the empty-day and event messages, and a visitor's 28 days.
 */

/** The part 2 §6 and §8 texts, verbatim. */
const PICKS_TEXT = {
  future: 'No New Daily Picks Yet',
  none: 'No daily picks during this period',
  signUp: 'Sign up to access daily picks beyond 30 days',
} as const

const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const monthTitle = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )
const day = (page: Page, date: string): Locator => main(page).locator(`[data-day="${date}"]`)
const heading = (page: Page) => main(page).getByRole('heading', { level: 2 })

interface Pick {
  date: string
  places: { name: string; place_id: number }[]
}

/** The picks the API answers a signed-in user for a range (the page must show the same). */
async function picksBetween(page: Page, from: string, to: string): Promise<Pick[]> {
  const res = await page.request.get(`/api/platform/picks?startTime=${from}&endTime=${to}`)
  expect(res.ok()).toBe(true)
  return (await res.json()) as Pick[]
}

test.describe('daily picks', () => {
  test('a visitor sees this month’s picks; Next Month is off, older dates are locked behind the prompt', async ({
    page,
    snap,
  }) => {
    const today = isoDay(Date.now())
    const firstInReach = isoDay(Date.now() - 28 * DAY_MS)
    await page.goto('/daily-picks')
    await expect(main(page).getByRole('heading', { name: 'Daily Picks', level: 1 })).toBeVisible()
    await expect(page).toHaveTitle('Daily Picks | Ludex')
    await expect(heading(page)).toHaveText(monthTitle(today))
    await expect(main(page).getByRole('button', { name: 'Next Month' })).toBeDisabled()

    // The days of this month up to today hold what the API holds, each pick a link to its experience.
    const monthStart = `${today.slice(0, 8)}01`
    const from = monthStart < firstInReach ? firstInReach : monthStart
    const picks = await picksBetween(page, from, today)
    expect(picks.length).toBeGreaterThan(0)
    for (const p of picks) {
      const links = day(page, p.date).getByRole('link')
      await expect(links).toHaveCount(p.places.length)
      await expect(links.first()).toHaveAttribute('href', `/experiences/${p.places[0]!.place_id}`)
    }
    await expect(day(page, today)).toHaveAttribute('aria-current', 'date')
    await snap('daily-picks')

    // The month before holds the day 28 days back: the earlier dates are locked, with the prompt.
    const previous = main(page).getByRole('link', { name: 'Previous Month' })
    if (firstInReach >= monthStart) {
      // Late in a month the window opens inside it: this month shows the prompt already. On the day it
      // opens on the 1st (today is the 29th), no date of this month is locked: no prompt here.
      const prompt = main(page).getByText(PICKS_TEXT.signUp)
      if (firstInReach > monthStart) await expect(prompt).toBeVisible()
      else await expect(prompt).toHaveCount(0)
      // Either way the month before is wholly beyond reach: Previous Month asks to sign up instead.
      await main(page).getByRole('button', { name: 'Previous Month' }).click()
      await expect(promoModal(page)).toBeVisible()
      await expect(heading(page)).toHaveText(monthTitle(today))
      return
    }
    await previous.click()
    await expect(heading(page)).toHaveText(monthTitle(firstInReach))
    await expect(page).toHaveURL(new RegExp(`/daily-picks\\?month=${firstInReach.slice(0, 7)}$`))
    await expect(main(page).getByText(PICKS_TEXT.signUp)).toBeVisible()
    const locked = isoDay(Date.parse(`${firstInReach}T00:00:00Z`) - DAY_MS)
    if (locked.slice(0, 7) === firstInReach.slice(0, 7)) {
      await expect(day(page, locked)).toHaveAttribute('data-kind', 'locked')
      await expect(day(page, locked).getByRole('link')).toHaveCount(0)
    }
    await expect(day(page, firstInReach)).toHaveAttribute('data-kind', 'picks')
    await snap('daily-picks-visitor-prompt')
    // The month before that is wholly beyond reach: Previous Month asks to sign up instead.
    await main(page).getByRole('button', { name: 'Previous Month' }).click()
    await expect(promoModal(page)).toBeVisible()
    await expect(heading(page)).toHaveText(monthTitle(firstInReach))
  })

  test('a signed-in user browses back to September 2024, where Previous Month stops', async ({ page }) => {
    await verifiedUser(page, 'picks')
    const today = isoDay(Date.now())
    const older = isoDay(Date.now() - 32 * DAY_MS)
    await page.goto(`/daily-picks?month=${older.slice(0, 7)}`)
    await expect(heading(page)).toHaveText(monthTitle(older))
    await expect(main(page).getByText(PICKS_TEXT.signUp)).toHaveCount(0)
    // Past 28 days a user still sees the picks the backfill kept.
    const [kept] = await picksBetween(page, older, older)
    expect(kept?.places.length).toBeGreaterThan(0)
    await expect(day(page, older).getByRole('link')).toHaveCount(kept!.places.length)

    await page.goto('/daily-picks?month=2024-10')
    // The simulator has no picks from then: the days of The Haunt name it, the others say so.
    await expect(day(page, '2024-10-23')).toContainText(PICKS_TEXT.none)
    await expect(day(page, '2024-10-24')).toContainText('No daily picks during The Haunt')
    await expect(day(page, '2024-10-31')).toContainText('No daily picks during The Haunt')
    await main(page).getByRole('link', { name: 'Previous Month' }).click()
    await expect(heading(page)).toHaveText('September 2024')
    await expect(main(page).getByRole('button', { name: 'Previous Month' })).toBeDisabled()
    await expect(day(page, '2024-09-01')).toContainText(PICKS_TEXT.none)
    await main(page).getByRole('link', { name: 'Next Month' }).click()
    await expect(heading(page)).toHaveText('October 2024')

    // This month's days after today have no picks yet.
    await page.goto('/daily-picks')
    const tomorrow = isoDay(Date.now() + DAY_MS)
    if (tomorrow.slice(0, 7) === today.slice(0, 7)) {
      await expect(day(page, tomorrow)).toContainText(PICKS_TEXT.future)
    }
  })

  test('a pick opens its experience', async ({ page }) => {
    await page.goto('/daily-picks')
    const first = main(page).locator('[data-kind="picks"]').first().getByRole('link').first()
    const href = await first.getAttribute('href')
    expect(href).toMatch(/^\/experiences\/\d+$/)
    await first.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await expect(main(page).getByRole('heading', { level: 1 })).not.toHaveText(TEXT.notFoundTitle)
  })
})
