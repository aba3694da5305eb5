import type { Page } from '@playwright/test'
import { signInViaApi, verifiedUser } from './support/accounts.ts'
import { activateChart, expect, expectCharts, main, test } from './support/fixtures.ts'

/*
 * Issue 13, points 1, 5a and 6 in the browser, on live simulator data: the day in progress is marked,
 * the Tracked Games CCU axis has its soft max and ticks, and Month is offered only where it can show
 * two points.
 */

/**
 * Puts the browser's clock in the middle of a month (the 15th at noon, this month or the one before),
 * where a visitor's 30 days hold one month start whatever day the run falls on (on the 1st or 2nd they
 * would hold two, and Month would rightly be offered). Only Date is fixed; timers run.
 */
async function midMonth(page: Page): Promise<void> {
  const now = new Date()
  let mid = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15, 12)
  if (mid > now.getTime()) mid = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12)
  await page.clock.setFixedTime(mid)
}

/** The granularity control of a chart: the detail page's carry the chart's title, the genre chart's not. */
const granularity = (page: Page, name: string) => main(page).getByRole('radiogroup', { name })

async function expectOffered(page: Page, name: string, offered: readonly string[]): Promise<void> {
  const group = granularity(page, name)
  await expect(group.getByRole('radio')).toHaveCount(offered.length)
  for (const label of offered) await expect(group.getByRole('radio', { name: label })).toHaveCount(1)
}

test.describe('whole periods', () => {
  test('the Tracked Games CCU chart: an 8M soft max in 2M ticks, the day in progress marked', async ({
    page,
  }) => {
    // Whether the day in progress has a slot yet (not between 01:00 and its first poll), per the API.
    const api = await page.request.get('/api/platform/ccu?granularity=day')
    const partialFrom = Date.parse(api.headers()['x-ludex-partial-from'] ?? '')
    const list = (await api.json()) as { time: string }[]
    expect(Number.isFinite(partialFrom)).toBe(true)
    const inProgress = Date.parse(list.at(-1)?.time ?? '') >= partialFrom

    await page.goto('/overview')
    await expectCharts(page, 4)
    const figure = main(page).getByRole('figure', { name: 'Tracked Games CCU' })
    // The simulator's platform stays far below 8M: the axis still reaches it, every 2M.
    const labels = await figure.locator('[data-chart="static"] span').allTextContents()
    for (const tick of ['0', '2M', '4M', '6M', '8M']) expect(labels).toContain(tick)
    // The summary takes its record from whole days and names the day in progress apart, its figures
    // written as the page writes them ('412.3K').
    const n = String.raw`\d+(\.\d)?[KMB]?`
    const wholeDays = String.raw`latest whole day ${n}, highest ${n} on \w{3} \d{1,2}, \d{4}\.`
    await expect(figure).toHaveAccessibleDescription(
      new RegExp(inProgress ? `${wholeDays} .* is in progress: ${n} so far\\.$` : `${wholeDays}$`),
    )
    // Plotly draws the same axis, and the day in progress as a dotted trace of its own.
    await activateChart(figure)
    const ticks = await figure.locator('.js-plotly-plot .ytick text').allTextContents()
    expect(ticks).toEqual(expect.arrayContaining(['0', '2M', '4M', '6M', '8M']))
    await expect(figure.locator('.js-plotly-plot .scatterlayer .trace')).toHaveCount(inProgress ? 2 : 1)
  })

  test('a visitor gets no Month over 30 days; a signed-in user does', async ({ page, experiences }) => {
    await midMonth(page)
    const top = experiences[0]!
    await page.goto(`/experiences/${top.place_id}`)
    await expectOffered(page, 'CCU granularity', ['Hour', 'Day', 'Week'])
    // An anchor link asking a visitor for months draws weeks instead.
    await page.goto('about:blank')
    await page.goto(`/experiences/${top.place_id}#anchor=CCU&granularity=month`)
    await expect(granularity(page, 'CCU granularity').getByRole('radio', { name: 'Week' })).toBeChecked()
    // The overview's genre chart: day and week only; its anchor link asking for months draws weeks.
    await page.goto('/overview')
    await expectOffered(page, 'Granularity', ['Day', 'Week'])
    await page.goto('about:blank')
    await page.goto('/overview#anchor=Average%20Genre%20CCU&granularity=month')
    await expect(granularity(page, 'Granularity').getByRole('radio', { name: 'Week' })).toBeChecked()

    const user = await verifiedUser(page, 'periods')
    await signInViaApi(page, user)
    const onboarded = await page.request.put('/api/users/me/onboarding', {
      data: { interests: ['obby'], user_type: 'player' },
    })
    expect(onboarded.ok()).toBe(true)
    await page.goto(`/experiences/${top.place_id}`)
    await expectOffered(page, 'CCU granularity', ['Hour', 'Day', 'Week', 'Month'])
    await page.goto('/overview')
    await expectOffered(page, 'Granularity', ['Day', 'Week', 'Month'])
  })
})
