import { expect, expectCharts, main, TEXT, test } from './support/fixtures.ts'

test.describe('experience detail', () => {
  test('shows the name, the info panel and the charts', async ({ page, experiences, snap }) => {
    const top = experiences[0]!
    await page.goto(`/experiences/${top.place_id}`)
    const content = main(page)
    await expect(content.getByRole('heading', { name: top.name, level: 1 })).toBeVisible()
    await expect(page).toHaveTitle(`${top.name} | Ludex`)
    // Breadcrumb back to the list.
    await expect(page.getByRole('link', { name: 'Experiences' }).first()).toHaveAttribute(
      'href',
      '/experiences',
    )
    // The info panel: ids, price (0 is Free), play status by name.
    const info = content.getByRole('region', { name: 'Information' })
    await expect(info).toContainText(String(top.place_id))
    await expect(info).toContainText(String(top.universe_id))
    await expect(info).toContainText(/Free|Robux/)
    await expect(info).toContainText(/Playable|Private|Unapproved|Under Review|Unknown/)
    // CCU / Visits / Favorites tabs with CCU by default, and at least the CCU, playtime and likes charts.
    await expect(content.getByRole('tab', { name: 'CCU' })).toHaveAttribute('aria-selected', 'true')
    await expect(content.getByRole('tab', { name: 'Visits' })).toBeVisible()
    await expect(content.getByRole('tab', { name: 'Favorites' })).toBeVisible()
    await expect(content.getByText(/average playtime/i).first()).toBeVisible()
    await expectCharts(page, 3)
    await snap('experience-detail')
  })

  test('chart summaries for screen readers write numbers as the page does', async ({ page, experiences }) => {
    const top = experiences[0]!
    expect(top.players_online).toBeGreaterThan(1_000)
    await page.goto(`/experiences/${top.place_id}`)
    await expectCharts(page, 1)
    const ccu = main(page).getByRole('figure', { name: 'CCU' })
    const summary = ccu.locator(`[id="${await ccu.getAttribute('aria-describedby')}"]`)
    await expect(summary).toContainText('Latest')
    // Shortened and truncated as everywhere on the page ('273.4K'), never the raw average ('273464.8').
    const text = (await summary.textContent()) ?? ''
    for (const label of ['Latest', 'highest', 'lowest']) {
      expect(text, text).toMatch(new RegExp(`${label} \\d+(\\.\\d)?[KMB]?( on|;|\\.)`))
    }
    expect(text).toMatch(/Latest \d+(\.\d)?[KMB];/)
    expect(text).not.toMatch(/\d{4,}\.\d/)
  })

  test('#tab= selects the tab', async ({ page, experiences }) => {
    const top = experiences[0]!
    for (const tab of ['Visits', 'Favorites']) {
      // A fresh document each time: the tab is read from the address when the page opens.
      await page.goto('about:blank')
      await page.goto(`/experiences/${top.place_id}#tab=${tab.toLowerCase()}`)
      await expect(main(page).getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    }
    // A hash change within the page (a link followed on it) selects the tab too.
    await page.evaluate(() => {
      window.location.hash = '#tab=ccu'
    })
    await expect(main(page).getByRole('tab', { name: 'CCU' })).toHaveAttribute('aria-selected', 'true')
  })

  test('an anchor link restores tab and granularity', async ({ page, context, experiences }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const top = experiences[0]!
    await page.goto(`/experiences/${top.place_id}#tab=visits`)
    // The tabbed chart's region is named after its selected tab.
    const chart = main(page)
      .getByRole('region')
      .filter({ has: page.getByRole('tab', { name: 'Visits' }) })
    await expect(chart.getByRole('tab', { name: 'Visits' })).toHaveAttribute('aria-selected', 'true')
    await expectCharts(page, 1)
    // Switch the tabbed chart to weeks (Mantine hides the radios behind their labels), then copy its link.
    const granularity = chart.getByRole('radiogroup', { name: /granularity/i })
    await granularity.getByText('Week', { exact: true }).click()
    await expect(granularity.getByRole('radio', { name: 'Week' })).toBeChecked()
    await chart.getByRole('button', { name: /anchor link/i }).click()
    await expect(page.getByText('An anchor link has been copied to your clipboard.')).toBeVisible()
    const link = await page.evaluate(() => navigator.clipboard.readText())
    const url = new URL(link)
    expect(url.pathname).toBe(`/experiences/${top.place_id}`)
    const hash = new URLSearchParams(url.hash.slice(1))
    expect(hash.get('tab')).toBe('visits')
    expect(hash.get('granularity')).toBe('week')
    expect(hash.get('anchor')).toBeTruthy()

    // Opened fresh, the link restores the tab and the granularity.
    const restored = await context.newPage()
    await restored.goto(link)
    const again = main(restored)
      .getByRole('region')
      .filter({ has: restored.getByRole('tab', { name: 'Visits' }) })
    await expect(again.getByRole('tab', { name: 'Visits' })).toHaveAttribute('aria-selected', 'true')
    await expect(again.getByRole('radio', { name: 'Week' })).toBeChecked()
  })

  test('a granularity whose anchor names another chart is ignored', async ({ page, experiences }) => {
    const top = experiences[0]!
    await page.goto(`/experiences/${top.place_id}#anchor=No%20Such%20Chart&granularity=week`)
    await expectCharts(page, 1)
    const chart = main(page).getByRole('region', { name: 'CCU' })
    await expect(chart.getByRole('radio', { name: 'Day' })).toBeChecked()
    await expect(chart.getByRole('radio', { name: 'Week' })).not.toBeChecked()
  })

  test('a visitor’s link past 30 days prompts to sign in, and the server holds the chart to them', async ({
    page,
    experiences,
  }) => {
    const top = experiences[0]!
    const day = 86_400_000
    const now = Date.now()
    const ccu = page.waitForResponse((r) => r.url().includes('/api/stats/ccus?'))
    await page.goto(`/experiences/${top.place_id}#anchor=CCU&graphMin=${now - 40 * day}&graphMax=${now}`)
    const prompt = page.getByRole('dialog', { name: TEXT.signInToSeeMore })
    await expect(prompt).toBeVisible()
    await expect(prompt).toContainText('Only the last 30 days are available without signing in.')
    // The chart asked from 40 days back; the server moved it into the window and said where.
    const response = await ccu
    const start = Date.parse(response.headers()['x-ludex-history-start'] ?? '')
    expect(start).toBeGreaterThanOrEqual(now - 30 * day - 60_000)
    const body = (await response.json()) as { series: { data: [number, ...number[]][] }[] }
    expect(body.series[0]!.data.length).toBeGreaterThan(0)
    expect(body.series[0]!.data.every((row) => row[0] >= start)).toBe(true)

    // A link inside the window draws its chart without the prompt (in a fresh tab, whose session has
    // not seen the prompt, so its absence is the check rather than the once-per-session rule).
    const inside = await page.context().newPage()
    await inside.goto(`/experiences/${top.place_id}#anchor=CCU&graphMin=${now - 10 * day}&graphMax=${now}`)
    await expectCharts(inside, 1)
    await expect(inside.getByRole('dialog', { name: TEXT.signInToSeeMore })).toHaveCount(0)
  })
})
