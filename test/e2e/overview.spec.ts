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

  test('/ and unknown paths load the overview', async ({ page }) => {
    for (const path of ['/', '/no-such-page']) {
      await page.goto(path)
      await expect(main(page).getByText('Tracked Games CCU').first()).toBeVisible()
    }
  })
})
