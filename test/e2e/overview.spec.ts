import { SEEDED, signInOnboarded } from './support/accounts.ts'
import { activateChart, expect, expectCharts, main, TEXT, test } from './support/fixtures.ts'

test.describe('overview', () => {
  test('shows the platform on live simulator data', async ({ page, snap }) => {
    await page.goto('/overview')
    const content = main(page)
    for (const title of ['Tracked Games CCU', 'Average Genre CCU', 'Platform Genre Distribution']) {
      await expect(content.getByText(title, { exact: false }).first()).toBeVisible()
    }
    await expect(content.getByText(/like rate/i).first()).toBeVisible()
    await expect(content.getByText(/daily picks/i).first()).toBeVisible()
    // Four charts: tracked CCU, genre CCU, genre distribution and the like-rate histogram.
    await expectCharts(page, 4)
    await expect(content.getByText('No Roblox CCU data')).toHaveCount(0)

    // Top 100 entries and exits: two tables with rows (not paged).
    const tables = content.getByRole('table')
    await expect.poll(() => tables.count()).toBeGreaterThanOrEqual(2)
    for (const table of await tables.all()) {
      await expect(table.locator('tbody tr').first()).toBeVisible()
    }

    // The players-online tile shows a number; the visitor sees 'Sign in to view' on the other two.
    await expect(content.getByText(TEXT.signInToView)).toHaveCount(2)
    const playersTile = content
      .getByText(/players online/i)
      .first()
      .locator('xpath=ancestor::*[3]')
    await expect(playersTile).toContainText(/\d/)
    await snap('overview')
  })

  test('charts draw statically without Plotly; hovering one loads Plotly for it', async ({ page }) => {
    const plotChunks: string[] = []
    page.on('request', (r) => {
      const file = new URL(r.url()).pathname.split('/').pop() ?? ''
      if (file.startsWith('Plot-')) plotChunks.push(file)
    })
    await page.goto('/overview')
    const first = main(page).locator('figure').first()
    await expect(first.locator('[data-chart="static"] svg')).toBeVisible()
    await expectCharts(page, 4)
    await expect(main(page).locator('.js-plotly-plot')).toHaveCount(0)
    expect(plotChunks).toEqual([])

    await activateChart(first)
    expect(plotChunks.length).toBeGreaterThan(0)
    // Only the chart reached for switches; the others stay static.
    await expect(main(page).locator('.js-plotly-plot')).toHaveCount(1)
    await expect(main(page).locator('[data-chart="static"]')).toHaveCount(3)
  })

  test('the genre chart takes a granularity from the address only with its anchor, and writes one', async ({
    page,
  }) => {
    // Signed in: Month is offered to users only (a visitor's 30 days hold one month, issue 13 point 6;
    // periods.spec.ts checks a visitor's anchored month drawing weeks).
    await signInOnboarded(page, SEEDED.admin)
    const genreRequests: string[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.pathname === '/api/stats/genres') genreRequests.push(url.searchParams.get('granularity') ?? '')
    })
    const chart = () => main(page).getByRole('region', { name: 'Average Genre CCU' })
    // A new document each time (a hash-only change of address would stay in the same one).
    const open = async (path: string) => {
      await page.goto('about:blank')
      await page.goto(path)
    }
    // A granularity without an anchor, or with another chart's, is not this chart's (part 1 §2).
    for (const hash of ['#granularity=month', '#anchor=Tracked%20Games%20CCU&granularity=month']) {
      await open(`/overview${hash}`)
      await expect(chart().getByRole('radio', { name: 'Day' })).toBeChecked()
      await expect(chart().getByRole('radio', { name: 'Month' })).not.toBeChecked()
    }
    expect(genreRequests).not.toContain('month')

    // Choosing one writes an anchor link to the chart…
    await chart().getByText('Month', { exact: true }).click()
    await expect(chart().getByRole('radio', { name: 'Month' })).toBeChecked()
    const hash = new URLSearchParams(new URL(page.url()).hash.slice(1))
    expect(hash.get('anchor')).toBe('Average Genre CCU')
    expect(hash.get('granularity')).toBe('month')
    await expect.poll(() => genreRequests).toContain('month')

    // …which, opened fresh, restores it; hour is not allowed there and falls back to day (part 1 §4).
    await open(`/overview${new URL(page.url()).hash}`)
    await expect(chart().getByRole('radio', { name: 'Month' })).toBeChecked()
    await open('/overview#anchor=Average%20Genre%20CCU&granularity=hour')
    await expect(chart().getByRole('radio', { name: 'Day' })).toBeChecked()
    // Back to the default: the anchor goes.
    await open('/overview#anchor=Average%20Genre%20CCU&granularity=week')
    await expect(chart().getByRole('radio', { name: 'Week' })).toBeChecked()
    await chart().getByText('Day', { exact: true }).click()
    await expect(chart().getByRole('radio', { name: 'Day' })).toBeChecked()
    expect(new URL(page.url()).hash).toBe('')
  })

  test('/ and unknown paths load the overview', async ({ page }) => {
    for (const path of ['/', '/no-such-page']) {
      await page.goto(path)
      await expect(main(page).getByText('Tracked Games CCU').first()).toBeVisible()
    }
  })
})
